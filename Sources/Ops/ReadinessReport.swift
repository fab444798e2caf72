import Foundation
import GifBotCore

/// The answer of `/readyz`: ready when every part reports no problem; otherwise the list of
/// what is not ready, in the order the parts were given.
struct ReadinessReport: Sendable, Equatable {
    let failing: [String]
    /// What the operator must fix without it making the bot unready (answered with 200: the bot
    /// serves, and taking it out of rotation or restarting it would not fix these).
    var warnings: [String] = []

    var isReady: Bool { failing.isEmpty }

    static func check(_ parts: [any ReadinessReporting]) async -> ReadinessReport {
        var failing: [String] = []
        var warnings: [String] = []
        for part in parts {
            if let problem = await part.readinessProblem() { failing.append(problem) }
            warnings += await part.readinessWarnings()
        }
        return ReadinessReport(failing: failing, warnings: warnings)
    }

    /// `{"ready":false,"failing":["irc:libera: not connected"]}`, keys in that order, with
    /// `"warnings":[…]` after them when there are any.
    var json: String {
        let items = failing.map(Self.quoted).joined(separator: ",")
        guard !warnings.isEmpty else { return "{\"ready\":\(isReady),\"failing\":[\(items)]}\n" }
        let warningItems = warnings.map(Self.quoted).joined(separator: ",")
        return "{\"ready\":\(isReady),\"failing\":[\(items)],\"warnings\":[\(warningItems)]}\n"
    }

    private static func quoted(_ text: String) -> String {
        guard let data = try? JSONEncoder().encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}
