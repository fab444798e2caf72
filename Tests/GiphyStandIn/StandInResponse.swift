import Foundation

/// One canned HTTP answer.
public struct StandInResponse: Sendable {
    public var status: Int
    public var body: [UInt8]
    public var contentType: String
    /// Held back this long before answering: the timeout path needs a slow GIPHY.
    public var delay: Duration
    /// When set, only this many bytes of the body go out (the header announces them all), then
    /// the connection is reset: a network failure in the middle of an answer.
    public var resetAfterBytes: Int?
    /// When set, the head goes out at once and the body in pieces of this many bytes, one
    /// piece every `every`: a server that answers promptly and then takes its time.
    public var trickle: Trickle?
    /// Sent besides Content-Type and Content-Length (a redirect's Location).
    public var headers: [Header]

    public struct Trickle: Sendable {
        public var bytes: Int
        public var every: Duration

        public init(bytes: Int, every: Duration) {
            self.bytes = max(1, bytes)
            self.every = every
        }
    }

    public struct Header: Sendable {
        public let name: String
        public let value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(
        status: Int = 200, body: [UInt8], contentType: String = "application/json", delay: Duration = .zero,
        resetAfterBytes: Int? = nil, trickle: Trickle? = nil, headers: [Header] = []
    ) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.delay = delay
        self.resetAfterBytes = resetAfterBytes
        self.trickle = trickle
        self.headers = headers
    }

    public init(status: Int = 200, json: String, delay: Duration = .zero) {
        self.init(status: status, body: Array(json.utf8), delay: delay)
    }

    /// A recorded search answer cut off after its first kilobyte by a connection reset.
    public static var resetMidBody: StandInResponse {
        var response = fixture("react_api_search_2023.json")
        response.resetAfterBytes = 1024
        return response
    }

    /// A well-formed 200 whose body (JSON padded with spaces) is `bytes` long.
    public static func oversized(bytes: Int) -> StandInResponse {
        let json = Array(#"{"data":[],"meta":{"status":200,"msg":"OK","response_id":"big"}}"#.utf8)
        return StandInResponse(body: json + Array(repeating: UInt8(ascii: " "), count: max(0, bytes - json.count)))
    }

    /// This answer with its body sent a byte at a time, one every `every` (the whole body
    /// would take longer than any timeout of the bot's).
    public func trickled(every: Duration = .seconds(1)) -> StandInResponse {
        var response = self
        response.trickle = Trickle(bytes: 1, every: every)
        return response
    }

    /// A `status` redirect to `location` (absolute or relative), as a CDN or API gateway sends it.
    public static func redirect(to location: String, status: Int = 302) -> StandInResponse {
        StandInResponse(
            status: status, body: Array("<html>Moved</html>".utf8), contentType: "text/html",
            headers: [Header("Location", location)])
    }

    /// A recorded file from the fixtures, served as it was recorded.
    public static func fixture(_ name: String, status: Int = 200, delay: Duration = .zero) -> StandInResponse {
        StandInResponse(status: status, body: Fixtures.bytes(name), delay: delay)
    }
}

/// A request as the stand-in saw it, for assertions about what the client sent.
public struct RecordedRequest: Sendable, Equatable {
    public let path: String
    public let query: [String: String]
    /// "GET", "POST", …
    public let method: String
    /// What the client sent after the head (the first `StandInHandler.maximumRecordedBody` bytes).
    public let body: [UInt8]
    /// When the stand-in had read the whole request (taken on its own thread, so a busy test
    /// process does not shift it).
    public let receivedAt: ContinuousClock.Instant
    /// When the client closed the connection without waiting for the answer: the moment it gave up.
    public internal(set) var abandonedAt: ContinuousClock.Instant?

    public init(
        path: String, query: [String: String], method: String = "GET", body: [UInt8] = [],
        receivedAt: ContinuousClock.Instant = .now
    ) {
        self.path = path
        self.query = query
        self.method = method
        self.body = body
        self.receivedAt = receivedAt
    }

    /// How long the client waited before giving up on this request, nil if it did not.
    public var waitedBeforeGivingUp: Duration? { abandonedAt.map { $0 - receivedAt } }
}

extension StandInResponse {
    /// A search answer holding `gifs` (GIPHY's JSON objects, as a test writes them), with the
    /// pagination and meta GIPHY sends.
    public static func searchPage(_ gifs: [[String: Any]]) -> StandInResponse {
        let body: [String: Any] = [
            "data": gifs, "pagination": ["total_count": gifs.count, "count": gifs.count, "offset": 0],
            "meta": ["status": 200, "msg": "OK", "response_id": "abc123"],
        ]
        return StandInResponse(body: Array(try! JSONSerialization.data(withJSONObject: body)))
    }
}
