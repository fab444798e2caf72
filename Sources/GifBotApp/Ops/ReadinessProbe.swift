import AsyncHTTPClient
import Foundation
import GifSources
import HTTPTransport
import NIOCore
import NIOHTTP1

/// One GET of a bot's `/readyz`, with its own short-lived HTTP client, shut down before the
/// answer is returned.
package enum ReadinessProbe {
    package enum Outcome: Equatable {
        case ready
        /// Ready (200), with what the operator must still fix, joined into one line.
        case readyWithWarnings(String)
        case notReady(String)
    }

    package static func check(url: String, timeout: Duration) async -> Outcome {
        let client = HTTPClient.gifBot()
        let outcome = await ask(client, url: url, timeout: timeout)
        try? await client.shutdown()
        return outcome
    }

    private static func ask(_ client: HTTPClient, url: String, timeout: Duration) async -> Outcome {
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: TimeAmount(timeout))
            let body = try await response.body.collect(upTo: 64 * 1024)
            guard response.status == .ok else {
                return .notReady(
                    "\(url) answered \(response.status.code): \(failing(in: body) ?? response.status.reasonPhrase)")
            }
            if let warnings = warnings(in: body) { return .readyWithWarnings(warnings) }
            return .ready
        } catch {
            return .notReady("no answer from \(url): \(error)")
        }
    }

    /// The warnings `/readyz` lists, joined into one line; nil when none.
    private static func warnings(in body: ByteBuffer) -> String? {
        struct Report: Decodable { let warnings: [String]? }
        guard let report = try? JSONDecoder().decode(Report.self, from: Data(body.readableBytesView)),
            let warnings = report.warnings, !warnings.isEmpty
        else {
            return nil
        }
        return warnings.joined(separator: "; ")
    }

    /// What `/readyz` says is not ready, joined into one line.
    private static func failing(in body: ByteBuffer) -> String? {
        struct Report: Decodable { let failing: [String] }
        guard let report = try? JSONDecoder().decode(Report.self, from: Data(body.readableBytesView)),
            !report.failing.isEmpty
        else {
            return nil
        }
        return report.failing.joined(separator: "; ")
    }
}
