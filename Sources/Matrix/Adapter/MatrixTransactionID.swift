import Foundation

/// Transaction ids for what the bot sends. A reply's id is derived from the event it answers,
/// so answering the same event again — after a takeover by another instance, or a restart that
/// resumes from a sync position before the answer — reuses the ids and the homeserver posts
/// nothing new.
///
/// That holds because the instances share the account's device: the stored access token (or a
/// login with the stored `device_id`) is reused. The Matrix client-server spec, "Transaction
/// identifiers" (v1.7 and later, MSC3970): "The scope of a transaction ID is for a single
/// device, and a single HTTP endpoint"; a retransmission (same transaction id, same path) gets
/// "the same HTTP response code and content as the original request", i.e. the first event id.
/// Homeservers keep transaction ids for a limited time (Synapse: at least 30 minutes), far
/// longer than a takeover takes.
///
/// No two sends share an id: each kind has its own prefix, a reply's id holds both its index
/// (digits, ended by the first `-`) and the answered event id (unique in its room, and the room
/// is part of the request path), and notices, which answer no event, take a random one.
enum MatrixTransactionID {
    /// The `index`th event sent in answer to `eventID` (a text, a GIF or an `!undo` notice).
    static func reply(answering eventID: String, index: Int) -> String {
        "gifbot-reply-\(index)-\(eventID)"
    }

    /// The redaction that the `index`th reply to `eventID` (an `!undo`) makes.
    static func redaction(answering eventID: String, index: Int) -> String {
        "gifbot-undo-\(index)-\(eventID)"
    }

    /// The `number`th button (reaction) under the preview that the `index`th reply to `eventID`
    /// showed.
    static func button(_ number: Int, answering eventID: String, index: Int) -> String {
        "gifbot-button-\(number)-\(index)-\(eventID)"
    }

    /// The redaction of that button when the preview is sent.
    static func unbutton(_ number: Int, answering eventID: String, index: Int) -> String {
        "gifbot-unbutton-\(number)-\(index)-\(eventID)"
    }

    /// The redaction of an expired preview's message (one per message).
    static func expiry(of eventID: String) -> String {
        "gifbot-expired-\(eventID)"
    }

    /// A message that answers no event (an encryption notice); those are rate-limited through
    /// the store instead, so a fresh id each time is right.
    static func unprompted() -> String {
        "gifbot-notice-\(UUID().uuidString)"
    }
}
