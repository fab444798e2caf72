import Foundation
import Logging
import MatrixState

/// The rooms whose collection this account publishes as an image pack (kept in the store, so a
/// restart goes on publishing them), and what it last published in each, so a pack is sent
/// again only when it changed.
actor ImagePacks {
    private let store: any MatrixStateStore
    private let key: String
    private let logger: Logger
    private var rooms: Set<String>?
    private var published: [String: JSONValue] = [:]

    init(store: any MatrixStateStore, account: String, logger: Logger) {
        self.store = store
        key = "image-packs:\(account)"
        self.logger = logger
    }

    /// The rooms with a pack, read from the store once.
    func publishingRooms() async -> Set<String> {
        if let rooms { return rooms }
        var loaded: Set<String> = []
        do {
            if let saved = try await store.adapterState(key) {
                loaded = Set((try? JSONDecoder().decode([String].self, from: Data(saved.utf8))) ?? [])
            }
        } catch {
            logger.warning("Could not read the rooms with image packs", metadata: ["error": "\(error)"])
        }
        rooms = loaded
        return loaded
    }

    func set(_ room: String, publishing: Bool) async throws {
        var current = await publishingRooms()
        if publishing { current.insert(room) } else { current.remove(room) }
        let encoded = String(decoding: try JSONEncoder().encode(current.sorted()), as: UTF8.self)
        try await store.setAdapterState(key, to: encoded)
        rooms = current
        if !publishing { published[room] = nil }
    }

    /// Whether `content` differs from what was last published in `room`.
    func differs(_ content: JSONValue, in room: String) -> Bool { published[room] != content }

    func published(_ content: JSONValue, in room: String) { published[room] = content }
}
