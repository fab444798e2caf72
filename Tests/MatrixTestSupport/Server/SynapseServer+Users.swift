import Crypto
import Foundation
import Matrix

extension SynapseServer {
    /// Registers a user through Synapse's shared-secret admin API and returns it logged in
    /// (registration creates a device and an access token). If the user already exists, it
    /// logs in with `password` instead, so tests may "register" the same fixed user twice.
    public func registerUser(_ localpart: String, password: String, admin: Bool = false) async throws -> MatrixTestUser
    {
        let path = "/_synapse/admin/v1/register"
        let nonce = try await MatrixTestHTTP.send("GET", baseURL: baseURL, path: path).requiredString("nonce")
        let mac = SharedSecretMAC.registration(
            secret: Self.registrationSharedSecret, nonce: nonce, user: localpart, password: password, admin: admin
        )
        let body: JSONValue = [
            "nonce": .string(nonce),
            "username": .string(localpart),
            "password": .string(password),
            "admin": .bool(admin),
            "mac": .string(mac),
        ]
        let response = try await MatrixTestHTTP.send("POST", baseURL: baseURL, path: path, json: body)
        if response.errcode == "M_USER_IN_USE" {
            return try await login(localpart, password: password)
        }
        return try MatrixTestUser(response: response, password: password)
    }

    /// Logs an existing user in with a password (a new device each time); `user` is a localpart
    /// or a full user id.
    public func login(_ user: String, password: String) async throws -> MatrixTestUser {
        let body: JSONValue = [
            "type": "m.login.password",
            "identifier": ["type": "m.id.user", "user": .string(user)],
            "password": .string(password),
        ]
        let response = try await MatrixTestHTTP.send(
            "POST", baseURL: baseURL, path: "/_matrix/client/v3/login", json: body)
        return try MatrixTestUser(response: response, password: password)
    }

    /// `@localpart:localhost`.
    public func userID(_ localpart: String) -> String {
        "@\(localpart):\(serverName)"
    }

    /// `prefix` plus a random suffix, for user names that do not collide on the shared server
    /// or with an earlier run (Matrix localparts allow only a-z, 0-9 and `._=-/`).
    public static func uniqueLocalpart(_ prefix: String) -> String {
        "\(prefix.lowercased())-\(UUID().uuidString.prefix(8).lowercased())"
    }
}

/// The `mac` of a shared-secret registration: hex HMAC-SHA1, keyed with the shared secret, of
/// nonce, user, password and "admin"/"notadmin" separated by NUL bytes (Synapse's admin API).
enum SharedSecretMAC {
    static func registration(secret: String, nonce: String, user: String, password: String, admin: Bool) -> String {
        let message = [nonce, user, password, admin ? "admin" : "notadmin"].joined(separator: "\0")
        let code = HMAC<Insecure.SHA1>.authenticationCode(
            for: Data(message.utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return code.map { String(format: "%02x", $0) }.joined()
    }
}
