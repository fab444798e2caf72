import Synchronization

/// The GIFs the bot posted per room and for whom, newest last, so `!undo` can redact the last
/// one that answered the same user. In memory: undo is for the moment after a post.
final class PostedGIFLog: Sendable {
    static let keptPerRoom = 100

    private let posts = Mutex<[String: [(user: String, eventID: String)]]>([:])

    func record(_ eventID: String, room: String, user: String) {
        posts.withLock { posts in
            posts[room, default: []].append((user, eventID))
            if posts[room, default: []].count > Self.keptPerRoom { posts[room]?.removeFirst() }
        }
    }

    /// Takes the newest GIF posted for `user` in `room` out of the log.
    func takeLast(room: String, user: String) -> String? {
        posts.withLock { posts in
            guard let index = posts[room]?.lastIndex(where: { $0.user == user }) else { return nil }
            return posts[room]?.remove(at: index).eventID
        }
    }
}
