import AsyncHTTPClient
import Foundation
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
    /// Sends a request and reads its body, all of it before `deadline`: AsyncHTTPClient's
    /// request deadline covers the whole exchange on its delegate API, so a server that
    /// answered at once and then trickled its body a byte a second cannot hold the caller past
    /// it. Throws `HTTPClientError.deadlineExceeded` then, `NIOTooManyBytesError` for a body
    /// over `maximumBodyBytes`, `CancellationError` when the calling task is cancelled, or the
    /// client's own errors (such as the last connect error of a server that refuses).
    ///
    /// `bodyInto` is a buffer of the caller's to read the body into (emptied first, grown if
    /// need be): a caller that reads large bodies one after another keeps one rather than having
    /// a fresh one mapped for each.
    ///
    /// The delegate API rather than `execute(_ request: HTTPClientRequest, …)`: that one hands
    /// each request to an actor of its own through a new unstructured task, a hop to Swift's
    /// global pool and back for every request (8% of the bot's CPU on Matrix, where a command
    /// is six requests). Here the exchange runs on the client's event loop and its result
    /// resumes the caller there.
    public func completeExchange(
        url: String, method: HTTPMethod = .GET, headers: HTTPHeaders = [:], body: ByteBuffer? = nil,
        deadline: ContinuousClock.Instant, maximumBodyBytes: Int, bodyInto spare: consuming ByteBuffer? = nil
    ) async throws -> CompleteHTTPResponse {
        guard let parsed = URL(string: url) else { throw HTTPClientError.invalidURL }
        return try await completeExchange(
            url: parsed, method: method, headers: headers, body: body, deadline: deadline,
            maximumBodyBytes: maximumBodyBytes, bodyInto: spare.take())
    }

    /// `completeExchange` of a URL the caller has parsed already (to check where it points):
    /// AsyncHTTPClient would otherwise parse its text again.
    public func completeExchange(
        url: URL, method: HTTPMethod = .GET, headers: HTTPHeaders = [:], body: ByteBuffer? = nil,
        deadline: ContinuousClock.Instant, maximumBodyBytes: Int, bodyInto spare: consuming ByteBuffer? = nil
    ) async throws -> CompleteHTTPResponse {
        let remaining = deadline - .now
        guard remaining > .zero else { throw HTTPClientError.deadlineExceeded }
        let request = try HTTPClient.Request(
            url: url, method: method, headers: headers, body: body.map { .byteBuffer($0) })
        let collector = CompleteResponseCollector(maximumBodyBytes: maximumBodyBytes, bodyInto: spare.take())
        let task = execute(request: request, delegate: collector, deadline: .now() + TimeAmount(remaining))
        let head: HTTPResponseHead
        do {
            head = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch  where _Concurrency.Task<Never, Never>.isCancelled {
            throw CancellationError()
        }
        return CompleteHTTPResponse(status: head.status, headers: head.headers, body: collector.takeBody())
    }
}
