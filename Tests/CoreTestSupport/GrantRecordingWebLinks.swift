import GifBotCore
import Synchronization

/// `!web` links as the gallery issues them, for the fast tests: each link grants its asker the
/// channel it was asked in (as `WebAccess` does), a leave revokes it.
public final class GrantRecordingWebLinks: WebLinkIssuing {
    private let grants = Mutex<[UserKey: Set<String>]>([:])

    public init() {}

    public func loginLink(for user: UserKey, channel: String?) async throws -> String {
        if let channel { grants.withLock { _ = $0[user, default: []].insert(channel) } }
        return "https://gallery.example.org/login?token=t"
    }

    public func revokeChannel(_ channel: String, for user: UserKey) async throws {
        grants.withLock { _ = $0[user]?.remove(channel) }
    }

    public func collectionAddress(of channel: CollectionChannel) -> String {
        "https://gallery.example.org/c/\(channel.network)/\(channel.channel)"
    }

    /// Every grant, by person.
    public var all: [UserKey: Set<String>] { grants.withLock { $0 } }

    /// The channels whose collection `user`'s sessions may see.
    public func channels(of user: String) -> Set<String> {
        grants.withLock { $0[InProcessChat.user(user)] ?? [] }
    }
}
