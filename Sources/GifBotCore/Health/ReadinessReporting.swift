/// What the ops endpoint's `/readyz` asks each part of a running bot: the store, every adapter.
public protocol ReadinessReporting: Sendable {
    /// nil when ready; otherwise one short line naming the part and why it is not ready, such as
    /// "irc:libera: not connected". Shown to operators, so never a secret.
    func readinessProblem() async -> String?

    /// nil, or one short line about something the operator must fix that does not stop the bot
    /// serving (such as a Matrix device that is not cross-signed). `/readyz` stays 200 and lists
    /// it under `warnings`. Never a secret.
    func readinessWarning() async -> String?
}

extension ReadinessReporting {
    public func readinessWarning() async -> String? { nil }
}
