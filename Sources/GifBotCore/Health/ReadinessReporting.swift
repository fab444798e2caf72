/// What the ops endpoint's `/readyz` asks each part of a running bot: the store, every adapter.
public protocol ReadinessReporting: Sendable {
    /// nil when ready; otherwise one short line naming the part and why it is not ready, such as
    /// "irc:libera: not connected". Shown to operators, so never a secret.
    func readinessProblem() async -> String?

    /// Short lines, one per thing the operator must fix that does not stop the bot serving
    /// (such as a Matrix device that is not cross-signed). `/readyz` stays 200 and lists them
    /// under `warnings`. Never a secret.
    func readinessWarnings() async -> [String]
}

extension ReadinessReporting {
    public func readinessWarnings() async -> [String] { [] }
}
