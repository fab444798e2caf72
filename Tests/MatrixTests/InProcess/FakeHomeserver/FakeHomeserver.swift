import Foundation
import NIOCore
import NIOHTTP1

@testable import Matrix

/// A Matrix homeserver in the test's process, behind the adapter's own seam (`Homeserver`): the
/// client-server API the bot uses (login and refresh, filters, long-poll sync, rooms and their
/// state, members, sends, redactions, uploads, device and one-time keys, cross-signing, to-device
/// messages), with errors where Synapse gives them and faults a test injects. The test's people
/// act on it directly (`createRoom`, `send`), not over HTTP.
///
/// It is the specification's behaviour in the small, not Synapse's: the wire, restarts and real
/// encrypting peers stay with the Synapse suites.
actor FakeHomeserver: Homeserver {
    static let serverName = "hs.test"

    struct Device: Sendable {
        var deviceKeys: JSONValue?
        var oneTimeKeys: [String: JSONValue] = [:]
        var fallbackKeys: [String: JSONValue] = [:]
        var usedFallbackKeys: Set<String> = []
        /// Undelivered to-device events, by the position they were sent at.
        var inbox: [(position: Int, event: JSONValue)] = []
    }

    struct Account: Sendable {
        var password: String
        var displayName: String
        var devices: [String: Device] = [:]
        /// `master`, `self_signing`, `user_signing`: the published cross-signing keys.
        var crossSigning: [String: JSONValue] = [:]
        var accountData: [String: JSONValue] = [:]
    }

    /// Who an access token belongs to.
    struct Caller: Sendable, Hashable {
        let userID: String
        let deviceID: String
    }

    struct IssuedToken: Sendable {
        let caller: Caller
        let expires: ContinuousClock.Instant?
    }

    private struct Fault: Sendable {
        let matches: @Sendable (FakeRequest) -> Bool
        let answer: FakeAnswer
        var remaining: Int
    }

    var accounts: [String: Account] = [:]
    var accessTokens: [String: IssuedToken] = [:]
    var refreshTokens: [String: Caller] = [:]
    var rooms: [String: FakeRoom] = [:]
    /// The last position handed out: every event, membership, key change and to-device message
    /// takes the next one, and a sync token is a position.
    var position = 0
    /// Users whose device or cross-signing keys changed, and when last.
    var keyChanges: [String: Int] = [:]
    var filters: [String: JSONValue] = [:]
    /// Event ids of sends already made, by device and transaction id.
    var transactions: [String: String] = [:]
    var media: [String: (bytes: [UInt8], contentType: String)] = [:]
    private var faults: [Fault] = []
    /// Every request, in order.
    private(set) var requests: [FakeRequest] = []
    var waiters: [UUID: AsyncStream<Void>.Continuation] = [:]
    /// Every `/sync` answer, in order.
    var syncAnswers: [SyncAnswer] = []
    /// The filter each user's latest `/sync` asked for.
    var syncFilter: [String: JSONValue?] = [:]
    /// The position each user's latest `/sync` started from.
    var syncedFrom: [String: Int] = [:]
    /// When set, logins that ask for a refresh token get access tokens that expire after this.
    var accessTokenLifetime: Duration?
    /// Whether sync answers annotate timeline events with the caller's membership at them
    /// (`unsigned.membership`, spec v1.11, a SHOULD), as Synapse does; off for a homeserver that
    /// does not.
    var annotatesMembership = true
    /// Largest upload accepted (`m.upload.size`).
    var uploadLimit = 50 << 20
    private var counter = 0

    init() {}

    func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(counter)"
    }

    /// Moves the server on by one position and wakes every long poll and waiting test.
    func advance() -> Int {
        position += 1
        wakeWaiters()
        return position
    }

    func wakeWaiters() {
        for waiter in waiters.values { waiter.yield() }
    }

    // MARK: Faults and requests

    /// Answers the next `times` requests `matching` with `answer` instead of serving them.
    func inject(_ answer: FakeAnswer, times: Int = 1, matching: @escaping @Sendable (FakeRequest) -> Bool) {
        faults.append(Fault(matches: matching, answer: answer, remaining: times))
    }

    /// Requests whose path contains `fragment`.
    func requests(containing fragment: String) -> [FakeRequest] {
        requests.filter { $0.path.contains(fragment) }
    }

    /// Returns once `count` requests `matching` have been made in all, refused ones included.
    func waitForRequests(
        count: Int, timeout: Duration = .seconds(10), matching: @escaping @Sendable (FakeRequest) -> Bool
    ) async throws {
        _ = try await waitFor(timeout: timeout) { server in server.requests.filter(matching).count >= count ? true : nil
        }
    }

    func setAnnotatesMembership(_ annotates: Bool) { annotatesMembership = annotates }

    /// `userID`'s `/sync` answers so far.
    func syncAnswers(of userID: String) -> [SyncAnswer] { syncAnswers.filter { $0.userID == userID } }

    // MARK: The seam

    func respond(to request: HomeserverRequest) async throws(MatrixError) -> MatrixHTTP.Response {
        let (path, inlineQuery) = Self.split(request.path)
        var query: [String: String] = [:]
        for (name, value) in inlineQuery + request.query { query[name] = value }
        let token = request.bearer.flatMap { accessTokens[$0] }
        let recorded = FakeRequest(method: request.method.rawValue, path: path, userID: token?.caller.userID)
        requests.append(recorded)
        if let index = faults.firstIndex(where: { $0.matches(recorded) }) {
            faults[index].remaining -= 1
            let answer = faults[index].answer
            if faults[index].remaining <= 0 { faults.remove(at: index) }
            return answer.response
        }
        var body: JSONValue?
        let bytes = request.body.map { Array(buffer: $0.bytes) } ?? []
        if !bytes.isEmpty, request.body?.contentType == "application/json" {
            guard let json = try? JSONValue.parse(Data(bytes)) else {
                return FakeAnswer.error(400, "M_NOT_JSON", "not JSON").response
            }
            body = json
        }
        let route = FakeRoute(
            method: request.method.rawValue,
            components: path.split(separator: "/", omittingEmptySubsequences: false)
                .dropFirst().map { $0.removingPercentEncoding ?? String($0) }, query: query, body: body ?? .object([:]),
            rawBody: bytes, contentType: request.body?.contentType)
        do {
            return try await serve(route, bearer: request.bearer).response
        } catch {
            return error.response
        }
    }

    private static func split(_ path: String) -> (String, [(String, String)]) {
        guard let mark = path.firstIndex(of: "?") else { return (path, []) }
        let query = path[path.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.removingPercentEncoding ?? String($0) }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
        return (String(path[..<mark]), query)
    }

    /// The caller of a request that needs a token: `M_UNKNOWN_TOKEN` for none, an unknown one or
    /// one that expired (`soft_logout`: the device lives on).
    func authenticate(_ bearer: String?) throws(FakeAnswer) -> Caller {
        guard let bearer, let issued = accessTokens[bearer] else {
            throw bearer == nil ? .error(401, "M_MISSING_TOKEN", "no token") : .unknownToken
        }
        if let expires = issued.expires, expires <= .now {
            throw .error(401, "M_UNKNOWN_TOKEN", "token expired", extra: ["soft_logout": true])
        }
        return issued.caller
    }

    private func serve(_ route: FakeRoute, bearer: String?) async throws(FakeAnswer) -> FakeAnswer {
        let c = route.components
        switch (route.method, c.first ?? "") {
        case ("POST", _) where route.path == "/_matrix/client/v3/login": return try logIn(route.body)
        case ("POST", _) where route.path == "/_matrix/client/v3/refresh": return try refresh(route.body)
        default: break
        }
        let caller = try authenticate(bearer)
        if route.path.hasPrefix("/_matrix/media/") || route.path.hasPrefix("/_matrix/client/v1/media/") {
            return try serveMedia(route, caller: caller)
        }
        guard route.path.hasPrefix("/_matrix/client/v3/") else { throw .error(404, "M_UNRECOGNIZED", route.path) }
        let parts = Array(c.dropFirst(3))
        switch (route.method, parts.first ?? "") {
        case ("GET", "account") where parts == ["account", "whoami"]:
            return .ok(["user_id": .string(caller.userID), "device_id": .string(caller.deviceID)])
        case ("POST", "user") where parts.count == 3 && parts[2] == "filter":
            let id = nextID("filter")
            filters[id] = route.body
            return .ok(["filter_id": .string(id)])
        case (_, "user") where parts.count == 4 && parts[2] == "account_data":
            return try accountData(route, user: parts[1], type: parts[3], caller: caller)
        case ("GET", "sync"): return try await sync(route, caller: caller)
        case ("POST", "join") where parts.count == 2: return try join(caller.userID, parts[1])
        case ("POST", "createRoom"): return try createRoom(route.body, caller: caller)
        case ("GET", "joined_rooms"):
            return .ok(["joined_rooms": .array(joinedRooms(of: caller.userID).map { .string($0) })])
        case (_, "rooms") where parts.count >= 3: return try serveRoom(route, parts: parts, caller: caller)
        case (_, "keys"): return try serveKeys(route, parts: Array(parts.dropFirst()), caller: caller)
        case ("PUT", "sendToDevice") where parts.count == 3:
            return try sendToDevice(type: parts[1], route.body, caller: caller)
        default: throw .error(404, "M_UNRECOGNIZED", "\(route.method) \(route.path)")
        }
    }
}

/// A request as the fake homeserver routes it: the path split into percent-decoded components.
struct FakeRoute: Sendable {
    let method: String
    /// After the leading slash: `["_matrix", "client", "v3", "rooms", "!r1:hs.test", …]`.
    let components: [String]
    let query: [String: String]
    let body: JSONValue
    let rawBody: [UInt8]
    let contentType: String?

    var path: String { "/" + components.joined(separator: "/") }
}
