import HTTPTypes
import Hummingbird

/// Refuses a client's requests past its limits with 429 and `Retry-After`, before any page does
/// work: every request counts against `web.requests_per_minute`, a sign-in (the POST of a login
/// link) against `web.logins_per_minute` too.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = GalleryRequestContext

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    let requests: RequestRateLimiter?
    let logins: RequestRateLimiter?
    let trustedProxies: TrustedProxies

    init(_ limits: WebRequestLimits) {
        requests = limits.requestsPerMinute > 0 ? RequestRateLimiter(perMinute: limits.requestsPerMinute) : nil
        logins = limits.loginsPerMinute > 0 ? RequestRateLimiter(perMinute: limits.loginsPerMinute) : nil
        trustedProxies = limits.trustedProxies
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let client = trustedProxies.client(peer: context.peer, forwardedFor: request.headers[values: Self.forwardedFor])
        var limiters = [requests]
        if request.method == .post, request.uri.path.hasSuffix("/login") { limiters.append(logins) }
        for limiter in limiters.compactMap({ $0 }) {
            if case .limited(let seconds) = limiter.admit(client) {
                var response = WebPages.html(
                    "Too many requests; please wait \(seconds) s and try again.", status: .tooManyRequests)
                response.headers[.retryAfter] = String(seconds)
                return response
            }
        }
        return try await next(request, context)
    }
}
