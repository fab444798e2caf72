import Foundation

/// GIPHY's content ratings, ordered from the most to the least restrictive audience.
public enum ContentRating: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    case g = 0
    case pg = 1
    case pg13 = 2
    case r = 3

    /// Parses a configured or user-typed rating (`g`, `pg`, `pg-13`, `r`; case-insensitive).
    public init?(parameter: String) {
        switch parameter.lowercased().trimmingCharacters(in: .whitespaces) {
        case "g": self = .g
        case "pg": self = .pg
        case "pg-13", "pg13": self = .pg13
        case "r": self = .r
        default: return nil
        }
    }

    /// The value GIPHY expects in the `rating` query parameter.
    public var parameter: String {
        switch self {
        case .g: "g"
        case .pg: "pg"
        case .pg13: "pg-13"
        case .r: "r"
        }
    }

    public var description: String { parameter }

    public static func < (lhs: ContentRating, rhs: ContentRating) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension ContentRating {
    /// How a GIF's own `rating` field compares for the content policy. GIPHY's legacy `y`
    /// (youth) is treated as `g`; an unknown value is treated as the strictest, `r`, because a
    /// rating we cannot read is not a rating we can trust.
    public static func ofGif(_ raw: String?) -> ContentRating? {
        guard let raw else { return nil }
        // What GIPHY sends, matched before any parsing: this runs for every GIF shown.
        switch raw {
        case "g", "y": return .g
        case "pg": return .pg
        case "pg-13": return .pg13
        case "r": return .r
        default: break
        }
        guard !raw.trimmingSpaces.isEmpty else { return nil }
        if raw.lowercased() == "y" { return .g }
        return ContentRating(parameter: raw) ?? .r
    }
}
