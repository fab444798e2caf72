import MatrixCrypto
import NIOHTTP1

/// Publishing cross-signing keys (`/keys/device_signing/upload`) with user-interactive
/// authentication: homeservers let an account publish its first keys without it (MSC3967), but
/// may ask for the password; then the request is repeated once with `m.login.password` in the
/// session the homeserver opened.
struct CrossSigningUpload: Sendable {
    static let path = "/_matrix/client/v3/keys/device_signing/upload"

    let client: MatrixClient
    let userID: String
    let password: String?

    func publish(_ keys: [String: CanonicalJSONValue]) async throws(CrossSigningFailure) {
        let first = try await send(keys)
        guard first.status == 401 else { return try check(first) }
        guard let password else { throw .passwordNeeded }
        guard let session = first.json["session"]?.stringValue, Self.offersPassword(first.json) else {
            throw .homeserver(first.error ?? .transport("authentication without a password flow"))
        }
        var body = keys
        body["auth"] = [
            "type": "m.login.password", "session": .string(session),
            "identifier": ["type": "m.id.user", "user": .string(userID)], "password": .string(password),
        ]
        let second = try await send(body)
        if second.status == 401 { throw .passwordRefused }
        try check(second)
    }

    /// Whether one of the flows is the password alone.
    static func offersPassword(_ answer: CanonicalJSONValue) -> Bool {
        answer["flows"]?.arrayValue?.contains { $0["stages"] == ["m.login.password"] } == true
    }

    private func send(
        _ body: [String: CanonicalJSONValue]
    ) async throws(CrossSigningFailure) -> (status: Int, json: CanonicalJSONValue, error: MatrixError?) {
        do {
            return try await client.canonicalExchange(.POST, Self.path, body: .object(body))
        } catch {
            throw .homeserver(error)
        }
    }

    private func check(
        _ answer: (status: Int, json: CanonicalJSONValue, error: MatrixError?)
    ) throws(CrossSigningFailure) {
        if let error = answer.error { throw .homeserver(error) }
    }
}

extension MatrixClient {
    /// `/keys/signatures/upload` of signed objects: user id → key id (a device id, or a
    /// cross-signing public key) → the object with its new signature. A signature the homeserver
    /// refuses comes back under `failures`.
    func uploadSignatures(_ objects: [String: [String: CanonicalJSONValue]]) async throws(CrossSigningFailure) {
        let body = CanonicalJSONValue.object(objects.mapValues { .object($0) })
        let answer: CanonicalJSONValue
        do {
            answer = try await canonicalRequest(.POST, "/_matrix/client/v3/keys/signatures/upload", body: body)
        } catch {
            throw .homeserver(error)
        }
        if let failures = answer["failures"]?.objectValue, !failures.isEmpty {
            let reason = failures.values.compactMap { $0.objectValue?.values.first?["errcode"]?.stringValue }.first
            throw .homeserver(
                .api(status: 200, code: reason ?? "M_UNKNOWN", message: "signature refused", retryAfter: nil))
        }
    }
}
