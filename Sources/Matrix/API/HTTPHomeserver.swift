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
        var outgoing = HTTPClientRequest(url: url(request.path, query: request.query))
        outgoing.method = request.method
        outgoing.headers.add(name: "Accept", value: "application/json")
        if let bearer = request.bearer { outgoing.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        if let body = request.body {
            outgoing.headers.add(name: "Content-Type", value: body.contentType)
            outgoing.body = .bytes(body.bytes)
        }
        // One deadline for the whole exchange: a homeserver (or a proxy before it) trickling a
        // body would otherwise hold the sync loop past any timeout.
        let response: CompleteHTTPResponse
        do {
            response = try await client.completeExchange(
                outgoing, deadline: .now + request.timeout, maximumBodyBytes: Self.maximumResponseBytes)
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
