import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// A response read to its end: what an exchange with a deadline for all of it returns.
public struct CompleteHTTPResponse: Sendable {
    public let status: HTTPResponseStatus
    public let headers: HTTPHeaders
    public let body: ByteBuffer

    public init(status: HTTPResponseStatus, headers: HTTPHeaders, body: ByteBuffer) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

extension HTTPClient {
    /// Sends `request` and reads its body, all of it before `deadline`. AsyncHTTPClient's own
    /// deadline ends when the response head arrives, so a server that answered at once and
    /// then trickled its body a byte a second held the caller for as long as it liked. The head
    /// is still awaited under the client's deadline (its errors, such as the last connect error
    /// of a server that refuses, stay as they were); the body is then read in a child task
    /// that is cancelled, which closes the connection, when the same deadline comes first.
    /// Throws `HTTPClientError.deadlineExceeded` then, `NIOTooManyBytesError` for a body over
    /// `maximumBodyBytes`, or the client's own errors.
    ///
    /// The deadline is an event-loop timer, removed when the body arrives first. A cancelled
    /// `Task.sleep` stays scheduled until its deadline passes: at hundreds of exchanges a second
    /// with 8 s timeouts those sleepers held thousands of jobs, 5 MiB of heap and growing
    /// fragmentation (benchmark scenario 4, issue 21).
    public func completeExchange(
        _ request: HTTPClientRequest, deadline: ContinuousClock.Instant,
        maximumBodyBytes: Int
    ) async throws -> CompleteHTTPResponse {
        let remaining = deadline - .now
        guard remaining > .zero else { throw HTTPClientError.deadlineExceeded }
        let response = try await execute(request, deadline: .now() + TimeAmount(remaining))
        let timer = eventLoopGroup.any().scheduleTask(deadline: .now() + TimeAmount(deadline - .now)) {}
        let body = try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await response.body.collect(upTo: maximumBodyBytes) }
            group.addTask {
                do {
                    try await withTaskCancellationHandler {
                        try await timer.futureResult.get()
                    } onCancel: {
                        timer.cancel()
                    }
                } catch {
                    // The timer's only failure is its cancellation: the exchange was cancelled.
                    throw CancellationError()
                }
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let body = first else { throw HTTPClientError.deadlineExceeded }
            return body
        }
        return CompleteHTTPResponse(status: response.status, headers: response.headers, body: body)
    }
}
