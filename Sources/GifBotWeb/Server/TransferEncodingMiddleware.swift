import Foundation
import HTTPTypes
import Hummingbird

/// Refuses a request whose `Transfer-Encoding` is anything but `chunked` alone (issue 31) with
/// 501, closing the connection: no form here is ever sent compressed, and a coding a proxy in
/// front reads differently from this server is how requests are smuggled past it.
struct TransferEncodingMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let codings = request.headers[values: .transferEncoding]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard codings.isEmpty || codings == ["chunked"] else {
            var response = WebPages.html("Only chunked transfer coding is accepted.", status: .notImplemented)
            response.headers[.connection] = "close"
            return response
        }
        return try await next(request, context)
    }
}
