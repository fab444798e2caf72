import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// What came back from a GIF source (a GET or a POST) before interpretation.
public struct HTTPTransportResponse: Sendable {
    public let status: Int
    public let body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// The HTTP requests underneath every source's client (GETs, and the few POSTs that report);
/// the seam that keeps the clients testable.
public protocol HTTPRequestTransport: Sendable {
    /// Performs a GET within `timeout` for the whole request. Throws only `TransportFailure`
    /// (or `CancellationError`).
    func get(_ url: String, timeout: Duration) async throws -> HTTPTransportResponse
    /// POSTs a JSON `body` within `timeout`, for the few calls that report rather than ask
    /// (KLIPY's share trigger). Redirects are not followed: a redirect is the answer. Throws as
    /// `get` does.
    func post(_ url: String, json body: [UInt8], timeout: Duration) async throws -> HTTPTransportResponse
}

/// Why a request got no answer; `SourceClientCore` turns it into a `GifSourceError`.
public enum TransportFailure: Error, Sendable, Equatable {
    /// No answer within the timeout.
    case timeout
    /// The connection could not be made (DNS, refused, reset).
    case networkUnreachable
    /// The source was reached but sent far more than any answer of its: its trouble, not the network's.
    case oversizedAnswer
}

/// The real transport over the process's single AsyncHTTPClient.
public struct AsyncHTTPRequestTransport: HTTPRequestTransport {
    /// Pages of 25 GIFs are ~100 kB; anything far larger is not an answer from a GIF API.
    static let maximumBodyBytes = 8 * 1024 * 1024

    private let httpClient: HTTPClient

    public init(httpClient: HTTPClient) {
        self.httpClient = httpClient
    }

    /// One deadline for the whole exchange, body included (a trickled body is cut off), and
    /// redirects followed only within the configured origin: a redirect elsewhere comes back as
    /// the answer, which each client reads as its source's trouble.
    public func get(_ url: String, timeout: Duration) async throws -> HTTPTransportResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "application/json")
        return try await Self.failures {
            // Parsed once, for the rule and the request. An unreadable URL sends nothing, as any
            // refused request.
            guard let parsed = URL(string: url) else { throw TransportFailure.networkUnreachable }
            let result = try await GuardedGet(client: httpClient, rule: SameOriginRule(parsed))
                .get(parsed, headers: headers, timeout: timeout, maximumBodyBytes: Self.maximumBodyBytes)
            return HTTPTransportResponse(
                status: Int(result.response.status.code), body: Array(buffer: result.response.body))
        }
    }

    public func post(_ url: String, json body: [UInt8], timeout: Duration) async throws -> HTTPTransportResponse {
        let headers: HTTPHeaders = ["Accept": "application/json", "Content-Type": "application/json"]
        return try await Self.failures {
            let response = try await httpClient.completeExchange(
                url: url, method: .POST, headers: headers, body: ByteBuffer(bytes: body), deadline: .now + timeout,
                maximumBodyBytes: Self.maximumBodyBytes)
            return HTTPTransportResponse(status: Int(response.status.code), body: Array(buffer: response.body))
        }
    }

    /// What a GET or a POST threw, as a `TransportFailure` (a cancellation stays one).
    private static func failures(
        _ exchange: () async throws -> HTTPTransportResponse
    ) async throws -> HTTPTransportResponse {
        do {
            return try await exchange()
        } catch let error as HTTPClientError where isTimeout(error) {
            throw TransportFailure.timeout
        } catch is CancellationError {
            throw CancellationError()
        } catch is NIOTooManyBytesError {
            throw TransportFailure.oversizedAnswer
        } catch {
            // A request that waited for a connection until its deadline fails with the last
            // connect error (refused, DNS), which means unreachable rather than slow.
            throw TransportFailure.networkUnreachable
        }
    }

    private static func isTimeout(_ error: HTTPClientError) -> Bool {
        [
            .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout,
            .getConnectionFromPoolTimeout,
        ].contains(error)
    }
}
