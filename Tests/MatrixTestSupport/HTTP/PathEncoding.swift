import Foundation

/// Percent-encoding for Matrix identifiers in URL paths and queries: room ids (`!x:localhost`),
/// aliases (`#a:localhost`) and user ids contain characters that must not reach the URL raw.
enum PathEncoding {
    /// RFC 3986 unreserved characters: everything else is escaped.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    static func segment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    static func queryString(_ query: [String: String]) -> String {
        guard !query.isEmpty else { return "" }
        return "?"
            + query.sorted { $0.key < $1.key }
            .map { "\(segment($0.key))=\(segment($0.value))" }
            .joined(separator: "&")
    }
}
