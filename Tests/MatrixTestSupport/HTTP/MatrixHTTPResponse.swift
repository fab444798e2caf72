import Matrix

/// An HTTP answer of the homeserver, whatever its status: tests that provoke errors (429s,
/// 403s) read the status, `errcode` and `retry_after_ms` from it.
public struct MatrixHTTPResponse: Sendable {
    public let method: String
    public let path: String
    public let status: Int
    /// Header names lowercased; repeated headers joined with ", ".
    public let headers: [String: String]
    public let body: [UInt8]

    /// The body parsed as JSON, or nil if it is not JSON.
    public var json: JSONValue? { try? JSONValue(parsing: body) }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The Matrix error code (`M_LIMIT_EXCEEDED`, `M_FORBIDDEN`, ...), if the body has one.
    public var errcode: String? { json?["errcode"]?.stringValue }

    /// `retry_after_ms` from the body of a 429, if present.
    public var retryAfterMs: Int? { json?["retry_after_ms"]?.intValue }

    /// The body as text, for messages.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Returns self if the status is 2xx, else throws a MatrixRequestError describing it.
    @discardableResult
    public func requireSuccess() throws -> MatrixHTTPResponse {
        guard isSuccess else { throw MatrixRequestError(self) }
        return self
    }

    /// The JSON body of a 2xx answer; throws for another status or a body that is not JSON.
    func successJSON() throws -> JSONValue {
        try requireSuccess()
        guard let json else { throw MatrixRequestError(self, reason: "the body is not JSON") }
        return json
    }

    /// A string field of a 2xx JSON answer; throws if it is missing.
    func requiredString(_ key: String) throws -> String {
        guard let value = try successJSON()[key]?.stringValue else {
            throw MatrixRequestError(self, reason: "the answer has no \"\(key)\"")
        }
        return value
    }
}
