import Matrix

/// One room event as the homeserver delivered it (timeline events from /sync, or a single
/// event fetched with `MatrixTestClient.event(_:in:)`), with accessors for what bot tests check.
public struct MatrixTestEvent: Sendable, Hashable, CustomStringConvertible {
    public let eventID: String
    public let type: String
    public let sender: String
    /// The event's `content`; an empty object for a redacted message.
    public let content: JSONValue
    /// For `m.room.redaction`: the redacted event (top-level `redacts`, or `content.redacts`
    /// in room versions 11+).
    public let redacts: String?
    /// The `unsigned` object (`transaction_id`, `redacted_because`, `age`...), if any.
    public let unsigned: JSONValue?
    public let stateKey: String?
    public let originServerTS: Int?
    /// The whole event as received.
    public let raw: JSONValue

    /// Nil if `raw` lacks an event id, type or sender (e.g. stripped invite state).
    public init?(_ raw: JSONValue) {
        guard let eventID = raw["event_id"]?.stringValue,
            let type = raw["type"]?.stringValue,
            let sender = raw["sender"]?.stringValue
        else { return nil }
        self.eventID = eventID
        self.type = type
        self.sender = sender
        self.content = raw["content"] ?? .object([:])
        self.redacts = raw["redacts"]?.stringValue ?? raw["content"]?["redacts"]?.stringValue
        self.unsigned = raw["unsigned"]
        self.stateKey = raw["state_key"]?.stringValue
        self.originServerTS = raw["origin_server_ts"]?.intValue
        self.raw = raw
    }

    public var msgtype: String? { content["msgtype"]?.stringValue }
    public var body: String? { content["body"]?.stringValue }
    public var formattedBody: String? { content["formatted_body"]?.stringValue }
    /// The `mxc://` URI of an m.image / m.file / m.video / m.audio message.
    public var url: String? { content["url"]?.stringValue }
    /// The event this one replies to (`m.relates_to.m.in_reply_to.event_id`).
    public var inReplyTo: String? { content["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.stringValue }
    /// `m.relates_to.rel_type` (`m.replace` for edits, `m.thread`, `m.annotation`...).
    public var relationType: String? { content["m.relates_to"]?["rel_type"]?.stringValue }
    /// The event an edit (`rel_type` `m.replace`) or other relation points at.
    public var relatesTo: String? { content["m.relates_to"]?["event_id"]?.stringValue }
    /// The replacement content of an edit.
    public var newContent: JSONValue? { content["m.new_content"] }
    /// For m.room.member: join, invite, leave, ban or knock.
    public var membership: String? { content["membership"]?.stringValue }

    /// Whether the homeserver delivered this event redacted: `unsigned.redacted_because` is
    /// set, or a message/ reaction arrived with empty content. An event received before its
    /// redaction keeps its content here; fetch it again with `event(_:in:)` to see the change.
    public var isRedacted: Bool {
        if unsigned?["redacted_because"] != nil { return true }
        let contentEmpty = content.objectValue?.isEmpty ?? true
        return contentEmpty && stateKey == nil && type != "m.room.redaction"
    }

    public var description: String {
        var text = "\(eventID) \(type) from \(sender)"
        if let msgtype { text += " [\(msgtype)]" }
        if let body { text += ": \(body.count > 120 ? String(body.prefix(120)) + "..." : body)" }
        if let membership { text += " membership=\(membership) state_key=\(stateKey ?? "")" }
        if let redacts { text += " redacts=\(redacts)" }
        return text
    }
}
