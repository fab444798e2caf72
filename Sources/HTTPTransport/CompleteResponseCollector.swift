import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Synchronization

/// Reads a response to its end for `HTTPClient.completeExchange`: its head, then its body up
/// to a limit, failing the exchange with `NIOTooManyBytesError` past it (a declared length over
/// the limit fails at the head, before any of the body is read).
///
/// The exchange's result is the head alone; the body is taken from here once it has ended
/// (`takeBody`). A result is kept by the task's future for as long as anything holds the task,
/// so a body inside it would be shared, and changing it in place (an attachment encrypted where
/// it lies) would copy it first.
final class CompleteResponseCollector: HTTPClientResponseDelegate {
    typealias Response = HTTPResponseHead

    private struct Received {
        var head: HTTPResponseHead?
        var body: ByteBuffer?
        /// The body's declared length, when it has one within the limit.
        var declaredLength: Int?
        /// A buffer of the caller's to read the body into (`completeExchange(bodyInto:)`).
        var spare: ByteBuffer?
    }

    private let maximumBodyBytes: Int
    // Called on the request's event loop, one call at a time; the lock only makes that
    // ordering visible to the compiler (the delegate must be Sendable).
    private let received: Mutex<Received>

    init(maximumBodyBytes: Int, bodyInto spare: consuming ByteBuffer? = nil) {
        self.maximumBodyBytes = maximumBodyBytes
        received = Mutex(Received(spare: spare.take()))
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let declared = head.headers.first(name: "Content-Length").flatMap(Int.init)
        if let declared, declared > maximumBodyBytes {
            return task.eventLoop.makeFailedFuture(NIOTooManyBytesError(maxBytes: maximumBodyBytes))
        }
        received.withLock {
            $0.head = head
            $0.declaredLength = declared
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let fits = received.withLock { received -> Bool in
            guard var body = received.body else {
                // The caller's buffer, or for a body that declared its length and comes in
                // parts one of that size, made once: the body is written where it stays, not
                // grown (a copy or a remapping each time its size doubles) from the first
                // part's slice of the read buffer. The declared length is under the limit, and
                // the limit still holds if it lied.
                let declared = received.declaredLength ?? 0
                guard received.spare != nil || declared > buffer.readableBytes else {
                    received.body = buffer  // the whole body, or the first of parts of unknown length
                    return buffer.readableBytes <= maximumBodyBytes
                }
                var whole = received.spare.take() ?? ByteBuffer()
                whole.clear()
                whole.reserveCapacity(max(declared, buffer.readableBytes))
                whole.writeImmutableBuffer(buffer)
                received.body = whole
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

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> HTTPResponseHead {
        guard let head = received.withLock({ $0.head }) else { throw HTTPClientError.remoteConnectionClosed }
        return head
    }

    /// The body read, handed over: the caller's is then its only reference.
    func takeBody() -> ByteBuffer {
        received.withLock { received in
            defer { received.body = nil }
            return received.body ?? ByteBuffer()
        }
    }
}
