import HTTPTypes

/// One answer of the ops endpoint.
public struct OpsResponse: Sendable, Equatable {
    public let status: HTTPResponse.Status
    public let contentType: String
    public let body: [UInt8]

    public init(status: HTTPResponse.Status, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    static func text(_ status: HTTPResponse.Status, _ text: String) -> OpsResponse {
        OpsResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    static func json(_ status: HTTPResponse.Status, _ json: String) -> OpsResponse {
        OpsResponse(status: status, contentType: "application/json", body: Array(json.utf8))
    }

    /// The exposition format Prometheus scrapes.
    static let prometheusContentType = "text/plain; version=0.0.4; charset=utf-8"
}
