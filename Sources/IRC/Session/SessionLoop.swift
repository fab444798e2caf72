import GifBotCore
import Logging

/// The single owner of a connection's protocol state: applies every event to the state
/// machine and carries out the resulting actions.
struct SessionLoop {
    let session: IRCSession
    let queue: IRCOutgoingQueue
    var state: IRCClientState
    private var order = ReplyOrder()
    private var announcedRegistration = false
    /// Set once QUIT was sent: the loop ends when the server closes the link or at this time.
    private var quitDeadline: ContinuousClock.Instant?
    static let quitGracePeriod = Duration.seconds(3)

    init(session: IRCSession, queue: IRCOutgoingQueue, now: ContinuousClock.Instant) {
        self.session = session
        self.queue = queue
        state = IRCClientState(
            configuration: session.configuration, channels: session.channels,
            nickLengthLimit: session.nickLengthLimit, version: session.version, now: now)
    }

    typealias ChatHandler = (IncomingChat, IRCReplyRenderer, ReplyOrder.Ticket) -> Void
    typealias DepartureHandler = (ChannelDeparture) -> Void

    mutating func run(
        _ events: AsyncStream<IRCSessionEvent>, onChat: ChatHandler, onDeparture: DepartureHandler = { _ in }
    ) async -> IRCSession.Outcome {
        let reason = "connection ended"
        if let ended = perform(state.start(), onChat: onChat, onDeparture: onDeparture) { return outcome(ended) }
        for await event in events {
            let actions: [IRCClientAction]
            switch event {
            case .line(.line(let text)):
                guard let message = IRCMessageParser.parse(text) else {
                    session.logger.debug("Ignored an unparsable line", metadata: ["bytes": "\(text.utf8.count)"])
                    continue
                }
                actions = state.receive(message, now: .now)
            case .line(.overlong(let byteCount)):
                session.logger.warning("Dropped an overlong line from the server", metadata: ["bytes": "\(byteCount)"])
                continue
            case .inboundClosed(let why):
                return outcome(quitDeadline == nil ? why : "shutting down")
            case .tick:
                if let deadline = quitDeadline, ContinuousClock.now >= deadline { return outcome("shutting down") }
                actions = state.tick(now: .now)
            case .answered(let ticket, let lines):
                let dropped = queue.enqueue(order.release(lines, for: ticket), bypassFloodControl: false)
                if dropped > 0 { session.logger.warning("Outgoing queue full; dropped \(dropped) lines") }
                continue
            case .post(let number, let pick):
                session.control.settle(number, post(pick))
                continue
            case .shutdown(let why):
                // Wait for the server to close the link after our QUIT, so the QUIT (and its
                // reason) is not lost to a connection closed under it; give up after a while.
                guard quitDeadline == nil else { continue }
                quitDeadline = .now + Self.quitGracePeriod
                _ = perform(state.quit(reason: why), onChat: onChat, onDeparture: onDeparture)
                continue
            }
            if !announcedRegistration, state.hasRegistered {
                announcedRegistration = true
                session.onRegistered()
            }
            session.health.observe(state)
            if let ended = perform(actions, onChat: onChat, onDeparture: onDeparture) {
                return outcome(ended)
            }
        }
        return outcome(reason)
    }

    /// Queues a picked GIF for its channel, if the bot is in it now.
    private func post(_ pick: PickedGif) -> PickDelivery {
        guard state.isRegistered, state.joinedChannels.contains(state.fold(pick.conversation)) else {
            return .unavailable
        }
        let renderer = IRCReplyRenderer(
            ownPrefix: state.ownPrefix, canTagReplies: state.canTagReplies, caseMapping: state.caseMapping)
        let dropped = queue.enqueue(renderer.lines(for: pick), bypassFloodControl: false)
        if dropped > 0 { session.logger.warning("Outgoing queue full; dropped \(dropped) lines") }
        return dropped > 0 ? .unavailable : .posted
    }

    /// Carries out actions; returns a reason when the connection must end.
    private mutating func perform(
        _ actions: [IRCClientAction], onChat: ChatHandler, onDeparture: DepartureHandler
    ) -> String? {
        for action in actions {
            switch action {
            case .send(let message, let bypass):
                queue.enqueue([message], bypassFloodControl: bypass)
            case .chat(let chat):
                session.directory.update(caseMapping: state.caseMapping, knowsAccounts: state.knowsAccounts)
                let renderer = IRCReplyRenderer(
                    ownPrefix: state.ownPrefix,
                    canTagReplies: state.canTagReplies, caseMapping: state.caseMapping)
                onChat(chat, renderer, order.ticket(for: renderer.fold(chat.replyTarget)))
            case .departed(let departure):
                session.directory.update(caseMapping: state.caseMapping, knowsAccounts: state.knowsAccounts)
                onDeparture(departure)
            case .log(let level, let text):
                session.logger.log(level: level, "\(text)", metadata: ["network": "\(session.configuration.name)"])
            case .disconnect(let reason):
                return reason
            }
        }
        return nil
    }

    private func outcome(_ reason: String) -> IRCSession.Outcome {
        if order.outstanding > 0 {
            session.logger.notice(
                "Connection ended with answers in flight; they are dropped",
                metadata: ["answers": "\(order.outstanding)", "reason": "\(reason)"])
        }
        return IRCSession.Outcome(
            registered: state.hasRegistered, channels: state.wantedChannels,
            nickLengthLimit: state.nickLengthLimit, reason: reason)
    }
}
