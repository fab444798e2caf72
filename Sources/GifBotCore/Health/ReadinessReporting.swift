/// What the ops endpoint's `/readyz` asks each part of a running bot: the store, every adapter.
public protocol ReadinessReporting: Sendable {
    /// nil when ready; otherwise one short line naming the part and why it is not ready, such as
    /// "irc:libera: not connected". Shown to operators, so never a secret.
    func readinessProblem() async -> String?
}
