import Foundation
import GifBotCore
import MatrixCrypto
import MatrixState

/// Event contents the bot sends. Text replies are `m.notice`: clients and other bots must not
/// answer notices, so bots never answer each other in circles.
enum MatrixContent {
    static func notice(_ text: String, inReplyTo eventID: String?) -> JSONValue {
        withReply(["msgtype": "m.notice", "body": .string(text)], to: eventID)
    }

    /// A GIF as a link, when it is not uploaded: the title links to the GIF. A `lead` (a pick's
    /// "alice picked: Title") is said instead of the card's own line, its link after it.
    static func link(to card: GifCard, inReplyTo eventID: String?, lead: String? = nil) -> JSONValue {
        let label = card.label.map { "\($0) " } ?? ""
        // The core lets only https links (and http on hosts the operator allows) into a card;
        // an href is still never written for any other scheme (`javascript:`, `data:`).
        let scheme = card.url.prefix { $0 != ":" }.lowercased()
        let title =
            scheme == "https" || scheme == "http"
            ? "<a href=\"\(escape(card.url))\">\(escape(card.title))</a>" : escape(card.title)
        let captionHTML = card.caption.map { " — \(escape($0))" } ?? ""
        let html = "\(escape(label))\(title) (\(escape(card.id)))\(escape(card.viaSuffix))\(captionHTML)"
        if let lead {
            let linked =
                scheme == "https" || scheme == "http" ? "<a href=\"\(escape(card.url))\">\(escape(card.url))</a>" : ""
            return withReply(
                [
                    "msgtype": "m.notice", "body": .string("\(lead) \(card.url)"), "format": "org.matrix.custom.html",
                    "formatted_body": .string("\(escape(lead)) \(linked)"),
                ], to: eventID)
        }
        return withReply(
            [
                "msgtype": "m.notice", "body": .string(card.line), "format": "org.matrix.custom.html",
                "formatted_body": .string(html),
            ], to: eventID)
    }

    /// The GIF itself, encrypted: as `image`, with the attachment's `file` instead of `url`.
    static func encryptedImage(
        _ card: GifCard, media: UploadedMedia, file: EncryptedFile, inReplyTo eventID: String?, caption: String? = nil
    ) -> JSONValue {
        guard case .object(var content) = image(card, media: media, inReplyTo: eventID, caption: caption) else {
            return .null
        }
        content["url"] = nil
        content["file"] = JSONValue(file.json)
        return .object(content)
    }

    /// `image` with its thumbnail in `info`: `thumbnail_url`, or in an encrypted room the
    /// thumbnail's own attachment as `thumbnail_file`, and `thumbnail_info`.
    static func withThumbnail(_ image: JSONValue, _ thumbnail: UploadedMedia, file: EncryptedFile?) -> JSONValue {
        guard case .object(var content) = image, case .object(var info)? = content["info"] else { return image }
        if let file {
            info["thumbnail_file"] = JSONValue(file.json)
        } else {
            info["thumbnail_url"] = .string(thumbnail.contentURI)
        }
        var thumbnailInfo: [String: JSONValue] = [
            "mimetype": .string(thumbnail.mimetype), "size": .number(Double(thumbnail.byteSize)),
        ]
        if let width = thumbnail.width { thumbnailInfo["w"] = .number(Double(width)) }
        if let height = thumbnail.height { thumbnailInfo["h"] = .number(Double(height)) }
        info["thumbnail_info"] = .object(thumbnailInfo)
        content["info"] = .object(info)
        return .object(content)
    }

    /// The GIF itself, shown inline; a `caption` becomes the body beside the filename.
    static func image(
        _ card: GifCard, media: UploadedMedia, inReplyTo eventID: String?, caption: String? = nil
    ) -> JSONValue {
        var info: [String: JSONValue] = [
            "mimetype": .string(media.mimetype), "size": .number(Double(media.byteSize)),
            "is_animated": true, "org.matrix.msc4230.is_animated": true,
        ]
        if let width = media.width { info["w"] = .number(Double(width)) }
        if let height = media.height { info["h"] = .number(Double(height)) }
        let label = card.label.map { "\($0) " } ?? ""
        var content: [String: JSONValue] = [
            "msgtype": "m.image",
            "body": .string(caption ?? "\(label)\(card.title) (\(card.id))\(card.viaSuffix)"),
            "filename": .string("\(card.id).gif"), "url": .string(media.contentURI), "info": .object(info),
        ]
        // The asker's caption is the body beside the filename (the specification's media
        // captions), so clients show it under the image.
        if caption == nil, let userCaption = card.caption {
            content["body"] = .string(userCaption)
            content["format"] = "org.matrix.custom.html"
            content["formatted_body"] = .string(escape(userCaption))
        }
        return withReply(content, to: eventID)
    }

    /// An edit of `eventID` to `content` (`m.replace`): clients show the new content in place;
    /// the outer body is the fallback for clients without edits.
    static func replacing(_ eventID: String, with content: JSONValue) -> JSONValue {
        guard case .object(var new) = content else { return content }
        new["m.relates_to"] = nil
        var outer = new
        if let body = new["body"]?.string { outer["body"] = .string("* \(body)") }
        outer["m.new_content"] = .object(new)
        outer["m.relates_to"] = ["rel_type": "m.replace", "event_id": .string(eventID)]
        return .object(outer)
    }

    /// The bot's own reaction under `eventID` (a preview's button).
    static func reaction(_ key: String, to eventID: String) -> JSONValue {
        ["m.relates_to": ["rel_type": "m.annotation", "event_id": .string(eventID), "key": .string(key)]]
    }

    /// A reply moved into a thread (the specification's threading module): the thread relation,
    /// with the reply kept as the fallback for clients without threads. Content that replies to
    /// nothing (edits, reactions) is left as it is.
    static func inThread(_ content: JSONValue, root: String) -> JSONValue {
        guard case .object(var object) = content, let reply = content["m.relates_to"]?["m.in_reply_to"],
            content["m.relates_to"]?["rel_type"] == nil
        else { return content }
        object["m.relates_to"] = [
            "rel_type": "m.thread", "event_id": .string(root), "is_falling_back": true, "m.in_reply_to": reply,
        ]
        return .object(object)
    }

    /// Every message says explicitly that it mentions no one: a reply must not ping its asker.
    private static func withReply(_ content: [String: JSONValue], to eventID: String?) -> JSONValue {
        var content = content
        content["m.mentions"] = .object([:])
        if let eventID { content["m.relates_to"] = ["m.in_reply_to": ["event_id": .string(eventID)]] }
        return .object(content)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
