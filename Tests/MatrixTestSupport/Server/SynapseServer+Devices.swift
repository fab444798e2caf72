import Foundation
import Matrix

extension SynapseServer {
    /// The ids of `userID`'s devices, by Synapse's admin API with `admin`'s token.
    public func devices(of userID: String, as admin: MatrixTestUser) async throws -> [String] {
        let response = try await MatrixTestHTTP.send(
            "GET", baseURL: baseURL, path: "/_synapse/admin/v2/users/\(PathEncoding.segment(userID))/devices",
            accessToken: admin.accessToken, json: nil)
        guard response.isSuccess, case .array(let devices)? = response.json?["devices"] else {
            throw MatrixRequestError(response)
        }
        return devices.compactMap { $0["device_id"]?.stringValue }
    }

    /// Logs one of `userID`'s devices out, as an admin does (Synapse's admin API): the device,
    /// its tokens and its encryption keys are gone, and its next request gets `M_UNKNOWN_TOKEN`
    /// without `soft_logout`.
    public func deleteDevice(_ deviceID: String, of userID: String, as admin: MatrixTestUser) async throws {
        let path =
            "/_synapse/admin/v2/users/\(PathEncoding.segment(userID))/devices/\(PathEncoding.segment(deviceID))"
        let response = try await MatrixTestHTTP.send(
            "DELETE", baseURL: baseURL, path: path, accessToken: admin.accessToken, json: nil)
        guard response.isSuccess else { throw MatrixRequestError(response) }
    }
}

extension SynapseServer {
    /// Refreshes with `refreshToken` and uses the new access token once, as a second holder of
    /// the token would: Synapse then refuses `refreshToken`, while the access token issued with
    /// it stays valid until it expires, and is then refused with `soft_logout` (the device lives).
    public func spendRefreshToken(_ refreshToken: String) async throws {
        let refreshed = try await MatrixTestHTTP.send(
            "POST", baseURL: baseURL, path: "/_matrix/client/v3/refresh",
            json: ["refresh_token": .string(refreshToken)])
        guard refreshed.isSuccess, let token = refreshed.json?["access_token"]?.stringValue else {
            throw MatrixRequestError(refreshed)
        }
        let used = try await MatrixTestHTTP.send(
            "GET", baseURL: baseURL, path: "/_matrix/client/v3/account/whoami", accessToken: token, json: nil)
        guard used.isSuccess else { throw MatrixRequestError(used) }
    }
}

extension SynapseServer {
    /// Sets `userID`'s password and logs all their devices out, as an admin does after an
    /// account is compromised (Synapse's admin API).
    public func resetPassword(of userID: String, to password: String, as admin: MatrixTestUser) async throws {
        let response = try await MatrixTestHTTP.send(
            "PUT", baseURL: baseURL, path: "/_synapse/admin/v2/users/\(PathEncoding.segment(userID))",
            accessToken: admin.accessToken, json: ["password": .string(password), "logout_devices": true])
        guard response.isSuccess else { throw MatrixRequestError(response) }
    }
}
