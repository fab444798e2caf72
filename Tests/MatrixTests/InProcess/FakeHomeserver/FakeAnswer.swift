import Foundation
import NIOHTTP1

@testable import Matrix

/// An answer the fake homeserver gives, an error more often than not.
struct FakeAnswer: Sendable, Error {
    let status: Int
    let body: JSONValue
    var headers: [(String, String)] = []

    static func ok(_ body: JSONValue) -> FakeAnswer { FakeAnswer(status: 200, body: body) }

    static func error(
        _ status: Int, _ code: String, _ message: String = "", extra: [String: JSONValue] = [:]
    )
        -> FakeAnswer
    {
        var body: [String: JSONValue] = ["errcode": .string(code), "error": .string(message)]
        body.merge(extra) { $1 }
        return FakeAnswer(status: status, body: .object(body))
    }

    static let notFound = error(404, "M_NOT_FOUND", "not found")
    static let unknownToken = error(401, "M_UNKNOWN_TOKEN", "unknown token", extra: ["soft_logout": false])
    static func forbidden(_ message: String) -> FakeAnswer { error(403, "M_FORBIDDEN", message) }
    static func badJSON(_ message: String) -> FakeAnswer { error(400, "M_BAD_JSON", message) }
    /// `M_LIMIT_EXCEEDED` asking the client to wait.
    static func rateLimited(retryAfterMilliseconds: Int) -> FakeAnswer {
        error(429, "M_LIMIT_EXCEEDED", "slow down", extra: ["retry_after_ms": .number(Double(retryAfterMilliseconds))])
    }

    var response: MatrixHTTP.Response {
        var fields = HTTPHeaders([("Content-Type", "application/json")])
        for (name, value) in headers { fields.add(name: name, value: value) }
        return MatrixHTTP.Response(status: status, headers: fields, body: (try? body.encoded()) ?? Data())
    }
}

/// A request the fake homeserver was sent, for tests that count or inspect them.
struct FakeRequest: Sendable {
    let method: String
    let path: String
    let userID: String?
}
