import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Synchronization

/// Reads a response to its end for `HTTPClient.completeExchange`: its head, then its body up
/// to a limit, failing the exchange with `NIOTooManyBytesError` past it (a declared length over
/// the limit fails at the head, before any of the body is read).
final class CompleteResponseCollector: HTTPClientResponseDelegate {
    typealias Response = CompleteHTTPResponse

    private struct Received {
        var head: HTTPResponseHead?
        var body: ByteBuffer?
    }

    private let maximumBodyBytes: Int
    // Called on the request's event loop, one call at a time; the lock only makes that
    // ordering visible to the compiler (the delegate must be Sendable).
    private let received = Mutex(Received())

    init(maximumBodyBytes: Int) {
        self.maximumBodyBytes = maximumBodyBytes
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        if let declared = head.headers.first(name: "Content-Length").flatMap(Int.init), declared > maximumBodyBytes {
            return task.eventLoop.makeFailedFuture(NIOTooManyBytesError(maxBytes: maximumBodyBytes))
        }
        received.withLock { $0.head = head }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let fits = received.withLock { received -> Bool in
            guard var body = received.body else {
                received.body = buffer
                return buffer.readableBytes <= maximumBodyBytes
            }
            received.body = nil  // Unique while appended to: no copy of what came before.
            body.writeImmutableBuffer(buffer)
            received.body = body
            return body.readableBytes <= maximumBodyBytes
        }
        guard fits else { return task.eventLoop.makeFailedFuture(NIOTooManyBytesError(maxBytes: maximumBodyBytes)) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> CompleteHTTPResponse {
        let (head, body) = received.withLock { ($0.head, $0.body) }
        guard let head else { throw HTTPClientError.remoteConnectionClosed }
        return CompleteHTTPResponse(status: head.status, headers: head.headers, body: body ?? ByteBuffer())
    }
}
