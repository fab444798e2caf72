import Foundation
import Matrix

/// A Matrix user driven by a test over the client-server API: creates rooms, invites, talks,
/// and waits for what others (the bot under test) send.
///
/// It follows the rooms with /sync from the moment it is created: the first sync only records
/// the position (no history), and every timeline event received after it, its own included, is
/// kept in order (`events(in:)`). `waitForEvent` walks those events with a cursor per room.
public actor MatrixTestClient {
    public nonisolated let server: SynapseServer
    public nonisolated let user: MatrixTestUser

    /// The first sync, begun at init so that "now" is the moment the client was made; every
    /// call waits for it, so no event caused by this client can fall before the start position.
    var firstSync: Task<String, any Error>
    /// The position of the next incremental sync; nil until the first sync finished.
    var since: String?
    var syncInFlight: Task<Void, any Error>?
    var timelines: [String: [MatrixTestEvent]] = [:]
    var cursors: [String: Int] = [:]
    var seenEventIDs: Set<String> = []
    /// Rooms this user is invited to, with the stripped state the invitation carries.
    var invitations: [String: [JSONValue]] = [:]

    private let transactionPrefix = "mts-\(UUID().uuidString.prefix(8).lowercased())"
    private var transactionCounter = 0

    public init(server: SynapseServer, user: MatrixTestUser) {
        self.server = server
        self.user = user
        self.firstSync = Task { try await Self.startPosition(server: server, user: user) }
    }

    // MARK: Rooms

    /// Creates a room (preset `private_chat`: invite only, shared history) and returns its id.
    /// `initialState` events (`type`, `state_key`, `content`) are set at creation, e.g. the
    /// `m.room.encryption` of an end-to-end encrypted room; `roomVersion` the server's default
    /// when nil.
    public func createRoom(
        name: String? = nil, invite: [String] = [], initialState: [JSONValue] = [], roomVersion: String? = nil
    ) async throws -> String {
        var body: [String: JSONValue] = ["preset": "private_chat", "invite": .array(invite.map { .string($0) })]
        if let name { body["name"] = .string(name) }
        if let roomVersion { body["room_version"] = .string(roomVersion) }
        if !initialState.isEmpty { body["initial_state"] = .array(initialState) }
        return try await call("POST", "/createRoom", json: .object(body)).requiredString("room_id")
    }

    /// Sets a room state event (e.g. `m.room.encryption` to turn encryption on) and returns its id.
    @discardableResult
    public func setState(
        _ type: String, stateKey: String = "", content: JSONValue, in roomID: String
    ) async throws -> String {
        let path =
            "/rooms/\(PathEncoding.segment(roomID))/state/\(PathEncoding.segment(type))/\(PathEncoding.segment(stateKey))"
        return try await call("PUT", path, json: content).requiredString("event_id")
    }

    public func invite(_ userID: String, to roomID: String) async throws {
        try await call("POST", "/rooms/\(PathEncoding.segment(roomID))/invite", json: ["user_id": .string(userID)])
            .requireSuccess()
    }

    /// Joins a room by id or alias and returns the room id.
    public func join(_ roomIDOrAlias: String) async throws -> String {
        try await call("POST", "/join/\(PathEncoding.segment(roomIDOrAlias))", json: [:]).requiredString("room_id")
    }

    public func leave(_ roomID: String) async throws {
        try await call("POST", "/rooms/\(PathEncoding.segment(roomID))/leave", json: [:]).requireSuccess()
    }

    /// Kicks a user (e.g. the bot, to test how it reacts).
    public func kick(_ userID: String, from roomID: String, reason: String? = nil) async throws {
        var body: [String: JSONValue] = ["user_id": .string(userID)]
        if let reason { body["reason"] = .string(reason) }
        try await call("POST", "/rooms/\(PathEncoding.segment(roomID))/kick", json: .object(body)).requireSuccess()
    }

    public func ban(_ userID: String, from roomID: String) async throws {
        try await call("POST", "/rooms/\(PathEncoding.segment(roomID))/ban", json: ["user_id": .string(userID)])
            .requireSuccess()
    }

    /// Every member the room has had: user id -> membership (join, invite, leave, ban, knock).
    public func roomMembers(_ roomID: String) async throws -> [String: String] {
        let json = try await call("GET", "/rooms/\(PathEncoding.segment(roomID))/members").successJSON()
        var members: [String: String] = [:]
        for raw in json["chunk"]?.arrayValue ?? [] {
            if let userID = raw["state_key"]?.stringValue, let membership = raw["content"]?["membership"]?.stringValue {
                members[userID] = membership
            }
        }
        return members
    }

    // MARK: Messages

    /// Sends `{"msgtype": msgtype, "body": text}` and returns the event id.
    public func sendText(_ text: String, to roomID: String, msgtype: String = "m.text") async throws -> String {
        try await sendRaw(["msgtype": .string(msgtype), "body": .string(text)], to: roomID)
    }

    /// Sends any content (edits, replies, notices, images, reactions...) as an event of `type`
    /// and returns the event id. Reusing a `transactionID` makes the homeserver answer with the
    /// event of the first send instead of sending again (what a retrying bot relies on).
    public func sendRaw(
        _ content: JSONValue,
        type: String = "m.room.message",
        to roomID: String,
        transactionID: String? = nil
    ) async throws -> String {
        let transaction = transactionID ?? nextTransactionID()
        let path =
            "/rooms/\(PathEncoding.segment(roomID))/send/\(PathEncoding.segment(type))/\(PathEncoding.segment(transaction))"
        return try await call("PUT", path, json: content).requiredString("event_id")
    }

    /// Sends content given as JSON text, for tests that keep fixtures as JSON.
    public func sendRaw(json: Data, type: String = "m.room.message", to roomID: String) async throws -> String {
        try await sendRaw(try JSONValue(parsing: json), type: type, to: roomID)
    }

    /// Redacts an event and returns the redaction's event id.
    @discardableResult
    public func redact(_ eventID: String, in roomID: String, reason: String? = nil) async throws -> String {
        let path =
            "/rooms/\(PathEncoding.segment(roomID))/redact/\(PathEncoding.segment(eventID))/\(nextTransactionID())"
        let body: JSONValue = reason.map { ["reason": .string($0)] } ?? [:]
        return try await call("PUT", path, json: body).requiredString("event_id")
    }

    /// Fetches one event as the homeserver has it now (e.g. to see that it was redacted since).
    public func event(_ eventID: String, in roomID: String) async throws -> MatrixTestEvent {
        let response = try await call(
            "GET", "/rooms/\(PathEncoding.segment(roomID))/event/\(PathEncoding.segment(eventID))")
        guard let event = MatrixTestEvent(try response.successJSON()) else {
            throw MatrixRequestError(response, reason: "not an event")
        }
        return event
    }

    // MARK: Media

    /// Downloads `mxc://server/mediaId` through the authenticated media API
    /// (/_matrix/client/v1/media/download) with this user's token.
    public func downloadMedia(_ mxcURI: String) async throws -> [UInt8] {
        let prefix = "mxc://"
        let parts = mxcURI.hasPrefix(prefix) ? mxcURI.dropFirst(prefix.count).split(separator: "/") : []
        guard parts.count == 2 else { throw MatrixTestClientError.invalidMXCURI(mxcURI) }
        let path =
            "/_matrix/client/v1/media/download/\(PathEncoding.segment(String(parts[0])))/\(PathEncoding.segment(String(parts[1])))"
        return try await request("GET", path).requireSuccess().body
    }

    // MARK: Raw requests

    /// Any request with this user's token, answered whatever the status (for uploads, admin
    /// calls, provoking errors). `path` is absolute: "/_matrix/media/v3/upload", "/_synapse/...".
    public func request(
        _ method: String,
        _ path: String,
        query: [String: String] = [:],
        json: JSONValue? = nil,
        timeout: Duration? = nil
    ) async throws -> MatrixHTTPResponse {
        try await ready()
        return try await MatrixTestHTTP.send(
            method, baseURL: server.baseURL, path: path, query: query, accessToken: user.accessToken, json: json,
            timeout: timeout ?? MatrixTestHTTP.defaultTimeout
        )
    }

    /// Any request with a raw body (e.g. `POST /_matrix/media/v3/upload` with image bytes).
    public func request(
        _ method: String,
        _ path: String,
        query: [String: String] = [:],
        body: [UInt8],
        contentType: String,
        timeout: Duration? = nil
    ) async throws -> MatrixHTTPResponse {
        try await ready()
        return try await MatrixTestHTTP.send(
            method, baseURL: server.baseURL, path: path, query: query, accessToken: user.accessToken, body: body,
            contentType: contentType, timeout: timeout ?? MatrixTestHTTP.defaultTimeout
        )
    }

    /// A client-server API call: `path` is relative to /_matrix/client/v3.
    private func call(_ method: String, _ path: String, json: JSONValue? = nil) async throws -> MatrixHTTPResponse {
        try await request(method, "/_matrix/client/v3" + path, json: json)
    }

    private func nextTransactionID() -> String {
        transactionCounter += 1
        return "\(transactionPrefix)-\(transactionCounter)"
    }
}
