import Foundation
import GifBotCore
import Logging

/// Sends the bot's replies to a room, in order, and makes sure they arrive: a failed send is
/// retried with the same transaction id (the homeserver then never posts twice), and a 429
/// waits as long as the homeserver asks before trying again. Nothing is dropped for a rate
/// limit; only a refusal (not in the room, forbidden) gives up, with a log line. The ids come
/// from the answered event (`MatrixTransactionID`), so answering an event again — on another
/// instance after a takeover — posts nothing twice either.
struct MatrixReplySender: Sendable {
    static let maximumAttempts = 30

    let client: MatrixClient
    let uploader: GIFUploader?
    let posted: PostedGIFLog
    /// The longest a homeserver's 429 may make a reply wait (`MatrixTiming.maximumServerWait`).
    let maximumServerWait: Duration
    /// The direct room the bot made with each user, for `.privateMessage`.
    let directRooms = DirectRooms()
    let logger: Logger

    func deliver(_ replies: [Reply], room: String, answering eventID: String, user: String) async {
        // Each reply sends at most one event, so its index names that event's transaction.
        for (index, reply) in replies.enumerated() {
            let transaction = MatrixTransactionID.reply(answering: eventID, index: index)
            switch reply {
            case .text(let text), .notice(let text):
                _ = await send(MatrixContent.notice(text, inReplyTo: eventID), to: room, transactionID: transaction)
            case .gif(let card):
                if let posted = await sendGIF(card, to: room, answering: eventID, transactionID: transaction) {
                    self.posted.record(posted, room: room, user: user)
                }
            case .undoLastGif:
                await undo(room: room, user: user, answering: eventID, index: index)
            case .privateMessage(let text):
                await sendPrivately(text, to: user, transactionID: transaction)
            }
        }
    }

    /// Never falls back to the room it was asked in: a private message there would not be private.
    private func sendPrivately(_ text: String, to user: String, transactionID: String) async {
        do {
            let room = try await directRooms.room(with: user) { try await client.createDirectRoom(with: user) }
            _ = await send(MatrixContent.notice(text, inReplyTo: nil), to: room, transactionID: transactionID)
        } catch {
            logger.warning("Could not open a direct room", metadata: ["user": "\(user)", "error": "\(error)"])
        }
    }

    private func sendGIF(
        _ card: GifCard, to room: String, answering eventID: String, transactionID: String
    ) async -> String? {
        if let uploader {
            do {
                let media = try await uploader.media(for: card)
                return await send(
                    MatrixContent.image(card, media: media, inReplyTo: eventID), to: room, transactionID: transactionID)
            } catch {
                logger.warning(
                    "GIF upload failed; posting the link", metadata: ["gif": "\(card.id)", "error": "\(error)"])
            }
        }
        return await send(MatrixContent.link(to: card, inReplyTo: eventID), to: room, transactionID: transactionID)
    }

    private func undo(room: String, user: String, answering eventID: String, index: Int) async {
        let notice = MatrixTransactionID.reply(answering: eventID, index: index)
        guard let last = posted.takeLast(room: room, user: user) else {
            _ = await send(
                MatrixContent.notice("There is no GIF of mine for you to remove here.", inReplyTo: eventID),
                to: room, transactionID: notice)
            return
        }
        let transaction = MatrixTransactionID.redaction(answering: eventID, index: index)
        let redacted = await retrying("redaction") { () async throws(MatrixError) -> String in
            try await client.redact(
                last, in: room, reason: "removed at the request of \(user)", transactionID: transaction)
            return last
        }
        if redacted == nil {
            _ = await send(
                MatrixContent.notice("I could not remove that GIF.", inReplyTo: eventID), to: room,
                transactionID: notice)
        }
    }

    /// Sends one event; returns its id, or nil when the homeserver refused it for good.
    func send(_ content: JSONValue, to room: String, transactionID transaction: String) async -> String? {
        await retrying("send") { () async throws(MatrixError) -> String in
            try await client.send(content, to: room, transactionID: transaction)
        }
    }

    private func retrying<T: Sendable>(_ what: String, _ operation: () async throws(MatrixError) -> T) async -> T? {
        var backoff = ReconnectBackoff(initial: .milliseconds(500), maximum: .seconds(30))
        for attempt in 1...Self.maximumAttempts {
            do {
                return try await operation()
            } catch {
                guard error.isRetryable, !Task.isCancelled else {
                    logger.error("Matrix \(what) refused", metadata: ["error": "\(error)"])
                    return nil
                }
                var delay = backoff.nextDelay()
                if case .api(_, _, _, let retryAfter?) = error, error.isRateLimited {
                    let (wait, wasCapped) = ServerRequestedWait.capped(retryAfter, at: maximumServerWait)
                    delay = wait
                    if wasCapped {
                        logger.warning(
                            "The homeserver asked for a longer wait than allowed; waiting the maximum",
                            metadata: ["asked": "\(retryAfter)", "waiting": "\(wait)"])
                    }
                }
                logger.notice(
                    "Matrix \(what) will be retried",
                    metadata: [
                        "attempt": "\(attempt)", "error": "\(error)",
                        "delay": "\(delay)",
                    ])
                do { try await Task.sleep(for: delay) } catch { return nil }
            }
        }
        logger.error("Matrix \(what) failed after \(Self.maximumAttempts) attempts")
        return nil
    }
}
