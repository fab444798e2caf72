/// The GIF sources the bot knows, as `gifs.sources` names them.
public enum GifSourceID: String, Sendable, CaseIterable, Hashable {
    case giphy, klipy

    /// The name users see ("via KLIPY") and attribution uses ("Powered by GIPHY").
    public var displayName: String {
        switch self {
        case .giphy: "GIPHY"
        case .klipy: "KLIPY"
        }
    }
}

/// A GIF's identity across sources: GIPHY's id, or KLIPY's slug (KLIPY looks items up by slug
/// only). `text` is what users type and what the store keeps.
public struct GifRef: Hashable, Sendable, CustomStringConvertible {
    public let source: GifSourceID
    public let key: String

    public init(source: GifSourceID, key: String) {
        self.source = source
        self.key = key
    }

    /// GIPHY ids stay bare, so favorites stored before there were two sources are still GIPHY's
    /// with no migration; every other source's keys carry its name (`klipy:hello-hi-662`).
    public var text: String { source == .giphy ? key : "\(source.rawValue):\(key)" }

    public var description: String { text }

    /// Reads `klipy:slug`, `giphy:id` or a bare id (GIPHY's); nil for an empty key or an unknown
    /// source name. The key's characters are checked by the caller.
    public init?(text: String) {
        guard let colon = text.firstIndex(of: ":") else {
            guard !text.isEmpty else { return nil }
            self.init(source: .giphy, key: text)
            return
        }
        let key = String(text[text.index(after: colon)...])
        guard let source = GifSourceID(rawValue: text[..<colon].lowercased()), !key.isEmpty else { return nil }
        self.init(source: source, key: key)
    }
}

/// Who asks, as the store keys users (a network and a user id): sources that personalise
/// results derive their own opaque id from it, never sending it as is.
public struct SourceUser: Sendable, Hashable {
    public let network: String
    public let userID: String

    public init(network: String, userID: String) {
        self.network = network
        self.userID = userID
    }
}

/// What a source can do beyond search, trending, lookups and terms.
public enum GifCapability: Sendable, Hashable {
    /// The single best GIF for a phrase (`!translate`).
    case translate
    /// A random GIF, optionally for a tag (`!random`).
    case random
    /// Wants to hear which of its GIFs were posted (KLIPY's share trigger): see `GifSource.posted`.
    case postedReports
}
