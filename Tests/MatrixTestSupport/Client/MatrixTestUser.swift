/// A logged-in user: what registration or login returned, plus the password used, so that a
/// test can log the same user in again (e.g. the bot under test with its own device).
public struct MatrixTestUser: Sendable, Hashable {
    public let userID: String
    public let accessToken: String
    public let deviceID: String
    public let password: String

    public init(userID: String, accessToken: String, deviceID: String, password: String) {
        self.userID = userID
        self.accessToken = accessToken
        self.deviceID = deviceID
        self.password = password
    }

    /// From the answer of /register or /login.
    init(response: MatrixHTTPResponse, password: String) throws {
        self.init(
            userID: try response.requiredString("user_id"),
            accessToken: try response.requiredString("access_token"),
            deviceID: try response.requiredString("device_id"),
            password: password
        )
    }
}
