import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Wraps every request: errors become plain pages (a 500 never shows what failed), every
/// response gets the security headers, and each request is logged by its path alone (never its
/// query or body: login tokens travel there) and counted by route.
struct GalleryMiddleware<Context: RequestContext>: RouterMiddleware {
    let headers: SecurityHeaders
    let pages: WebPages
    let metrics: WebMetrics
    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            response = WebPages.html(pages.simple.notFound(), status: .notFound)
        } catch let error as HTTPError where error.status.code < 500 {
            response = WebPages.html(pages.simple.notFound(), status: error.status)
        } catch {
            logger.error("Gallery request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            response = WebPages.html("Something went wrong; please try again later.", status: .internalServerError)
        }
        headers.apply(to: &response)
        let elapsed = ContinuousClock.now - started
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        let route = context.endpointPath ?? "unmatched"
        metrics.pageViewed(route, status: response.status.code)
        logger.info(
            "Gallery request",
            metadata: [
                "method": "\(request.method.rawValue)", "path": "\(Self.loggable(request.uri.path))",
                "status": "\(response.status.code)", "ms": "\(milliseconds)",
            ])
        return response
    }

    /// The path, cut short: it never holds a secret (tokens go in the query or body), but a
    /// hostile one can be long.
    static func loggable(_ path: String) -> String {
        path.count > 200 ? String(path.prefix(200)) + "…" : path
    }
}
