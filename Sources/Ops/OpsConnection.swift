import Logging
import NIOCore
import NIOHTTP1

/// One client connection: answers its requests in order, with keep-alive when asked for.
/// Request bodies are read and discarded as they arrive, never buffered.
struct OpsConnection {
    let routes: OpsRoutes
    let logger: Logger

    func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async {
        do {
            try await connection.executeThenClose { inbound, outbound in
                var head: HTTPRequestHead?
                for try await part in inbound {
                    switch part {
                    case .head(let request):
                        head = request
                    case .body:
                        continue
                    case .end:
                        guard let request = head else { continue }
                        head = nil
                        let response = await routes.response(method: request.method, uri: request.uri)
                        try await write(response, answering: request, to: outbound)
                        guard request.isKeepAlive else { return }
                    }
                }
            }
        } catch {
            logger.debug("Ops connection ended", metadata: ["error": "\(error)"])
        }
    }

    private func write(
        _ response: OpsResponse, answering request: HTTPRequestHead,
        to outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    ) async throws {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        headers.add(name: "Content-Length", value: String(response.body.count))
        headers.add(name: "Cache-Control", value: "no-store")
        if response.status == .methodNotAllowed { headers.add(name: "Allow", value: "GET, HEAD") }
        headers.add(name: "Connection", value: request.isKeepAlive ? "keep-alive" : "close")
        try await outbound.write(
            .head(HTTPResponseHead(version: request.version, status: response.status, headers: headers)))
        if request.method != .HEAD {
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: response.body))))
        }
        try await outbound.write(.end(nil))
    }
}
