import Foundation
import GifBotCore
import Logging
import MatrixState

/// Sends the bot's replies to a room, in order, and makes sure they arrive: a failed send is
/// retried with the same transaction id (the homeserver then never posts twice), and a 429
/// waits as long as the homeserver asks before trying again. Nothing is dropped for a rate
/// limit; only a refusal (not in the room, forbidden) gives up, with a log line. The ids come
/// from the answered event (`MatrixTransactionID`), so answering an event again — on another
/// instance after a takeover — posts nothing twice either.
struct MatrixReplySender: Sendable {
    let client: MatrixClient
    let uploader: GIFUploader?
    let posted: PostedGIFLog
    /// Encrypts what goes to encrypted rooms; nil when end-to-end encryption does not run.
    var encryptor: RoomEventEncryptor?
    /// Told which message shows each preview, so reactions to it reach the preview.
    let bot: GifBot
    let buttons: PreviewButtons
    /// The preview messages showing, in the store, so the next run redacts those a restart left;
    /// its account also names this sender to the core as the one that shows its previews.
    let shownPreviews: ShownPreviews
    /// The thread the answered command was sent in: replies go to that thread.
    var threadRoot: String? = nil
    /// The longest a homeserver's 429 may make a reply wait (`MatrixTiming.maximumServerWait`).
    let maximumServerWait: Duration
    /// Called when a preview's message shows: the expiry sweep, which sleeps until the next
    /// expiry it knows of, wakes to learn of this one.
    var previewShown: @Sendable () -> Void = {}
    /// Carries out `!pack on|off` and keeps published packs current; nil where the sender posts
    /// only (tests of replies alone).
    var roomFeatures: MatrixRoomFeatures? = nil
    /// The direct room the bot made with each user, for replies only they may read
    /// (`ReplyAudience.askerAlone`).
    let directRooms = DirectRooms()
    let logger: Logger

    func deliver(
        _ replies: [Reply], room: String, answering eventID: String, user: String, inThread root: String? = nil
    ) async {
        if let root, threadRoot == nil {
            var threaded = self
            threaded.threadRoot = root
            await threaded.deliver(replies, room: room, answering: eventID, user: user)
            return
        }
        // Each reply sends at most one event, so its index names that event's transaction.
        for (index, reply) in replies.enumerated() {
            let transaction = MatrixTransactionID.reply(answering: eventID, index: index)
            // What nobody else may read never goes to the room, whatever reply carries it.
            if reply.audience == .askerAlone {
                await sendPrivately(reply.lines.joined(separator: "\n"), to: user, transactionID: transaction)
                continue
            }
            switch reply {
            case .text(let text), .notice(let text):
                _ = await send(MatrixContent.notice(text, inReplyTo: eventID), to: room, transactionID: transaction)
            case .gif(let card):
                if let posted = await sendGIF(card, to: room, answering: eventID, transactionID: transaction) {
                    record(posted, showing: card, room: room, user: user)
                }
            case .undoLastGif:
                await undo(room: room, user: user, answering: eventID, index: index)
            case .preview(let preview):
                await showPreview(preview, room: room, answering: eventID, index: index)
            case .postPreview(let chosen):
                await postPreview(chosen, room: room, answering: eventID, index: index)
            case .withdrawPreview(let withdrawn):
                await withdrawPreview(
                    withdrawn, room: room,
                    transactionID: MatrixTransactionID.redaction(answering: eventID, index: index))
            case .roomFeature(let change):
                let said = await roomFeatures?.change(change) ?? change.unsupportedText
                _ = await send(MatrixContent.notice(said, inReplyTo: eventID), to: room, transactionID: transaction)
            case .privateMessage:
                break  // sent privately above
            }
        }
        // A save, a forget or a tag change shows in the room's image pack at once.
        if !replies.isEmpty { await roomFeatures?.refresh(room) }
    }

    /// Never falls back to the room it was asked in: a private message there would not be private.
    private func sendPrivately(_ text: String, to user: String, transactionID: String) async {
        do {
            // Encrypted whenever the bot can encrypt: a private message may be a credential.
            let room = try await directRooms.room(with: user) {
                try await client.createDirectRoom(with: user, encrypted: encryptor != nil)
            }
            _ = await send(MatrixContent.notice(text, inReplyTo: nil), to: room, transactionID: transactionID)
        } catch {
            logger.warning("Could not open a direct room", metadata: ["user": "\(user)", "error": "\(error)"])
        }
    }

    func sendGIF(
        _ card: GifCard, to room: String, answering eventID: String, transactionID: String
    ) async -> String? {
        await send(await gifContent(card, room: room, inReplyTo: eventID), to: room, transactionID: transactionID)
    }

    /// The GIF as an inline image: in an encrypted room encrypted before it is uploaded (`file`
    /// instead of `url`), so the homeserver never holds it in the clear; the link when the upload
    /// fails or uploads are off. The one place posts, previews and edits get their image from.
    /// - Parameter leadsLink: whether the caption also leads the link (a pick's, which names its
    ///   picker); a preview's caption is for the image only.
    func gifContent(
        _ card: GifCard, room: String, inReplyTo eventID: String?, caption: String? = nil, leadsLink: Bool = false
    ) async -> JSONValue {
        if let uploader, let encryptor, await encryptor.isEncrypted(room) {
            do {
                let (gif, thumbnail) = try await uploader.encryptedMediaWithThumbnail(for: card)
                let image = MatrixContent.encryptedImage(
                    card, media: gif.media, file: gif.file, inReplyTo: eventID, caption: caption)
                // A thumbnail is a nicety: the image goes out without one when it cannot be made.
                guard let thumbnail else { return image }
                return MatrixContent.withThumbnail(image, thumbnail.media, file: thumbnail.file)
            } catch {
                logger.warning(
                    "Encrypted GIF upload failed; posting the link",
                    metadata: ["gif": "\(card.id)", "error": "\(error)"])
            }
        } else if let uploader {
            do {
                let (media, thumbnail) = try await uploader.mediaWithThumbnail(for: card)
                let image = MatrixContent.image(card, media: media, inReplyTo: eventID, caption: caption)
                guard let thumbnail else { return image }
                return MatrixContent.withThumbnail(image, thumbnail, file: nil)
            } catch {
                logger.warning(
                    "GIF upload failed; posting the link", metadata: ["gif": "\(card.id)", "error": "\(error)"])
            }
        }
        return MatrixContent.link(to: card, inReplyTo: eventID, lead: leadsLink ? caption : nil)
    }

    /// Learns which GIFs have a recorded upload, plain and encrypted (`RecordedUploads`).
    func learnRecordedUploads() async {
        await uploader?.learnRecordedUploads()
    }

    /// Writes the uploads' waiting records, plain and encrypted (`UploadRecords`).
    func writeUploadRecords() async {
        await uploader?.writeRecords()
    }

    /// Notes a GIF message the bot posted: for `!undo` (by whom it was asked) and for the core
    /// (which GIF it shows, so a 💾 on it saves that GIF).
    func record(_ eventID: String, showing card: GifCard, room: String, user: String) {
        posted.record(eventID, room: room, user: user)
        bot.gifPosted(card.id, in: room, as: eventID)
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

    /// Sends one room event: the single point every event the bot posts passes, so that in an
    /// encrypted room it is encrypted (`RoomEventEncryptor`) once, before the retries. Returns
    /// its id, or nil when the homeserver refused it for good (or it could not be encrypted).
    func send(
        _ content: JSONValue, type: String = "m.room.message", to room: String, transactionID transaction: String
    ) async -> String? {
        let content = threadRoot.map { MatrixContent.inThread(content, root: $0) } ?? content
        var event = (content: content, type: type)
        if let encryptor {
            guard let prepared = await encryptor.prepare(content, type: type, room: room) else { return nil }
            event = prepared
        }
        return await retrying("send") { () async throws(MatrixError) -> String in
            try await client.send(event.content, type: event.type, to: room, transactionID: transaction)
        }
    }

    /// Redacts one event; false when the homeserver refused it for good.
    func redact(_ eventID: String, in room: String, reason: String, transactionID: String) async -> Bool {
        await retrying("redaction") { () async throws(MatrixError) -> Bool in
            try await client.redact(eventID, in: room, reason: reason, transactionID: transactionID)
            return true
        } ?? false
    }

    private func retrying<T: Sendable>(_ what: String, _ operation: () async throws(MatrixError) -> T) async -> T? {
        do {
            return try await MatrixRetry(maximumServerWait: maximumServerWait, logger: logger).run(what, operation)
        } catch  where !error.isRetryable {
            logger.error("Matrix \(what) refused", metadata: ["error": "\(error)"])
        } catch {
            // Logged by the retry when the attempts ran out; else cancelled.
        }
        return nil
    }
}
