import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A GET whose every hop a `DestinationRule` allows, and whose whole exchange, redirects and
/// bodies included, ends by one deadline. Redirects are followed here, not by the client, so
/// that each target is checked before anything is sent to it.
public struct GuardedGet: Sendable {
    /// More than any CDN or API needs; a longer chain is treated as a loop.
    public static let maximumRedirects = 3

    public struct Result: Sendable {
        /// The last response: a redirect that was not followed is the answer, as is.
        public let response: CompleteHTTPResponse
        /// Why the redirect that `response` is was not followed, when it was not.
        public let unfollowedRedirect: String?
    }

    /// The first URL was refused: nothing was sent.
    public struct Refused: Error, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    private let client: HTTPClient
    private let rule: any DestinationRule

    public init(client: HTTPClient, rule: any DestinationRule) {
        self.client = client
        self.rule = rule
    }

    public func get(
        _ url: String, headers: HTTPHeaders, timeout: Duration, maximumBodyBytes: Int,
        bodyInto spare: consuming ByteBuffer? = nil
    ) async throws -> Result {
        guard let parsed = URL(string: url) else { throw Refused(reason: "unreadable URL") }
        return try await get(
            parsed, headers: headers, timeout: timeout, maximumBodyBytes: maximumBodyBytes, bodyInto: spare.take())
    }

    /// `get` of a URL the caller has parsed already; each URL is parsed once, here or there.
    public func get(
        _ url: URL, headers: HTTPHeaders, timeout: Duration, maximumBodyBytes: Int,
        bodyInto spare: consuming ByteBuffer? = nil
    ) async throws -> Result {
        let deadline = ContinuousClock.now + timeout
        var current = url
        if let reason = await rule.refusal(of: current) { throw Refused(reason: reason) }
        var redirects = 0
        while true {
            // The caller's buffer goes to the first exchange: a redirect's target, which is rare,
            // is read into one of its own.
            let response = try await client.completeExchange(
                url: current, headers: headers, deadline: deadline, maximumBodyBytes: maximumBodyBytes,
                bodyInto: spare.take())
            guard let target = Self.redirectTarget(of: response, from: current) else {
                return Result(response: response, unfollowedRedirect: nil)
            }
            if redirects == Self.maximumRedirects {
                return Result(response: response, unfollowedRedirect: "more than \(Self.maximumRedirects) redirects")
            }
            if let reason = await rule.refusal(of: target) {
                return Result(response: response, unfollowedRedirect: reason)
            }
            redirects += 1
            current = target
        }
    }

    /// Where a 301, 302, 303, 307 or 308 points, resolved against the URL that answered.
    static func redirectTarget(of response: CompleteHTTPResponse, from url: URL) -> URL? {
        guard [301, 302, 303, 307, 308].contains(response.status.code),
            let location = response.headers.first(name: "Location"),
            let target = URL(string: location, relativeTo: url)?.absoluteURL
        else { return nil }
        return target
    }
}
