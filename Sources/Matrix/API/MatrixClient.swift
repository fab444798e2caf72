import AsyncHTTPClient
import Foundation
import GifSources
import HTTPTransport
import MatrixCrypto
import NIOCore
import NIOHTTP1

/// The client-server API calls the bot makes, one method each.
struct MatrixClient: Sendable {
    let http: MatrixHTTP
    let timing: MatrixTiming
    /// Empty until logged in; shared by the copies of this client.
    let accessToken: MatrixAccessToken

    init(http: MatrixHTTP, timing: MatrixTiming, accessToken: MatrixAccessToken = MatrixAccessToken()) {
        self.http = http
        self.timing = timing
        self.accessToken = accessToken
    }

    /// A login's or a refresh's tokens: `refreshToken` and `expiresIn` only where the homeserver
    /// issues expiring tokens.
    struct Tokens: Sendable, Equatable {
        let accessToken: String
        let refreshToken: String?
        let expiresIn: Duration?
    }

    struct Login: Sendable, Equatable {
        let userID: String
        let deviceID: String
        let tokens: Tokens
    }

    /// Password login; `deviceID` reuses an earlier device instead of creating a new one. Asks
    /// for a refresh token, which homeservers with expiring access tokens give.
    func login(user: String, password: String, deviceID: String?) async throws(MatrixError) -> Login {
        var body: [String: JSONValue] = [
            "type": "m.login.password",
            "identifier": ["type": "m.id.user", "user": .string(user)],
            "password": .string(password),
            "initial_device_display_name": "GifBot",
            "refresh_token": true,
        ]
        if let deviceID { body["device_id"] = .string(deviceID) }
        let json = try await http.request(
            .POST, "/_matrix/client/v3/login", json: .object(body), accessToken: nil,
            timeout: timing.requestTimeout
        ).json()
        guard let userID = json["user_id"]?.string, let device = json["device_id"]?.string,
            let tokens = Self.tokens(in: json)
        else { throw .transport("login answer without a token") }
        return Login(userID: userID, deviceID: device, tokens: tokens)
    }

    /// New tokens for a refresh token (`M_UNKNOWN_TOKEN` when it is spent or revoked). A server
    /// that answers without a new refresh token lets the old one be used again.
    func refresh(_ refreshToken: String) async throws(MatrixError) -> Tokens {
        let json = try await http.request(
            .POST, "/_matrix/client/v3/refresh", json: ["refresh_token": .string(refreshToken)], accessToken: nil,
            timeout: timing.requestTimeout
        ).json()
        guard let tokens = Self.tokens(in: json) else { throw .transport("refresh answer without a token") }
        return Tokens(
            accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? refreshToken,
            expiresIn: tokens.expiresIn)
    }

    private static func tokens(in json: JSONValue) -> Tokens? {
        guard let access = json["access_token"]?.string, !access.isEmpty else { return nil }
        let expiresIn = json["expires_in_ms"]?.int.flatMap { $0 > 0 ? Duration.milliseconds($0) : nil }
        return Tokens(accessToken: access, refreshToken: json["refresh_token"]?.string, expiresIn: expiresIn)
    }

    /// The user id the token belongs to, and its device id when the server says (every server
    /// since v1.1 does); `M_UNKNOWN_TOKEN` when the token is not valid.
    func whoAmI() async throws(MatrixError) -> (userID: String, deviceID: String?) {
        let json = try await get("/_matrix/client/v3/account/whoami")
        guard let userID = json["user_id"]?.string else { throw .transport("whoami answer without a user id") }
        return (userID, json["device_id"]?.string)
    }

    /// How long a `/sync` may take, answer included: the poll and a margin for the answer.
    static func syncDeadline(initial: Bool, poll: Duration, timing: MatrixTiming) -> Duration {
        let margin = initial ? max(.seconds(5), timing.requestTimeout) : .seconds(5)
        return poll + max(margin, poll / 2)
    }

    /// A long poll; the HTTP deadline is longer than the poll so the server answers first. An
    /// initial sync (no position) is the homeserver putting together every room's state, which
    /// takes it longer than a long poll's margin for an account in hundreds of rooms (Synapse:
    /// over 5 s for a thousand): it gets a whole request's time at least.
    /// `filter`: a filter's id, or a filter's JSON text (the specification's `filter` takes either).
    func sync(since: String?, filter: String, timeout: Duration) async throws(MatrixError) -> SyncResponse {
        var query = [("filter", filter), ("timeout", String(timeout.components.seconds * 1000))]
        if let since { query.append(("since", since)) }
        let response = try await http.request(
            .GET, "/_matrix/client/v3/sync", query: query, accessToken: accessToken,
            timeout: Self.syncDeadline(initial: since == nil, poll: timeout, timing: timing))
        return try SyncResponse(parsing: response.body)
    }

    /// The room's encryption algorithm, or nil when the room has no `m.room.encryption` state.
    func encryptionAlgorithm(in roomID: String) async throws(MatrixError) -> String? {
        try await encryptionState(of: roomID).map { $0["algorithm"]?.string ?? RoomEncryption.unknownAlgorithm }
    }

    func join(_ roomIDOrAlias: String) async throws(MatrixError) -> String {
        let json = try await http.request(
            .POST, "/_matrix/client/v3/join/\(PercentEncoding.encode(roomIDOrAlias))", json: [:],
            accessToken: accessToken, timeout: timing.requestTimeout
        ).json()
        return json["room_id"]?.string ?? roomIDOrAlias
    }

    /// A new direct room with `userID` alone, who is invited (`trusted_private_chat`: they may see
    /// what was said before they join), for what only they may read. When `encrypted`, it is
    /// end-to-end encrypted from its first event, as Element makes direct rooms, so nothing said
    /// in it reaches the homeserver in the clear.
    func createDirectRoom(with userID: String, encrypted: Bool) async throws(MatrixError) -> String {
        var body: [String: JSONValue] = [
            "is_direct": .bool(true), "invite": .array([.string(userID)]), "preset": .string("trusted_private_chat"),
        ]
        if encrypted {
            body["initial_state"] = [
                [
                    "type": .string(RoomEncryption.stateType), "state_key": "",
                    "content": ["algorithm": .string(RoomKeys.megolmAlgorithm)],
                ]
            ]
        }
        let json = try await http.request(
            .POST, "/_matrix/client/v3/createRoom", json: .object(body), accessToken: accessToken,
            timeout: timing.requestTimeout
        ).json()
        guard let roomID = json["room_id"]?.string else { throw .transport("createRoom answer without a room id") }
        return roomID
    }

    /// Sends an event; the same `transactionID` sent again returns the same event, so retries
    /// never post twice.
    func send(
        _ content: JSONValue, type: String = "m.room.message", to roomID: String, transactionID: String
    ) async throws(MatrixError) -> String {
        let path =
            "/_matrix/client/v3/rooms/\(PercentEncoding.encode(roomID))/send/\(type)/\(PercentEncoding.encode(transactionID))"
        let answer = try await http.request(
            .PUT, path, json: content, accessToken: accessToken, timeout: timing.requestTimeout
        ).json()
        guard let eventID = answer["event_id"]?.string else { throw .transport("send answer without an event id") }
        return eventID
    }

    func redact(_ eventID: String, in roomID: String, reason: String, transactionID: String) async throws(MatrixError) {
        let path =
            "/_matrix/client/v3/rooms/\(PercentEncoding.encode(roomID))/redact/\(PercentEncoding.encode(eventID))/\(PercentEncoding.encode(transactionID))"
        _ = try await http.request(
            .PUT, path, json: ["reason": .string(reason)], accessToken: accessToken, timeout: timing.requestTimeout)
    }

    /// The largest upload the homeserver accepts, when it says.
    func uploadLimit() async -> Int? {
        for path in ["/_matrix/client/v1/media/config", "/_matrix/media/v3/config"] {
            if let json = try? await get(path), let size = json["m.upload.size"]?.int { return size }
        }
        return nil
    }

    /// Uploads bytes; returns the `mxc://` URI.
    func upload(_ bytes: ByteBuffer, contentType: String, filename: String) async throws(MatrixError) -> String {
        let answer = try await http.request(
            .POST, "/_matrix/media/v3/upload", query: [("filename", filename)],
            body: (bytes, contentType), accessToken: accessToken, timeout: timing.requestTimeout
        ).json()
        guard let uri = answer["content_uri"]?.string, uri.hasPrefix("mxc://") else {
            throw .transport("upload answer without a content URI")
        }
        return uri
    }

    /// Publishes device, one-time and fallback keys (a body `OlmAccount.keysUploadBody` made,
    /// sent as its canonical JSON); returns the server's one-time key counts by algorithm.
    func uploadKeys(_ body: CanonicalJSONValue) async throws(MatrixError) -> [String: Int] {
        let json = try await postCanonical("/_matrix/client/v3/keys/upload", body)
        var counts: [String: Int] = [:]
        for (algorithm, count) in json["one_time_key_counts"]?.objectValue ?? [:] { counts[algorithm] = count.int }
        return counts
    }

    /// POSTs a signed object as its exact canonical bytes, so its signatures stay valid.
    func postCanonical(_ path: String, _ body: CanonicalJSONValue) async throws(MatrixError) -> JSONValue {
        try await requestCanonical(.POST, path, body).json()
    }

    /// Answers holding signed objects are parsed strictly, so signatures are checked over exactly
    /// what the server sent; they may be large (many users' devices).
    static let keysAnswerLimits = JSONParser.Limits(maximumBytes: 8 << 20, maximumDepth: 32)

    /// `/keys/query`: devices and cross-signing keys of `users`.
    func queryKeys(_ users: [String]) async throws(MatrixError) -> CanonicalJSONValue {
        let body: CanonicalJSONValue = [
            "device_keys": .object(Dictionary(uniqueKeysWithValues: users.map { ($0, CanonicalJSONValue.array([])) }))
        ]
        return try Self.strict(try await requestCanonical(.POST, "/_matrix/client/v3/keys/query", body))
    }

    /// `/keys/claim`: one signed one-time (or fallback) key of each device, by user and device id.
    func claimKeys(_ devices: [DeviceInfo]) async throws(MatrixError) -> CanonicalJSONValue {
        var byUser: [String: [String: CanonicalJSONValue]] = [:]
        for device in devices { byUser[device.userID, default: [:]][device.deviceID] = "signed_curve25519" }
        let body: CanonicalJSONValue = ["one_time_keys": .object(byUser.mapValues { .object($0) })]
        return try Self.strict(try await requestCanonical(.POST, "/_matrix/client/v3/keys/claim", body))
    }

    /// Sends to-device events: `messages` is user id → device id → content.
    func sendToDevice(type: String, messages: CanonicalJSONValue, transactionID: String) async throws(MatrixError) {
        let path =
            "/_matrix/client/v3/sendToDevice/\(PercentEncoding.encode(type))/\(PercentEncoding.encode(transactionID))"
        _ = try await requestCanonical(.PUT, path, ["messages": messages])
    }

    /// The content of the room's `m.room.encryption` state, or nil.
    func encryptionState(of roomID: String) async throws(MatrixError) -> JSONValue? {
        try await stateContent(RoomEncryption.stateType, of: roomID)
    }

    /// The content of the room's state event of `type` (empty state key), or nil when it has none.
    func stateContent(_ type: String, of roomID: String) async throws(MatrixError) -> JSONValue? {
        do {
            return try await get("/_matrix/client/v3/rooms/\(PercentEncoding.encode(roomID))/state/\(type)/")
        } catch {
            if error.code == "M_NOT_FOUND" { return nil }
            throw error
        }
    }

    private func requestCanonical(
        _ method: HTTPMethod, _ path: String, _ body: CanonicalJSONValue
    ) async throws(MatrixError) -> MatrixHTTP.Response {
        let bytes: [UInt8]
        do { bytes = try CanonicalJSON.encode(body) } catch { throw .transport("could not encode the request") }
        return try await http.request(
            method, path, body: (ByteBuffer(bytes: bytes), "application/json"), accessToken: accessToken,
            timeout: timing.requestTimeout)
    }

    private static func strict(_ response: MatrixHTTP.Response) throws(MatrixError) -> CanonicalJSONValue {
        do { return try CanonicalJSON.parse(Array(response.body), limits: keysAnswerLimits) } catch {
            throw .transport("unreadable keys answer")
        }
    }

    func get(_ path: String) async throws(MatrixError) -> JSONValue {
        try await http.request(.GET, path, accessToken: accessToken, timeout: timing.requestTimeout).json()
    }
}
