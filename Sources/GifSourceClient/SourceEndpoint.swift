import GifSources
import HTTPTransport

/// One call of a GIF source's API: its path, its query (never the key: the client adds it when
/// it builds the URL, so nothing logged or cached carries it) and the name it is counted and
/// logged under. `API` names the source (`GiphyAPI`, `KlipyAPI`), so one source's calls cannot be
/// handed to another's client; each source declares its calls in an extension constrained to
/// its own `API`.
public struct SourceEndpoint<API>: Sendable, Hashable {
    public let name: String
    public let path: String
    public let query: [QueryItem]

    /// Pairs whose value is nil are left out.
    public init(name: String, path: String, query: [(String, String?)]) {
        self.name = name
        self.path = path
        self.query = QueryItem.present(query)
    }

    /// `path?query` with every query value percent-encoded (the path alone without a query).
    public var pathAndQuery: String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.percentEncoded
    }
}
