import GifBotCore
import HTTPTypes

/// What each path of the ops endpoint answers. Only GET and HEAD are served: the endpoint
/// reads state, it never changes any.
public struct OpsRoutes: Sendable {
    /// Asked in order by `/readyz`: the store first, then every adapter.
    public let readiness: [any ReadinessReporting]
    /// The Prometheus text exposition of every metric.
    public let metrics: @Sendable () async -> [UInt8]

    public init(readiness: [any ReadinessReporting], metrics: @escaping @Sendable () async -> [UInt8]) {
        self.readiness = readiness
        self.metrics = metrics
    }

    public func response(method: HTTPRequest.Method, uri: String) async -> OpsResponse {
        guard method == .get || method == .head else {
            return .text(.methodNotAllowed, "only GET and HEAD\n")
        }
        let path =
            uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? uri
        switch path {
        case "/healthz":
            return .text(.ok, "ok\n")
        case "/readyz":
            let report = await ReadinessReport.check(readiness)
            return .json(report.isReady ? .ok : .serviceUnavailable, report.json)
        case "/metrics":
            return OpsResponse(status: .ok, contentType: OpsResponse.prometheusContentType, body: await metrics())
        default:
            return .text(.notFound, "not found; try /healthz, /readyz or /metrics\n")
        }
    }
}
