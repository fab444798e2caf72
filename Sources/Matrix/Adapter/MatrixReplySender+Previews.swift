import GifBotCore
import Logging
import MatrixState

/// Previews as room messages (issue 24): a room has no message only one member sees, so a
/// preview is one message replying to the command, captioned for its asker, with the bot's own
/// reactions as buttons. A shuffle edits it in place (`m.replace`); sending turns it into the post
/// (caption edited to the plain form, buttons redacted); cancel and expiry redact it, and so
/// does the next start for one a restart left open (`ShownPreviews`). Every event goes through
/// `send`, the one path that sends into a room.
extension MatrixReplySender {
    func showPreview(_ preview: PreviewCard, room: String, answering eventID: String, index: Int) async {
        let transaction = MatrixTransactionID.reply(answering: eventID, index: index)
        if preview.isShuffle, let shown = preview.shownMessageID {
            let content = await previewContent(preview, room: room, inReplyTo: nil)
            _ = await send(MatrixContent.replacing(shown, with: content), to: room, transactionID: transaction)
            return
        }
        let content = await previewContent(preview, room: room, inReplyTo: preview.originMessageID ?? eventID)
        guard let shown = await send(content, to: room, transactionID: transaction) else { return }
        await shownPreviews.showing(shown, in: room)
        guard await bot.previewShown(preview.previewID, in: room, as: shown, by: shownPreviews.account) else {
            await takeBack(shown, room: room, transactionID: MatrixTransactionID.expiry(of: shown))
            return
        }
        previewShown()
        var sent: [String] = []
        for (number, key) in preview.buttons.enumerated() {
            let button = MatrixTransactionID.button(number, answering: eventID, index: index)
            if let id = await send(
                MatrixContent.reaction(key, to: shown), type: "m.reaction", to: room, transactionID: button)
            {
                sent.append(id)
            }
        }
        buttons.record(sent, on: shown)
    }

    func postPreview(_ chosen: ChosenPreview, room: String, answering eventID: String, index: Int) async {
        let transaction = MatrixTransactionID.reply(answering: eventID, index: index)
        guard chosen.shownPrivately, let shown = chosen.shownMessageID else {
            let target = chosen.originMessageID ?? eventID
            if let posted = await sendGIF(chosen.card, to: room, answering: target, transactionID: transaction) {
                record(posted, showing: chosen.card, room: room, user: chosen.askerName)
            }
            return
        }
        if chosen.fromList {
            await takeBack(
                shown, room: room, transactionID: MatrixTransactionID.redaction(answering: eventID, index: index))
            if let posted = await sendGIF(
                chosen.card, to: room, answering: chosen.originMessageID ?? eventID, transactionID: transaction)
            {
                record(posted, showing: chosen.card, room: room, user: chosen.askerName)
            }
            return
        }
        // The preview becomes the post: the same message, in the plain form any GIF has.
        let content = await gifContent(chosen.card, room: room, inReplyTo: nil)
        _ = await send(MatrixContent.replacing(shown, with: content), to: room, transactionID: transaction)
        for (number, button) in buttons.take(shown).enumerated() {
            let redaction = MatrixTransactionID.unbutton(number, answering: eventID, index: index)
            _ = await redact(button, in: room, reason: "preview sent", transactionID: redaction)
        }
        await shownPreviews.ended(shown)
        record(shown, showing: chosen.card, room: room, user: chosen.askerName)
    }

    /// A preview gone without a post: its message is redacted (its buttons go with it); where it
    /// never showed, the asker is told in words.
    func withdrawPreview(_ withdrawn: WithdrawnPreview, room: String, transactionID: String) async {
        guard withdrawn.shownPrivately else { return }
        guard let shown = withdrawn.shownMessageID else {
            if let note = withdrawn.note {
                _ = await send(MatrixContent.notice(note, inReplyTo: nil), to: room, transactionID: transactionID)
            }
            return
        }
        await takeBack(shown, room: room, transactionID: transactionID)
    }

    /// Redacts a preview's message. One the homeserver would not redact stays recorded, so the
    /// next run tries again.
    private func takeBack(_ shown: String, room: String, transactionID: String) async {
        _ = buttons.take(shown)
        if await redact(shown, in: room, reason: "preview closed", transactionID: transactionID) {
            await shownPreviews.ended(shown)
        }
    }

    /// Redacts the preview messages an earlier run of this account showed and never ended (the
    /// process stopped or crashed while they were open): their buttons answer nothing now. Each
    /// is tried once per start and then forgotten, redacted or not, so a message the bot may no
    /// longer redact (it left the room) is not tried forever.
    func takeBackAbandonedPreviews() async {
        let abandoned = await shownPreviews.abandoned()
        guard !abandoned.isEmpty else { return }
        var redacted = 0
        for message in abandoned {
            let done = await redact(
                message.eventID, in: message.roomID, reason: "preview closed by a restart",
                transactionID: MatrixTransactionID.expiry(of: message.eventID))
            // Stopping: what was not redacted stays recorded for the next start.
            if !done, Task.isCancelled { return }
            if done { redacted += 1 }
            await shownPreviews.ended(message.eventID)
        }
        logger.info(
            "Took back the previews an earlier run left open",
            metadata: ["redacted": "\(redacted)", "left": "\(abandoned.count - redacted)"])
    }

    private func previewContent(_ preview: PreviewCard, room: String, inReplyTo eventID: String?) async -> JSONValue {
        if !preview.isList, let card = preview.choices.first {
            let caption = "Preview for \(preview.askerName): \(card.title) (\(card.id)) — ✅ send, 🔀 shuffle, ❌ cancel"
            let content = await gifContent(card, room: room, inReplyTo: eventID, caption: caption)
            if content["msgtype"]?.string == "m.image" { return content }
            return MatrixContent.notice("\(caption)\n\(card.url)", inReplyTo: eventID)
        }
        let heading = "Preview for \(preview.askerName): react with a number to post that GIF, or ❌ to cancel"
        return MatrixContent.notice(
            ([heading] + preview.choices.map(\.line)).joined(separator: "\n"), inReplyTo: eventID)
    }
}
