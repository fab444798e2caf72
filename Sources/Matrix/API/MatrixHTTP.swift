import AsyncHTTPClient
import Foundation
import GifSources
import HTTPTransport
import NIOCore
import NIOFoundationEssentialsCompat
import NIOHTTP1

/// Requests to the homeserver: JSON in and out, Matrix errors decoded into `MatrixError`, the
/// access token attached and a refusal of it noted. Over HTTP (`HTTPHomeserver`) in the process,
/// over an in-process homeserver in tests.
struct MatrixHTTP: Sendable {
    let homeserver: any Homeserver

    init(homeserver: any Homeserver) {
        self.homeserver = homeserver
    }

    /// The real homeserver at `baseURL`, over the process's HTTP client.
    init(client: HTTPClient, baseURL: String) {
        self.init(homeserver: HTTPHomeserver(client: client, baseURL: baseURL))
    }

    struct Response: Sendable {
        let status: Int
        let headers: HTTPHeaders
        let body: Data

        func json() throws(MatrixError) -> JSONValue {
            do { return try JSONValue.parse(body) } catch { throw .transport("the homeserver's answer is not JSON") }
        }
    }

    func request(
        _ method: HTTPMethod, _ path: String, query: [(String, String)] = [], json: JSONValue? = nil,
        body: (bytes: ByteBuffer, contentType: String)? = nil, accessToken: MatrixAccessToken?, timeout: Duration
    ) async throws(MatrixError) -> Response {
        let result = try await exchange(
            method, path, query: query, json: json, body: body, accessToken: accessToken, timeout: timeout)
        guard (200..<300).contains(result.status) else { throw Self.error(from: result) }
        return result
    }

    /// `request` that returns every answer, errors included: for the few calls whose error body
    /// carries what to do next (user-interactive authentication's `flows` and `session`).
    func exchange(
        _ method: HTTPMethod, _ path: String, query: [(String, String)] = [], json: JSONValue? = nil,
        body: (bytes: ByteBuffer, contentType: String)? = nil, accessToken: MatrixAccessToken?, timeout: Duration
    ) async throws(MatrixError) -> Response {
        let used = accessToken?.current
        let response = try await send(
            method, path, query: query, json: json, body: body, bearer: used, timeout: timeout)
        // Refused because a refresh replaced the token while this request was under way: once
        // more with the new one (an event sent twice keeps its transaction id, so it is one event).
        guard response.status == 401, let accessToken else { return response }
        if let now = accessToken.current, now != used {
            let again = try await send(
                method, path, query: query, json: json, body: body, bearer: now, timeout: timeout)
            if again.status == 401 { accessToken.note(Self.error(from: again), refusing: now) }
            return again
        }
        accessToken.note(Self.error(from: response), refusing: used)
        return response
    }

    private func send(
        _ method: HTTPMethod, _ path: String, query: [(String, String)], json: JSONValue?,
        body: (bytes: ByteBuffer, contentType: String)?, bearer: String?, timeout: Duration
    ) async throws(MatrixError) -> Response {
        var payload = body
        if let json {
            do { payload = (ByteBuffer(bytes: try json.encodedBytes()), "application/json") } catch {
                throw .transport("could not encode the request")
            }
        }
        return try await homeserver.respond(
            to: HomeserverRequest(
                method: method, path: path, query: query, body: payload, bearer: bearer, timeout: timeout))
    }

    /// `{"errcode": …, "error": …, "retry_after_ms": …, "soft_logout": …}` plus a `Retry-After` header, which
    /// newer homeservers prefer.
    static func error(from response: Response) -> MatrixError {
        let body = try? JSONValue.parse(response.body)
        var retryAfter: Duration?
        if let header = response.headers.first(name: "Retry-After"), let wait = ServerRequestedWait.fromHeader(header) {
            retryAfter = wait
        } else if let milliseconds = body?["retry_after_ms"]?.int {
            retryAfter = ServerRequestedWait.fromMilliseconds(milliseconds)
        }
        return .api(
            status: response.status, code: body?["errcode"]?.string ?? "HTTP_\(response.status)",
            message: String((body?["error"]?.string ?? "").prefix(200)), retryAfter: retryAfter,
            softLogout: body?["soft_logout"] == .bool(true))
    }
}
