import CoreMetrics
import GifBotCore

/// What a connection reports to the ops endpoint and the metrics: its readiness after every
/// event, the replies it sends, and the lines waiting in its outgoing queue.
struct IRCSessionHealth: Sendable {
    let status: AdapterStatus
    let queueDepth: Meter

    init(status: AdapterStatus, factory: any MetricsFactory) {
        self.status = status
        queueDepth = Meter(label: MetricName.ircOutgoingQueueDepth, factory: factory)
    }

    func observe(_ state: IRCClientState) {
        status.update(connected: true, problem: state.readinessProblem)
    }
}
