/// A homeserver answered a request with an error status (or with a body that could not be
/// used). Carries what tests assert on: the status, the Matrix `errcode` and, for 429s,
/// `retry_after_ms` and the `Retry-After` header.
public struct MatrixRequestError: Error, CustomStringConvertible, Sendable {
    public let response: MatrixHTTPResponse
    public let reason: String?

    init(_ response: MatrixHTTPResponse, reason: String? = nil) {
        self.response = response
        self.reason = reason
    }

    public var status: Int { response.status }
    public var errcode: String? { response.errcode }
    public var retryAfterMs: Int? { response.retryAfterMs }
    public var retryAfterHeader: String? { response.headers["retry-after"] }

    public var description: String {
        let body = response.text.count > 600 ? String(response.text.prefix(600)) + "..." : response.text
        return "\(response.method) \(response.path) -> \(response.status)\(reason.map { " (\($0))" } ?? ""): \(body)"
    }
}
