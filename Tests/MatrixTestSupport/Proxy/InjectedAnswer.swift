import NIOHTTP1

/// An error answer the proxy gives in the homeserver's place, worded as Synapse words it.
struct InjectedAnswer: Sendable {
    let status: HTTPResponseStatus
    let headers: HTTPHeaders
    let json: String

    static func unknownError(status: Int) -> InjectedAnswer {
        InjectedAnswer(
            status: HTTPResponseStatus(statusCode: status), headers: ["Content-Type": "application/json"],
            json: #"{"errcode":"M_UNKNOWN","error":"injected by the test proxy"}"#)
    }

    /// Synapse's `LimitExceededError`: the wait in the body in milliseconds, and in a
    /// `Retry-After` header rounded up to whole seconds.
    static func rateLimited(retryAfterMilliseconds milliseconds: Int) -> InjectedAnswer {
        let seconds = (milliseconds + 999) / 1000
        return InjectedAnswer(
            status: .tooManyRequests,
            headers: ["Content-Type": "application/json", "Retry-After": String(seconds)],
            json: #"{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":\#(milliseconds)}"#)
    }

    /// A 429 whose waits are written as given, however absurd.
    static func rateLimited(header: String?, bodyMilliseconds: String) -> InjectedAnswer {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let header { headers.add(name: "Retry-After", value: header) }
        return InjectedAnswer(
            status: .tooManyRequests, headers: headers,
            json: #"{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":\#(bodyMilliseconds)}"#)
    }
}
