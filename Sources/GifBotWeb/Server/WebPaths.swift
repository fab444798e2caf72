import GifBotCore

/// Every address the pages link to, under `web.base_url`'s path (a reverse proxy strips it
/// before the request arrives, so routes are matched without it).
struct WebPaths: Sendable {
    let base: String

    var home: String { base + "/" }
    var login: String { base + "/login" }
    var logout: String { base + "/logout" }
    func asset(_ name: String) -> String { base + "/assets/" + name }

    func favorites(_ user: UserKey, query: String? = nil, page: Int = 1) -> String {
        base + "/u/\(UserHandle.handle(for: user))/favorites" + Self.queryString(query: query, page: page)
    }

    func favorite(_ gifID: String, of user: UserKey) -> String {
        base + "/u/\(UserHandle.handle(for: user))/favorites/\(Self.encode(gifID))"
    }

    func removeFavorite(_ gifID: String, of user: UserKey) -> String {
        favorite(gifID, of: user) + "/remove"
    }

    func collection(_ channel: CollectionChannel, tag: String? = nil, query: String? = nil, page: Int = 1) -> String {
        base + "/c/\(ChannelHandle.handle(for: channel))" + Self.queryString(query: query, page: page, tag: tag)
    }

    func collectionEntry(_ gifID: String, in channel: CollectionChannel) -> String {
        base + "/c/\(ChannelHandle.handle(for: channel))/\(Self.encode(gifID))"
    }

    // MARK: The picker

    /// The picker's search (a query and a position give a page of results).
    func picker(_ channel: CollectionChannel, query: String? = nil, offset: Int = 0) -> String {
        base + "/p/\(ChannelHandle.handle(for: channel))" + Self.pickerQuery(query, offset)
    }

    func picker(_ channel: CollectionChannel, tab: PickerTab, offset: Int = 0) -> String {
        tab == .search
            ? picker(channel, offset: offset) : picker(channel) + "/" + tab.rawValue + Self.pickerQuery(nil, offset)
    }

    func pickerGif(_ gifID: String, in channel: CollectionChannel) -> String {
        picker(channel) + "/gif/" + Self.encode(gifID)
    }

    /// The picker widget's page for a room, and where it exchanges its OpenID token.
    func widget(_ channel: CollectionChannel) -> String { base + "/w/\(ChannelHandle.handle(for: channel))" }
    func widgetSession(_ channel: CollectionChannel) -> String { widget(channel) + "/session" }

    func pickerAction(_ action: String, in channel: CollectionChannel) -> String { picker(channel) + "/" + action }

    private static func pickerQuery(_ query: String?, _ offset: Int) -> String {
        var parts: [String] = []
        if let query, !query.isEmpty { parts.append("q=" + encode(query)) }
        if offset > 0 { parts.append("offset=\(offset)") }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    static func queryString(query: String?, page: Int, tag: String? = nil) -> String {
        var parts: [String] = []
        if let tag, !tag.isEmpty { parts.append("tag=" + encode(tag)) }
        if let query, !query.isEmpty { parts.append("q=" + encode(query)) }
        if page > 1 { parts.append("page=\(page)") }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    /// Percent-encodes everything but unreserved characters (RFC 3986).
    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || "-._~".unicodeScalars.contains(scalar)
            {
                encoded.unicodeScalars.append(scalar)
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return encoded
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
