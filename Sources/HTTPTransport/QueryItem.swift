/// One `name=value` of a request's query, as an endpoint of any source lists it.
public struct QueryItem: Sendable, Hashable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The items that have a value: endpoints list optional parameters as nil when not sent.
    public static func present(_ items: [(String, String?)]) -> [QueryItem] {
        items.compactMap { name, value in value.map { QueryItem(name: name, value: $0) } }
    }
}

extension Sequence<QueryItem> {
    /// `name=value&…`, every value percent-encoded (the names are the API's own).
    public var percentEncoded: String {
        map { "\($0.name)=\(PercentEncoding.encode($0.value))" }.joined(separator: "&")
    }
}
