/// Issues the single-use login links `!web` sends (the web gallery implements it): the core only
/// asks for one and delivers it privately.
public protocol WebLinkIssuing: Sendable {
    /// A link that logs `user` in; `channel` is where they asked (nil in a private message),
    /// whose collection the session may then see.
    func loginLink(for user: UserKey, channel: String?) async throws -> String
}
