import Foundation
import GifSources

/// Decides which timeline events are commands to read, and what their text is. Pure, so each
/// rule (own events, notices, edits, reply fallbacks) is tested on its own.
enum MatrixMessageFilter {
    /// The text to parse, or nil when the event must not be answered.
    static func commandText(of event: RoomEvent, ownUserID: String) -> String? {
        guard event.type == "m.room.message", event.sender != ownUserID else { return nil }
        let content = event.content
        // Notices are for bots: answering them makes bots answer each other forever.
        guard content["msgtype"]?.string == "m.text", var body = content["body"]?.string else { return nil }
        // Edits repeat a message already answered.
        if content["m.new_content"] != nil || content["m.relates_to"]?["rel_type"]?.string == "m.replace" { return nil }
        if content["m.relates_to"]?["m.in_reply_to"] != nil { body = stripReplyFallback(body) }
        return body
    }

    /// The thread root of a message sent in a thread, else nil.
    static func threadRoot(of event: RoomEvent) -> String? {
        guard event.content["m.relates_to"]?["rel_type"]?.string == "m.thread" else { return nil }
        return event.content["m.relates_to"]?["event_id"]?.string
    }

    /// The reacted event and key of someone else's `m.reaction` (an annotation), else nil.
    static func reaction(in event: RoomEvent, ownUserID: String) -> (messageID: String, key: String)? {
        guard event.type == "m.reaction", event.sender != ownUserID,
            let relation = event.content["m.relates_to"], relation["rel_type"]?.string == "m.annotation",
            let messageID = relation["event_id"]?.string, let key = relation["key"]?.string,
            key.unicodeScalars.count <= 16
        else { return nil }
        return (messageID, key)
    }

    /// Replies from older clients quote the original as `> ` lines and a blank line before the
    /// answer; the command is what follows.
    static func stripReplyFallback(_ body: String) -> String {
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.hasPrefix("> ") == true else { return body }
        let rest = lines.drop { $0.hasPrefix(">") }
        return rest.drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }.joined(separator: "\n")
    }

    /// The member an `m.room.member` event says is out of the room (they left, were kicked or
    /// banned), unless it is the bot itself.
    static func departedMember(in event: RoomEvent, ownUserID: String) -> String? {
        guard event.type == "m.room.member", let member = event.stateKey, member != ownUserID,
            let membership = event.content["membership"]?.string, membership == "leave" || membership == "ban"
        else { return nil }
        return member
    }

    /// Who is out of the room after `events` (a member event each, oldest first): the members
    /// whose last membership there is a leave or ban. A member who left and came back is not.
    static func departedMembers(after events: [RoomEvent], ownUserID: String) -> [String] {
        var departed: [String: Bool] = [:]
        for event in events where event.type == "m.room.member" {
            guard let member = event.stateKey, member != ownUserID else { continue }
            departed[member] = departedMember(in: event, ownUserID: ownUserID) != nil
        }
        return departed.filter(\.value).map(\.key).sorted()
    }

    /// The inviter of an invite, if the invite is for `ownUserID`.
    static func inviter(in room: SyncResponse.InvitedRoom, ownUserID: String) -> String? {
        room.inviteState?.events?.elements.first { event in
            event.type == "m.room.member" && event.stateKey == ownUserID
                && event.content?["membership"]?.string == "invite"
        }?.sender
    }
}
