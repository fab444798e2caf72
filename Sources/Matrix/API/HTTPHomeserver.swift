import AsyncHTTPClient
import Foundation
import GifSources
import HTTPTransport
import NIOCore
import NIOFoundationEssentialsCompat
import NIOHTTP1

/// The real homeserver, over the process's one HTTP client: bounded answers and one deadline on
/// every whole exchange.
struct HTTPHomeserver: Homeserver {
    /// Sync batches with many rooms are large; nothing legitimate comes near this.
    static let maximumResponseBytes = 32 * 1024 * 1024

    let client: HTTPClient
    let baseURL: String

    func respond(to request: HomeserverRequest) async throws(MatrixError) -> MatrixHTTP.Response {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let bearer = request.bearer { headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        if let body = request.body { headers.add(name: "Content-Type", value: body.contentType) }
        // One deadline for the whole exchange: a homeserver (or a proxy before it) trickling a
        // body would otherwise hold the sync loop past any timeout.
        let response: CompleteHTTPResponse
        do {
            response = try await client.completeExchange(
                url: url(request.path, query: request.query), method: request.method, headers: headers,
                body: request.body?.bytes, deadline: .now + request.timeout, maximumBodyBytes: Self.maximumResponseBytes
            )
        } catch is CancellationError {
            throw .transport("cancelled")
        } catch {
            throw .transport(String(describing: error))
        }
        return MatrixHTTP.Response(
            status: Int(response.status.code), headers: response.headers, body: Data(buffer: response.body))
    }

    private func url(_ path: String, query: [(String, String)]) -> String {
        guard !query.isEmpty else { return baseURL + path }
        return baseURL + path + "?" + query.map { QueryItem(name: $0.0, value: $0.1) }.percentEncoded
    }
}
