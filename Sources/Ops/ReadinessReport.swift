import Foundation
import GifBotCore

/// The answer of `/readyz`: ready when every part reports no problem; otherwise the list of
/// what is not ready, in the order the parts were given.
struct ReadinessReport: Sendable, Equatable {
    let failing: [String]

    var isReady: Bool { failing.isEmpty }

    static func check(_ parts: [any ReadinessReporting]) async -> ReadinessReport {
        var failing: [String] = []
        for part in parts {
            if let problem = await part.readinessProblem() { failing.append(problem) }
        }
        return ReadinessReport(failing: failing)
    }

    /// `{"ready":false,"failing":["irc:libera: not connected"]}`, keys in that order.
    var json: String {
        let items = failing.map(Self.quoted).joined(separator: ",")
        return "{\"ready\":\(isReady),\"failing\":[\(items)]}\n"
    }

    private static func quoted(_ text: String) -> String {
        guard let data = try? JSONEncoder().encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}
