import Foundation
import HTTPTransport
import MatrixCrypto
import NIOCore
import NIOHTTP1

/// Requests whose bodies and answers are canonical JSON (`CanonicalJSONValue`): signed objects
/// must reach the homeserver exactly as they were signed, and keys read back without the
/// adapter's lenient number handling.
extension MatrixClient {
    /// `/keys/query` for one user is small; this leaves room for many devices.
    static let canonicalAnswerLimits = JSONParser.Limits(maximumBytes: 4 << 20, maximumDepth: 32)

    /// The answer, whatever its status, with its JSON body (an empty object when it has none).
    func canonicalExchange(
        _ method: HTTPMethod, _ path: String, body: CanonicalJSONValue?
    ) async throws(MatrixError) -> (status: Int, json: CanonicalJSONValue, error: MatrixError?) {
        var encoded: (bytes: ByteBuffer, contentType: String)?
        if let body {
            do {
                encoded = (ByteBuffer(bytes: try CanonicalJSON.encode(body)), "application/json")
            } catch {
                throw .transport("could not encode the request")
            }
        }
        let response = try await http.exchange(
            method, path, body: encoded, accessToken: accessToken, timeout: timing.requestTimeout)
        let isSuccess = (200..<300).contains(response.status)
        let json: CanonicalJSONValue
        do {
            json =
                response.body.isEmpty ? [:] : try CanonicalJSON.parse(response.body, limits: Self.canonicalAnswerLimits)
        } catch {
            guard isSuccess else { return (response.status, [:], MatrixHTTP.error(from: response)) }
            throw .transport("the homeserver's answer is not canonical JSON")
        }
        return (response.status, json, isSuccess ? nil : MatrixHTTP.error(from: response))
    }

    /// The JSON answer of a request that must succeed.
    func canonicalRequest(
        _ method: HTTPMethod, _ path: String, body: CanonicalJSONValue?
    ) async throws(MatrixError) -> CanonicalJSONValue {
        let answer = try await canonicalExchange(method, path, body: body)
        if let error = answer.error { throw error }
        return answer.json
    }

    /// One account data event of the bot's own, or nil when it has none of that type.
    func accountData(_ type: String, userID: String) async throws(MatrixError) -> CanonicalJSONValue? {
        do {
            return try await canonicalRequest(.GET, accountDataPath(type, userID: userID), body: nil)
        } catch {
            if error.code == "M_NOT_FOUND" { return nil }
            throw error
        }
    }

    func setAccountData(_ type: String, userID: String, to content: CanonicalJSONValue) async throws(MatrixError) {
        _ = try await canonicalRequest(.PUT, accountDataPath(type, userID: userID), body: content)
    }

    private func accountDataPath(_ type: String, userID: String) -> String {
        "/_matrix/client/v3/user/\(PercentEncoding.encode(userID))/account_data/\(PercentEncoding.encode(type))"
    }
}
