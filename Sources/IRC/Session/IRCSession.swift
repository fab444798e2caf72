import GifBotCore
import Logging
import NIOCore

/// One connection's life: registration, then reading lines, answering commands and keeping
/// the connection alive, until the server goes away, the connection dies or the adapter shuts
/// down. One loop owns the protocol state; readers, timers and command answers feed it events.
struct IRCSession {
    let configuration: IRCNetworkConfiguration
    let channels: [IRCNetworkConfiguration.Channel]
    /// The server's nick length as an earlier connection learned it (NICKLEN comes after registration).
    var nickLengthLimit: Int? = nil
    let bot: GifBot
    let directory: IRCUserDirectory
    let control: IRCSessionControl
    let version: String
    let logger: Logger
    /// Called once when the server accepts the registration.
    let onRegistered: @Sendable () -> Void
    let health: IRCSessionHealth

    struct Outcome {
        let registered: Bool
        /// Configured channels plus those an admin invited the bot to, for the next connection.
        let channels: [IRCNetworkConfiguration.Channel]
        let nickLengthLimit: Int?
        let reason: String
    }

    func run(_ connection: IRCConnector.Connection) async throws -> Outcome {
        try await connection.executeThenClose { inbound, outbound in
            let (events, sink) = AsyncStream.makeStream(of: IRCSessionEvent.self)
            let queue = IRCOutgoingQueue(depth: health.queueDepth)
            control.attach(sink)
            defer { control.detach() }
            // Discarding: a connection lives for days and answers thousands of commands; a plain
            // task group would keep every finished answer task until the connection ends.
            return await withDiscardingTaskGroup { group in
                let logger = logger
                group.addTask {
                    let writer = IRCLineWriter(queue: queue, flood: configuration.flood) { message in
                        if logger.logLevel <= .trace {
                            logger.trace("→ \(IRCLineSerializer.serialize(Self.redacted(message)))")
                        }
                    }
                    do { try await writer.run(outbound) } catch { sink.yield(.inboundClosed("write failed: \(error)")) }
                }
                group.addTask {
                    do {
                        for try await line in inbound { sink.yield(.line(line)) }
                        sink.yield(.inboundClosed("the server closed the connection"))
                    } catch {
                        sink.yield(.inboundClosed("connection lost: \(error)"))
                    }
                }
                group.addTask {
                    while (try? await Task.sleep(for: .seconds(1))) != nil {
                        sink.yield(.tick)
                    }
                }
                var loop = SessionLoop(session: self, queue: queue, now: .now)
                let outcome = await loop.run(events) { chat, renderer, ticket in
                    // Stamped and given its turn here, in arrival order, before the answer's task
                    // waits for a core: one person's lines act in the order they were sent.
                    let message = message(for: chat, renderer: renderer, receivedAt: ContinuousClock.now)
                    let turn = bot.reserveTurn(for: message)
                    group.addTask {
                        let lines = await answer(message, in: turn, chat: chat, renderer: renderer)
                        sink.yield(.answered(ticket, lines))
                    }
                } onDeparture: { departure in
                    // In turn after that person's earlier lines there: a `!web` just before a
                    // PART grants, then the PART revokes.
                    for id in directory.departedIDs(departure) {
                        let user = ChatUser(network: configuration.name, id: id, displayName: departure.nick)
                        let turn = bot.reserveTurn(forLeaving: departure.channel, by: user)
                        group.addTask { await bot.memberLeft(user, from: departure.channel, in: turn) }
                    }
                }
                // Let a QUIT reach the server before the connection closes.
                await drain(queue)
                queue.close()
                sink.finish()
                group.cancelAll()
                return outcome
            }
        }
    }

    private func message(
        for chat: IncomingChat, renderer: IRCReplyRenderer, receivedAt: ContinuousClock.Instant
    ) -> ChatMessage {
        let user = ChatUser(
            network: configuration.name, id: directory.userID(nick: chat.nick, account: chat.account),
            displayName: chat.nick)
        let conversation = chat.isPrivate ? user.id : renderer.fold(chat.replyTarget)
        return ChatMessage(
            user: user, conversation: conversation, isPrivate: chat.isPrivate, text: chat.text,
            senderIsAdmin: chat.senderIsAdmin, receivedAt: receivedAt, messageID: chat.messageID,
            senderIsMember: chat.senderIsMember,
            channelAdminTitle: chat.isPrivate || configuration.channelAdmins == .none ? nil : "channel operators")
    }

    /// Asks the bot; the lines go back to the loop, which queues them in order.
    private func answer(
        _ message: ChatMessage, in turn: CommandTurn, chat: IncomingChat, renderer: IRCReplyRenderer
    ) async -> [IRCMessage] {
        let replies = await bot.handle(message, in: turn)
        health.status.repliesSent(replies.count)
        return renderer.lines(for: replies, answering: chat)
    }

    private func drain(_ queue: IRCOutgoingQueue) async {
        let deadline = ContinuousClock.now + .seconds(2)
        while queue.pendingCount > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Passwords never reach a log line, not even at trace level.
    static func redacted(_ message: IRCMessage) -> IRCMessage {
        let isSecret =
            message.command == "PASS"
            || (message.command == "AUTHENTICATE"
                && !["PLAIN", "EXTERNAL", "*", "+"].contains(message.parameters.first ?? ""))
        return isSecret ? IRCMessage(command: message.command, parameters: ["<redacted>"]) : message
    }
}
