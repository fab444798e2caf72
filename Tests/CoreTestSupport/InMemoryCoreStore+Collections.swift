import Foundation
import Synchronization

#if canImport(GifBotCore)
import GifBotCore
#endif

/// Collections kept in memory, with the SQL store's rules: newest first, at most `limit`
/// entries a channel and `limit` tags an entry, policies changed one half at a time.
extension InMemoryCoreStore {
    public func collectionPolicy(for channel: CollectionChannel) async throws -> CollectionPolicy {
        contents.withLock { $0.collectionPolicies[channel] ?? CollectionPolicy() }
    }

    public func changeCollectionPolicy(_ change: CollectionPolicyChange, for channel: CollectionChannel) async throws {
        contents.withLock { contents in
            var policy = contents.collectionPolicies[channel] ?? CollectionPolicy()
            switch change {
            case .savers(let savers): policy.savers = savers
            case .isPublic(let isPublic): policy.isPublic = isPublic
            }
            contents.collectionPolicies[channel] = policy
        }
    }

    public func saveToCollection(_ entry: CollectionEntry, limit: Int) async throws -> SaveToCollectionResult {
        contents.withLock { contents in
            var list = contents.collections[entry.channel] ?? []
            if let existing = list.first(where: { $0.gifID == entry.gifID }) { return .alreadySaved(existing) }
            guard list.count < limit else { return .limitReached(limit: limit) }
            list.insert(entry.withTags(Array(Set(entry.tags)).sorted()), at: 0)
            contents.collections[entry.channel] = list
            return .saved(count: list.count)
        }
    }

    public func collectionEntry(_ gifID: String, in channel: CollectionChannel) async throws -> CollectionEntry? {
        contents.withLock { $0.collections[channel]?.first { $0.gifID == gifID } }
    }

    public func addCollectionTags(
        _ tags: [String], to gifID: String, in channel: CollectionChannel, limit: Int
    ) async throws -> TagCollectionEntryResult {
        contents.withLock { contents in
            guard let index = contents.collections[channel]?.firstIndex(where: { $0.gifID == gifID }),
                let entry = contents.collections[channel]?[index]
            else { return .noSuchEntry }
            let merged = Set(entry.tags).union(tags)
            guard merged.count <= limit else { return .tooManyTags(limit: limit) }
            contents.collections[channel]?[index] = entry.withTags(merged.sorted())
            return .tagged(merged.sorted())
        }
    }

    public func removeCollectionTag(
        _ tag: String, from gifID: String, in channel: CollectionChannel
    ) async throws
        -> Bool
    {
        contents.withLock { contents in
            guard let index = contents.collections[channel]?.firstIndex(where: { $0.gifID == gifID }),
                let entry = contents.collections[channel]?[index], entry.tags.contains(tag)
            else { return false }
            contents.collections[channel]?[index] = entry.withTags(entry.tags.filter { $0 != tag })
            return true
        }
    }

    public func forgetCollectionEntry(_ gifID: String, in channel: CollectionChannel) async throws -> Bool {
        contents.withLock { contents in
            let before = contents.collections[channel]?.count ?? 0
            contents.collections[channel]?.removeAll { $0.gifID == gifID }
            return (contents.collections[channel]?.count ?? 0) < before
        }
    }

    public func collectionEntries(_ query: CollectionQuery) async throws -> CollectionPage {
        let matching = contents.withLock { $0.collections[query.channel] ?? [] }.filter { entry in
            if let tag = query.tag, !entry.tags.contains(tag) { return false }
            if let text = query.text?.lowercased(), !text.isEmpty {
                return entry.title.lowercased().contains(text) || entry.tags.contains { $0.contains(text) }
            }
            return true
        }
        let page = matching.dropFirst(max(0, query.offset)).prefix(max(0, query.limit))
        return CollectionPage(entries: Array(page), total: matching.count)
    }

    public func collectionTags(in channel: CollectionChannel) async throws -> [CollectionTagCount] {
        let entries = contents.withLock { $0.collections[channel] ?? [] }
        var counts: [String: Int] = [:]
        for entry in entries { for tag in entry.tags { counts[tag, default: 0] += 1 } }
        return counts.map { CollectionTagCount(tag: $0.key, count: $0.value) }
            .sorted { ($0.count, $1.tag) > ($1.count, $0.tag) }
    }

    public func publicCollections() async throws -> [CollectionChannel] {
        contents.withLock { $0.collectionPolicies.filter(\.value.isPublic).map(\.key) }
            .sorted { ($0.network, $0.channel) < ($1.network, $1.channel) }
    }
}
