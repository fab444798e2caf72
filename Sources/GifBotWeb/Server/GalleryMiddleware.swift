import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

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
        } catch is NIOTooManyBytesError {
            response = refused(request, .contentTooLarge, "The request is too large.", reason: "body over the limit")
        } catch let error as HTTPParserError {
            response = refused(request, .badRequest, "The request is malformed.", reason: "\(error)")
        } catch {
            logger.error("Gallery request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            response = WebPages.html("Something went wrong; please try again later.", status: .internalServerError)
        }
        headers.apply(to: &response, framable: Self.isWidgetPage(request))
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

    /// The widget's own page, and the picker opened by a widget token (`wt`, never a cookie):
    /// the only pages a widget origin may frame.
    static func isWidgetPage(_ request: Request) -> Bool {
        let path = request.uri.path
        if path.hasPrefix("/w/") { return true }
        return path.hasPrefix("/p/") && FormFields(request.uri.query ?? "")["wt"] != nil
    }

    /// A request the client got wrong: a short page, the connection closed after it (the rest
    /// of a refused body is not read), and a debug line, not an error: nothing failed here.
    private func refused(_ request: Request, _ status: HTTPResponse.Status, _ text: String, reason: String) -> Response
    {
        logger.debug(
            "Gallery request refused",
            metadata: ["path": "\(Self.loggable(request.uri.path))", "status": "\(status.code)", "reason": "\(reason)"])
        var response = WebPages.html(text, status: status)
        response.headers[.connection] = "close"
        return response
    }

    /// The path, cut short: it never holds a secret (tokens go in the query or body), but a
    /// hostile one can be long.
    static func loggable(_ path: String) -> String {
        path.count > 200 ? String(path.prefix(200)) + "…" : path
    }
}
