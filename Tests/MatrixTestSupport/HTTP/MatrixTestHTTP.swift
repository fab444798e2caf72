import AsyncHTTPClient
import Foundation
import Matrix
import NIOCore
import NIOHTTP1

/// The one HTTP client of the test process, and the request helper every Matrix call goes
/// through. The client is never shut down: it lives as long as the process, so AsyncHTTPClient's
/// "deinitialised without shutdown" check cannot fire.
enum MatrixTestHTTP {
    /// More connections per host than the default 8: every MatrixTestClient that waits holds
    /// one for a /sync long poll, and parallel tests share one server. Past the limit a request
    /// queues for a connection while its deadline runs, so the limit stays well above the
    /// number of clients the Synapse suites hold at once. The connect timeout is
    /// short because AsyncHTTPClient retries a refused connection until it expires: on loopback
    /// a connect either succeeds at once or the server is down, and a test should learn that fast.
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(
            timeout: .init(connect: .seconds(2)),
            connectionPool: .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 256)
        )
    )

    /// How long a test's request may take by default. Generous: when Synapse becomes ready every
    /// Matrix suite registers its users and makes its rooms at once, and on two cores the last
    /// of those requests waited past 30 s behind the others (a harness step, not the bot).
    static let defaultTimeout = Duration.seconds(90)

    /// Media downloads in tests are small; this bounds memory if something goes wrong.
    static let maxResponseBytes = 64 * 1024 * 1024

    /// Sends one request and returns whatever the server answered (any status). Throws only
    /// for transport failures and time-outs.
    static func send(
        _ method: String,
        baseURL: String,
        path: String,
        query: [String: String] = [:],
        accessToken: String? = nil,
        body: [UInt8]? = nil,
        contentType: String? = nil,
        timeout: Duration = MatrixTestHTTP.defaultTimeout
    ) async throws -> MatrixHTTPResponse {
        var request = HTTPClientRequest(url: baseURL + path + PathEncoding.queryString(query))
        request.method = HTTPMethod(rawValue: method)
        if let accessToken {
            request.headers.add(name: "Authorization", value: "Bearer \(accessToken)")
        }
        if let body {
            request.headers.add(name: "Content-Type", value: contentType ?? "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let response = try await client.execute(request, timeout: TimeAmount(timeout))
        let buffer = try await response.body.collect(upTo: maxResponseBytes)
        var headers: [String: String] = [:]
        for (name, value) in response.headers {
            let key = name.lowercased()
            headers[key] = headers[key].map { "\($0), \(value)" } ?? value
        }
        return MatrixHTTPResponse(
            method: method,
            path: path,
            status: Int(response.status.code),
            headers: headers,
            body: Array(buffer.readableBytesView)
        )
    }

    /// Sends a JSON body (or none) and returns the response.
    static func send(
        _ method: String,
        baseURL: String,
        path: String,
        query: [String: String] = [:],
        accessToken: String? = nil,
        json: JSONValue?,
        timeout: Duration = MatrixTestHTTP.defaultTimeout
    ) async throws -> MatrixHTTPResponse {
        try await send(
            method, baseURL: baseURL, path: path, query: query, accessToken: accessToken,
            body: try json.map { Array(try $0.encoded()) }, contentType: "application/json", timeout: timeout
        )
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
