import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// GETs against a bot's ops endpoint, as `curl` would do them.
enum OpsHTTP {
    struct Answer {
        let status: UInt
        let body: String

        /// The value of one series in a Prometheus text exposition, such as
        /// `gifbot_commands_total{command="gif",outcome="ok"}`; nil when absent.
        func metric(_ series: String) -> Double? {
            for line in body.split(separator: "\n") where line.hasPrefix(series + " ") {
                return Double(line.dropFirst(series.count + 1))
            }
            return nil
        }
    }

    static func get(_ url: String) async throws -> Answer {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(5))
            let body = try await response.body.collect(upTo: 1 << 20)
            try await client.shutdown()
            return Answer(status: response.status.code, body: String(buffer: body))
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// Asks until the answer satisfies `condition` (the endpoint may not listen yet, the bot may
    /// not be connected yet); returns the last answer, or nil if none came.
    static func waitFor(
        _ url: String, timeout: Duration = .seconds(30),
        _ condition: (Answer) -> Bool
    ) async -> Answer? {
        let deadline = ContinuousClock.now + timeout
        var last: Answer?
        while ContinuousClock.now < deadline {
            if let answer = try? await get(url) {
                last = answer
                if condition(answer) { return answer }
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return last
    }
}
