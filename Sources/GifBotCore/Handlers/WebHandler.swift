/// `!web`: the asker's login link to the web gallery, sent privately; in a channel a short
/// line says where it went, so the link itself is never seen by anyone else.
struct WebHandler {
    let context: BotContext

    static let offText = "The web gallery is not turned on for this bot."
    static let sentText = "I sent you a private message with your link to the gallery."

    func link(for message: ChatMessage) async throws -> [Reply] {
        guard let links = context.webLinks else { return [.text(Self.offText)] }
        let link = try await links.loginLink(
            for: message.user.storeKey, channel: message.isPrivate ? nil : message.conversation)
        let text = "Your gallery link (it works once, for 15 minutes; keep it to yourself): \(link)"
        return message.isPrivate ? [.privateMessage(text)] : [.privateMessage(text), .text(Self.sentText)]
    }
}
