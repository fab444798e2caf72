/// Issues the single-use login links `!web` sends, and names a public collection's address (the
/// web gallery implements it): the core only asks and delivers.
public protocol WebLinkIssuing: Sendable {
    /// A link that logs `user` in; `channel` is where they asked (nil in a private message):
    /// from now on `user`'s sessions may see `channel`'s collection, until the grant expires or
    /// is revoked.
    func loginLink(for user: UserKey, channel: String?) async throws -> String
    /// `user` left `channel`: their sessions no longer see its collection.
    func revokeChannel(_ channel: String, for user: UserKey) async throws
    /// The public address of `channel`'s collection in the gallery, which anyone may open once
    /// `!collection public on` made it public.
    func collectionAddress(of channel: CollectionChannel) -> String
    /// The picker widget's address for a room (Element's template variables in it); nil when
    /// the gallery has no widget origins, so no client could show it.
    func widgetAddress(of channel: CollectionChannel) -> String?
}

extension WebLinkIssuing {
    public func widgetAddress(of channel: CollectionChannel) -> String? { nil }
}
