/// One canned HTTP answer.
public struct StandInResponse: Sendable {
    public var status: Int
    public var body: [UInt8]
    public var contentType: String
    /// Held back this long before answering: the timeout path needs a slow GIPHY.
    public var delay: Duration

    public init(status: Int = 200, body: [UInt8], contentType: String = "application/json", delay: Duration = .zero) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.delay = delay
    }

    public init(status: Int = 200, json: String, delay: Duration = .zero) {
        self.init(status: status, body: Array(json.utf8), delay: delay)
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

    public init(path: String, query: [String: String]) {
        self.path = path
        self.query = query
    }
}
