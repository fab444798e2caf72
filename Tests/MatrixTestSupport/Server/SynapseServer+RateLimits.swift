extension SynapseServer {
    /// Gives one user its own rate limit through the admin API, e.g. 1 message/s with a burst
    /// of 1 to provoke 429s. It replaces `rc_message` for that user, and in Synapse that one
    /// bucket covers every event the user sends (messages, redactions, state) as well as room
    /// creation and profile changes; joins and invites have their own limits and stay relaxed.
    /// `messagesPerSecond: 0` switches rate limiting off entirely for the user.
    public func overrideRateLimit(
        for userID: String, messagesPerSecond: Int, burstCount: Int, admin: MatrixTestUser
    ) async throws {
        let body: JSONValue = ["messages_per_second": .int(messagesPerSecond), "burst_count": .int(burstCount)]
        try await MatrixHTTP.send(
            "POST", baseURL: baseURL, path: Self.rateLimitPath(userID), accessToken: admin.accessToken, json: body
        ).requireSuccess()
    }

    /// Removes the override: the user is limited by homeserver.yaml's relaxed limits again.
    public func removeRateLimitOverride(for userID: String, admin: MatrixTestUser) async throws {
        try await MatrixHTTP.send(
            "DELETE", baseURL: baseURL, path: Self.rateLimitPath(userID), accessToken: admin.accessToken, json: nil
        ).requireSuccess()
    }

    private static func rateLimitPath(_ userID: String) -> String {
        "/_synapse/admin/v1/users/\(PathEncoding.segment(userID))/override_ratelimit"
    }
}
