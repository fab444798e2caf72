import GiphyStandIn

/// Ways the KLIPY stand-in can fail every API call, for fallback tests. KLIPY has never been
/// recorded failing, so every body here is constructed (see Fixtures/SOURCES.md).
public enum KlipyFault: Sendable {
    /// HTTP 429 with the body third-party clients expect.
    case rateLimited
    /// HTTP 401, as for a wrong or revoked key.
    case unauthorized
    /// HTTP 5xx.
    case serverError(status: Int = 503)
    /// HTTP 200 with a body that is not JSON.
    case garbage
    /// HTTP 200 with `{"result": false}`.
    case resultFalse
    /// The normal answer, held back this long (longer than the client's timeout).
    case slow(Duration)
    /// The normal answer's head at once, then its body a byte every `every`.
    case trickled(every: Duration)

    func response(normal: StandInResponse) -> StandInResponse {
        switch self {
        case .rateLimited:
            StandInResponse(status: 429, json: #"{"result":false,"message":"Too Many Attempts."}"#)
        case .unauthorized:
            KlipyRoutes.unauthorized
        case .serverError(let status):
            StandInResponse(
                status: status, body: Array("<html><body>Service Unavailable</body></html>".utf8),
                contentType: "text/html")
        case .garbage:
            StandInResponse(status: 200, body: Array("{\"result\":true,\"data\":{\"data\":[{\"id\":1,".utf8))
        case .resultFalse:
            StandInResponse(status: 200, json: #"{"result":false}"#)
        case .slow(let delay):
            StandInResponse(status: normal.status, body: normal.body, contentType: normal.contentType, delay: delay)
        case .trickled(let every):
            normal.trickled(every: every)
        }
    }
}
