import HTTPTypes
import Hummingbird
import Logging

/// Refuses a POST that a browser sent from another site (issue 31): without it, a page elsewhere
/// could post its author's own login link to `/login` and sign the visitor into the attacker's
/// gallery, or post to any form here. Browsers say where a request comes from in
/// `Sec-Fetch-Site` and `Origin`; when either is there it must name this gallery. A client that
/// sends neither is no browser, and has no victim's cookie to ride on.
struct SameOriginMiddleware<Context: RequestContext>: RouterMiddleware {
    static var fetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }

    /// `WebSettings.origin`: what `Origin` says for the gallery's own pages.
    let origin: String
    let pages: WebPages
    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .post, let reason = crossSite(request) else { return try await next(request, context) }
        logger.notice("Refused a cross-site POST", metadata: ["path": "\(request.uri.path)", "reason": "\(reason)"])
        return WebPages.html(pages.simple.forbidden(), status: .forbidden)
    }

    /// `Sec-Fetch-Site` first: the gallery's own pages send no referrer, and with that policy
    /// browsers send `Origin: null` on their own forms' POSTs, so `Origin` is read only from a
    /// browser that does not send `Sec-Fetch-Site`.
    private func crossSite(_ request: Request) -> String? {
        if let site = request.headers[Self.fetchSite] {
            return site.lowercased() == "same-origin" ? nil : "Sec-Fetch-Site: \(site.prefix(20))"
        }
        if let sent = request.headers[.origin], sent.lowercased() != origin {
            return "Origin: \(sent.prefix(100))"
        }
        return nil
    }
}
