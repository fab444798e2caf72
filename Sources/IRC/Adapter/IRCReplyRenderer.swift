import GifBotCore

/// Turns the bot's replies into PRIVMSG and NOTICE lines that are safe to send: every piece
/// fits the 512 bytes the server relays (counting the bot's own prefix), none starts with a
/// command prefix or a CTCP marker, and none can carry CR, LF or NUL.
struct IRCReplyRenderer {
    /// What is known about the bot on this connection.
    let ownPrefix: String?
    let canTagReplies: Bool
    let caseMapping: IRCCaseMapping

    func fold(_ name: String) -> String { caseMapping.fold(name) }

    static let undoText = "Messages can't be deleted on IRC once they are sent."

    func lines(for replies: [Reply], answering chat: IncomingChat) -> [IRCMessage] {
        replies.flatMap { reply -> [IRCMessage] in
            switch reply.audience {
            // For the asker: private NOTICEs, one line per GIF of a preview so that no link is
            // split (a preview names the channel it is for).
            case .asker: reply.lines.flatMap { notice($0, to: chat.nick) }
            case .askerAlone: reply.lines.flatMap { privmsg($0, answering: chat.privately) }
            case .conversation: toConversation(reply, answering: chat)
            }
        }
    }

    private func toConversation(_ reply: Reply, answering chat: IncomingChat) -> [IRCMessage] {
        switch reply {
        case .gif(let card): privmsg(Self.line(for: card, fitting: privmsgBudget(answering: chat)), answering: chat)
        case .undoLastGif: privmsg(Self.undoText, answering: chat)
        case .postPreview(let chosen): post(chosen)
        default: privmsg(reply.line, answering: chat)
        }
    }

    /// In a channel every piece is addressed to the asker (`alice: …`), which also means no
    /// piece can begin with another bot's prefix. In private, a piece that would begin with
    /// a symbol gets a neutral marker in front for the same reason.
    private func privmsg(_ text: String, answering chat: IncomingChat) -> [IRCMessage] {
        let address = Self.address(answering: chat)
        let clean = TextSanitizer.clean(text)
        let budget = privmsgBudget(answering: chat)
        var tags: [String: String] = [:]
        if canTagReplies, let messageID = chat.messageID { tags["+reply"] = messageID }
        return IRCMessageSplitter.split(clean, maximumBytes: max(16, budget)).map { piece in
            IRCMessage(
                tags: tags, command: "PRIVMSG",
                parameters: [chat.replyTarget, address + guarded(piece, isPrivate: chat.isPrivate)])
        }
    }

    /// A chosen preview goes to its channel as any answer there does, even when it was chosen in
    /// a private message: addressed to the asker, threaded to their command where tags allow.
    private func post(_ chosen: ChosenPreview) -> [IRCMessage] {
        let address = "\(IRCLineSerializer.strip(chosen.askerName)): "
        let budget =
            IRCLineBudget.textBytes(command: "PRIVMSG", target: chosen.conversation, ownPrefix: ownPrefix)
            - address.utf8.count - Self.markerBytes
        var tags: [String: String] = [:]
        if canTagReplies, let messageID = chosen.originMessageID { tags["+reply"] = messageID }
        let line = TextSanitizer.clean(Self.line(for: chosen.card, fitting: budget))
        return IRCMessageSplitter.split(line, maximumBytes: max(16, budget)).map { piece in
            IRCMessage(tags: tags, command: "PRIVMSG", parameters: [chosen.conversation, address + piece])
        }
    }

    /// A GIF picked in the gallery: "alice picked: Title (id) https://…" in its channel, the link
    /// kept whole as in every GIF line.
    func lines(for pick: PickedGif) -> [IRCMessage] {
        let intro = "\(IRCLineSerializer.strip(pick.pickerName)) picked: "
        let budget =
            IRCLineBudget.textBytes(command: "PRIVMSG", target: pick.conversation, ownPrefix: ownPrefix)
            - intro.utf8.count - Self.markerBytes
        let line = TextSanitizer.clean(Self.line(for: pick.card, fitting: budget))
        return IRCMessageSplitter.split(line, maximumBytes: max(16, budget)).map { piece in
            IRCMessage(command: "PRIVMSG", parameters: [pick.conversation, intro + piece])
        }
    }

    private static func address(answering chat: IncomingChat) -> String {
        chat.isPrivate ? "" : "\(IRCLineSerializer.strip(chat.nick)): "
    }

    /// The bytes of text one PRIVMSG piece may carry after the address and a possible marker.
    private func privmsgBudget(answering chat: IncomingChat) -> Int {
        IRCLineBudget.textBytes(command: "PRIVMSG", target: chat.replyTarget, ownPrefix: ownPrefix)
            - Self.address(answering: chat).utf8.count - Self.markerBytes
    }

    /// A GIF's line in one piece: when it is too long the title is shortened, never the link
    /// (a link split over two lines opens nothing). Only a card whose link, id and label alone
    /// overflow the line is left to the splitter, which still keeps the link whole if it can.
    static func line(for card: GifCard, fitting budget: Int) -> String {
        let line = card.line
        guard line.utf8.count > budget else { return line }
        let titleBudget = budget - (line.utf8.count - card.title.utf8.count)
        guard let title = IRCTitleShortener.shorten(card.title, toBytes: titleBudget) else { return line }
        return GifCard(
            id: card.id, title: title, url: card.url, width: card.width, height: card.height, byteSize: card.byteSize,
            rating: card.rating, pageURL: card.pageURL, label: card.label, renditions: card.renditions, via: card.via,
            caption: card.caption
        ).line
    }

    private func notice(_ text: String, to nick: String) -> [IRCMessage] {
        let budget = IRCLineBudget.textBytes(command: "NOTICE", target: nick, ownPrefix: ownPrefix) - Self.markerBytes
        return IRCMessageSplitter.split(TextSanitizer.clean(text), maximumBytes: max(16, budget)).map { piece in
            IRCMessage(command: "NOTICE", parameters: [nick, guarded(piece, isPrivate: true)])
        }
    }

    private static let marker = "» "
    private static var markerBytes: Int { marker.utf8.count }

    private func guarded(_ piece: String, isPrivate: Bool) -> String {
        guard isPrivate, let first = piece.unicodeScalars.first,
            !(first.properties.isAlphabetic || ("0"..."9").contains(first))
        else { return piece }
        return Self.marker + piece
    }
}
