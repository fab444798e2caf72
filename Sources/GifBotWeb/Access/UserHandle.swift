import GifBotCore

/// A user in a URL (`/u/<handle>/favorites`): base64url of "network NUL user id", opaque but
/// stable. Knowing it opens nothing: the page answers only the session of that same user.
enum UserHandle {
    static func handle(for user: UserKey) -> String {
        Base64URL.encode(Array("\(user.network)\u{0}\(user.userID)".utf8))
    }

    static func user(from handle: String) -> UserKey? {
        guard handle.utf8.count <= 512, let bytes = Base64URL.decode(handle),
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        let parts = text.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return UserKey(network: String(parts[0]), userID: String(parts[1]))
    }
}

/// A channel in a URL (`/c/<handle>`): the same encoding of "network NUL channel". Stable, so a
/// public collection keeps its address; a private one answers only sessions granted it.
enum ChannelHandle {
    static func handle(for channel: CollectionChannel) -> String {
        UserHandle.handle(for: UserKey(network: channel.network, userID: channel.channel))
    }

    static func channel(from handle: String) -> CollectionChannel? {
        UserHandle.user(from: handle).map { CollectionChannel(network: $0.network, channel: $0.userID) }
    }
}
