/// Issues the single-use login links `!web` sends (the web gallery implements it): the core only
/// asks for one and delivers it privately.
public protocol WebLinkIssuing: Sendable {
    /// A link that logs `user` in; `channel` is where they asked (nil in a private message):
    /// from now on `user`'s sessions may see `channel`'s collection, until the grant expires or
    /// is revoked.
    func loginLink(for user: UserKey, channel: String?) async throws -> String
    /// `user` left `channel`: their sessions no longer see its collection.
    func revokeChannel(_ channel: String, for user: UserKey) async throws
}
