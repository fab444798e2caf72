import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import NIOCore
import NIOHTTP1

/// A bot process's `/readyz`, polled until it answers 200.
struct OpsReadiness {
    let opsPort: Int

    /// Polls every 50 ms until 200; `eachAnswer` sees every answer (the status code and body, or
    /// "no answer: …"). Throws when the process exits or `timeout` passes first.
    func wait(
        for process: Process, timeout: Duration, eachAnswer: (String) -> Void = { _ in }
    ) async throws {
        try await ChildPolling.until(
            process: process, timeout: timeout, exited: "gifbot exited while starting",
            timedOut: { "gifbot not ready after \(timeout): \(await self.answer())" }
        ) {
            let answer = await answer()
            eachAnswer(answer)
            return answer.hasPrefix("200")
        }
    }

    /// `/readyz`'s status and body, or why it did not answer.
    func answer() async -> String {
        do {
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(opsPort)/readyz"), timeout: .seconds(2))
            let body = try await response.body.collect(upTo: 64 * 1024)
            return "\(response.status.code) \(String(buffer: body))"
        } catch {
            return "no answer: \(error)"
        }
    }
}
