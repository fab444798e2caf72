/// The answers every message waits for, an upload's and a send's, decoded as a type of the
/// fields read from them: the upload's URI and the sent event's id. Decoded as `JSONValue`,
/// such an answer is a dictionary decoded generically, key by key, which cost 45–50 µs of CPU
/// per answer (perf, scenario 9): three of them a GIF, 3% of a plain room's command.
///
/// A field that is missing or not a string is nil, as `JSONValue`'s `string` was, so the
/// caller's message for an answer without it stays the same. An answer that is not a JSON
/// object fails as not JSON (`MatrixHTTP.Response.decode`).
struct MessageAnswer: Decodable {
    /// An upload's `mxc://` URI.
    let contentURI: String?
    /// A sent event's id.
    let eventID: String?

    private enum CodingKeys: String, CodingKey {
        case contentURI = "content_uri"
        case eventID = "event_id"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contentURI = try? container.decodeIfPresent(String.self, forKey: .contentURI)
        eventID = try? container.decodeIfPresent(String.self, forKey: .eventID)
    }
}
