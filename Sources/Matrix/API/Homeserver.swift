import Foundation
import NIOCore
import NIOHTTP1

/// The homeserver as the adapter sees it: one client-server API request in, its whole answer
/// out. The adapter's seam to its server: the real one is HTTP (`HTTPHomeserver`); tests give
/// an in-process homeserver, so the adapter's behaviour is tested without a Synapse.
protocol Homeserver: Sendable {
    /// Answers `request` within `request.timeout`; a transport failure is `MatrixError.transport`,
    /// an error answer is returned like any other (`MatrixHTTP` reads it).
    func respond(to request: HomeserverRequest) async throws(MatrixError) -> MatrixHTTP.Response
}

/// One request to the homeserver, before it is put on the wire.
struct HomeserverRequest: Sendable {
    let method: HTTPMethod
    /// The path, percent-encoded; a few calls carry part of their query in it (`?format=event`).
    let path: String
    let query: [(String, String)]
    /// A GIF upload is handed on as the buffer it was downloaded into: no copy of megabytes.
    let body: (bytes: ByteBuffer, contentType: String)?
    /// The access token sent as `Authorization: Bearer`, if any.
    let bearer: String?
    /// For the whole exchange: a server trickling an answer must not hold the caller past it.
    let timeout: Duration
}
