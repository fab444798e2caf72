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
