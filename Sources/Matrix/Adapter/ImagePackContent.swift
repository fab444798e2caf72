import GifBotCore
import MatrixState

/// A room's collection as an image pack (MSC2545: the `im.ponies.room_emotes` state event),
/// which Cinny, FluffyChat and Nheko offer in their sticker pickers: each GIF by a shortcode of
/// its first tag and its id, its title as its body, its upload on the homeserver as its image.
enum ImagePackContent {
    static let stateType = "im.ponies.room_emotes"
    /// A state event is at most 64 KiB; a pack's entry is a few hundred bytes.
    static let maximumImages = 150

    /// One GIF of the pack: its entry and its media.
    struct Image: Sendable, Equatable {
        let entry: CollectionEntry
        let media: UploadedMedia
    }

    static func content(_ images: [Image], roomName: String) -> JSONValue {
        var entries: [String: JSONValue] = [:]
        for image in images.prefix(maximumImages) {
            var info: [String: JSONValue] = [
                "mimetype": .string(image.media.mimetype), "size": .number(Double(image.media.byteSize)),
            ]
            if let width = image.media.width { info["w"] = .number(Double(width)) }
            if let height = image.media.height { info["h"] = .number(Double(height)) }
            entries[shortcode(image.entry)] = [
                "url": .string(image.media.contentURI), "body": .string(image.entry.title), "info": .object(info),
                "usage": ["sticker"],
            ]
        }
        return [
            "pack": ["display_name": .string(roomName), "usage": ["sticker"], "attribution": "GifBot"],
            "images": .object(entries),
        ]
    }

    /// `party-abc123`: the first tag and the id, in the letters shortcodes are typed with.
    static func shortcode(_ entry: CollectionEntry) -> String {
        let id = String(entry.gifID.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        return entry.tags.first.map { "\($0)-\(id)" } ?? id
    }
}
