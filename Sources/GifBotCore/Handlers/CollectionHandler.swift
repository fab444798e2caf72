import Foundation
import GifSources

/// `!save`, `!tag`, `!untag`, `!forget`, `!collection` and `!gif #tag`: a channel's own GIFs,
/// kept by id with tags (issue 25). The store keeps ids and links only, never the media.
struct CollectionHandler {
    let context: BotContext

    func save(id: String?, tags: [String], for message: ChatMessage) async throws -> [Reply] {
        guard let channel = channel(of: message) else { return [.text(privateRefusal)] }
        let policy = try await context.store.collectionPolicy(for: channel)
        if policy.savers == .admins && !message.senderIsAdmin {
            return [.text(message.onlyAdmins(can: "save to this channel's collection"))]
        }
        let gif: SourcedGif, card: GifCard
        switch try await GifReference(context: context).resolve(
            id: id, command: .save, for: message, lastShownIn: .channel)
        {
        case .refusal(let text): return [.text(text)]
        case .gif(let resolved, let resolvedCard): (gif, card) = (resolved, resolvedCard)
        }
        let entry = CollectionEntry(
            channel: channel, gifID: card.id, source: gif.ref.source.rawValue, title: card.title, tags: tags,
            savedBy: message.user.storeKey,
            savedByName: TextSanitizer.truncate(TextSanitizer.clean(message.user.displayName), to: 64),
            url: card.url, preview: Self.preview(of: card), pageURL: card.pageURL, rating: gif.rating)
        let limit = context.settings.collectionLimit
        switch try await context.store.saveToCollection(entry, limit: limit) {
        case .saved(let count):
            let tagged = tags.isEmpty ? "" : " with \(Self.hashed(tags))"
            return [
                .text("Saved \"\(card.title)\" (\(card.id)) to this channel's collection\(tagged) (\(count)/\(limit)).")
            ]
        case .alreadySaved(let existing):
            return [
                .text(
                    "\"\(card.title)\" (\(card.id)) is already in this channel's collection, saved by \(existing.savedByName)\(existing.tags.isEmpty ? "" : " with \(Self.hashed(existing.tags))"); add tags with \(context.prefix)tag \(card.id) <tags>."
                )
            ]
        case .limitReached:
            return [
                .text(
                    "This channel's collection is full (\(limit)/\(limit)); remove one with \(context.prefix)forget <id> first."
                )
            ]
        }
    }

    func tag(id: String, tags: [String], for message: ChatMessage) async throws -> [Reply] {
        let entry: CollectionEntry, channel: CollectionChannel
        switch try await editableEntry(id, for: message) {
        case .refusal(let text): return [.text(text)]
        case .entry(let found, let foundChannel): (entry, channel) = (found, foundChannel)
        }
        switch try await context.store.addCollectionTags(
            tags, to: entry.gifID, in: channel, limit: CollectionLimits.maximumTags)
        {
        case .tagged(let now): return [.text("\(entry.gifID) is now tagged \(Self.hashed(now)).")]
        case .noSuchEntry: return [.text(notInCollection(id))]
        case .tooManyTags(let limit):
            return [.text("A GIF has at most \(limit) tags; \(entry.gifID) has \(Self.hashed(entry.tags)).")]
        }
    }

    func untag(id: String, tag: String, for message: ChatMessage) async throws -> [Reply] {
        let entry: CollectionEntry, channel: CollectionChannel
        switch try await editableEntry(id, for: message) {
        case .refusal(let text): return [.text(text)]
        case .entry(let found, let foundChannel): (entry, channel) = (found, foundChannel)
        }
        guard try await context.store.removeCollectionTag(tag, from: entry.gifID, in: channel) else {
            return [.text("\(entry.gifID) is not tagged #\(tag).")]
        }
        return [.text("Removed #\(tag) from \(entry.gifID).")]
    }

    func forget(id: String, for message: ChatMessage) async throws -> [Reply] {
        let entry: CollectionEntry, channel: CollectionChannel
        switch try await editableEntry(id, for: message) {
        case .refusal(let text): return [.text(text)]
        case .entry(let found, let foundChannel): (entry, channel) = (found, foundChannel)
        }
        guard try await context.store.forgetCollectionEntry(entry.gifID, in: channel) else {
            return [.text(notInCollection(id))]
        }
        return [.text("Removed \(entry.gifID) from this channel's collection.")]
    }

    func list(tag: String?, page: Int, for message: ChatMessage) async throws -> [Reply] {
        guard let channel = channel(of: message) else { return [.text(privateRefusal)] }
        let pageSize = max(1, context.settings.favoritesPageSize)
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: pageSize)
        let result = try await context.store.collectionEntries(
            CollectionQuery(channel: channel, tag: tag, offset: overflow ? Int.max : offset, limit: pageSize))
        let which = tag.map { "tagged #\($0) " } ?? ""
        guard result.total > 0 else {
            return [
                .text(
                    tag == nil
                        ? "This channel's collection is empty: after a GIF, say \(context.prefix)save [tags] to keep it here."
                        : "Nothing in this channel's collection is tagged #\(tag ?? "")."
                )
            ]
        }
        let pageCount = (result.total + pageSize - 1) / pageSize
        guard page <= pageCount else {
            return [
                .text("There is no page \(page): the GIFs \(which)fill \(pageCount) page\(pageCount == 1 ? "" : "s").")
            ]
        }
        let rating = await context.rating(for: message)
        var replies: [Reply] = [
            .text("This channel's GIFs \(which)(\(result.total), page \(page)/\(pageCount), newest first):")
        ]
        for (index, entry) in result.entries.enumerated() {
            let number = offset + index + 1
            let tags = entry.tags.isEmpty ? "" : " \(Self.hashed(entry.tags))"
            if ContentPolicy.allows(rated: entry.rating, maximum: rating) {
                replies.append(
                    .text("\(number). \(entry.title) (\(entry.gifID))\(tags), saved by \(entry.savedByName)"))
            } else {
                replies.append(.text("\(number). (\(entry.gifID), rated above this channel's \(rating), hidden here)"))
            }
        }
        if page < pageCount {
            replies.append(.text("More: \(context.prefix)collection \(tag.map { "#\($0) " } ?? "")\(page + 1)"))
        }
        return replies
    }

    func setSavers(_ savers: CollectionPolicy.Savers, for message: ChatMessage) async throws -> [Reply] {
        guard let channel = channel(of: message) else { return [.text(privateRefusal)] }
        guard message.senderIsAdmin else { return [.text(message.onlyAdmins(can: "change who may save here"))] }
        try await context.store.changeCollectionPolicy(.savers(savers), for: channel)
        return [
            .text(
                savers == .open
                    ? "From now on anyone here may save to this channel's collection."
                    : "From now on only \(message.admins) may save to this channel's collection.")
        ]
    }

    func setPublic(_ isPublic: Bool, for message: ChatMessage) async throws -> [Reply] {
        guard let channel = channel(of: message) else { return [.text(privateRefusal)] }
        guard message.senderIsAdmin else { return [.text(message.onlyAdmins(can: "make this collection public"))] }
        try await context.store.changeCollectionPolicy(.isPublic(isPublic), for: channel)
        guard isPublic else {
            return [
                .text(
                    "This channel's collection is private again: only people who asked for a link here can browse it.")
            ]
        }
        // The address itself, so the channel can share it at once.
        guard let links = context.webLinks else {
            return [
                .text("This channel's collection is now public, but the web gallery is not turned on for this bot.")
            ]
        }
        return [
            .text(
                "This channel's collection is now public; anyone can browse it at \(links.collectionAddress(of: channel))"
            )
        ]
    }

    /// The next GIF with `tag` that this user has not been shown here since they started, as
    /// `!more` continues a search; `cursor` remembers which were shown.
    func post(
        tag: String, from cursor: ConversationMemory.SearchCursor, for message: ChatMessage
    ) async throws
        -> [Reply]
    {
        guard let channel = channel(of: message) else { return [.text(privateRefusal)] }
        let key = context.memoryKey(message)
        let entries = try await context.store.collectionEntries(
            CollectionQuery(channel: channel, tag: tag, limit: context.settings.collectionLimit)
        ).entries
        guard !entries.isEmpty else {
            return [
                .text(
                    "Nothing in this channel's collection is tagged #\(tag) yet: after a GIF, say \(context.prefix)save #\(tag)."
                )
            ]
        }
        let rating = await context.rating(for: message)
        var cursor = cursor
        var lookups = 0
        for entry in entries {
            guard let ref = GifIDFormat.ref(entry.gifID), !cursor.shown.contains(ref) else { continue }
            guard ContentPolicy.allows(rated: entry.rating, maximum: rating) else { continue }
            // A GIF the source has since removed is skipped; a few such in a row are enough.
            guard lookups < Self.maximumLookups else { break }
            lookups += 1
            cursor.shown.insert(ref)
            let gif: SourcedGif
            do {
                gif = try await context.sources.gif(ref).rated(asStored: entry.rating)
            } catch let failure as GifSourceFailure where failure.error == .notFound {
                continue
            }
            guard ContentPolicy.allows(gif, maximum: rating), let card = context.card(for: gif) else { continue }
            await context.memory.save(cursor, for: key)
            await context.memory.setLastShown(.gif(gif), for: key)
            return [.gif(card)]
        }
        // Seen them all: the next `!gif #tag` starts over.
        await context.memory.save(Self.freshCursor(tag), for: key)
        guard !cursor.shown.isEmpty else {
            return [.text("Nothing tagged #\(tag) here is suitable for this channel's rating (\(rating)).")]
        }
        return [.text("That was the last GIF tagged #\(tag) here; \(context.prefix)gif #\(tag) starts over.")]
    }

    /// How many GIFs one `!gif #tag` looks up at most before giving up.
    static let maximumLookups = 3

    static func freshCursor(_ tag: String) -> ConversationMemory.SearchCursor {
        ConversationMemory.SearchCursor(query: "#\(tag)", normalisedQuery: "#\(tag)")
    }

    /// The tag a search cursor pages through, when it is a collection's (`#party`).
    static func tag(of cursor: ConversationMemory.SearchCursor) -> String? {
        guard cursor.query.hasPrefix("#") else { return nil }
        return CollectionLimits.tag(cursor.query)
    }

    // MARK: Pieces

    private enum Editable {
        case entry(CollectionEntry, CollectionChannel)
        case refusal(String)
    }

    /// The entry `id` names in this channel, when the sender saved it or is an admin.
    private func editableEntry(_ id: String, for message: ChatMessage) async throws -> Editable {
        guard let channel = channel(of: message) else { return .refusal(privateRefusal) }
        guard let ref = GifIDFormat.ref(id) else {
            return .refusal("\"\(TextSanitizer.truncate(id, to: 20))\" is not a GIF id.")
        }
        guard let entry = try await context.store.collectionEntry(ref.text, in: channel) else {
            return .refusal(notInCollection(id))
        }
        guard entry.savedBy == message.user.storeKey || message.senderIsAdmin else {
            return .refusal(message.onlyOwnerOrAdmins("\(entry.savedByName), who saved \(entry.gifID)"))
        }
        return .entry(entry, channel)
    }

    private func channel(of message: ChatMessage) -> CollectionChannel? {
        message.isPrivate ? nil : CollectionChannel(network: message.user.network, channel: message.conversation)
    }

    private var privateRefusal: String { "Collections belong to channels: use this in a channel." }

    private func notInCollection(_ id: String) -> String {
        "\(TextSanitizer.truncate(id, to: 20)) is not in this channel's collection."
    }

    private static func hashed(_ tags: [String]) -> String {
        tags.map { "#\($0)" }.joined(separator: " ")
    }

    /// The smallest rendition the card may link to, for a gallery grid; the chat rendition when
    /// the source gave no list.
    private static func preview(of card: GifCard) -> CollectionPreview {
        guard let smallest = card.renditions.first else {
            return CollectionPreview(url: card.url, width: card.width, height: card.height)
        }
        return CollectionPreview(url: smallest.url, width: smallest.width, height: smallest.height)
    }
}
