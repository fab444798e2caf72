/// `!info [id]`: the detail view of a GIF.
struct InfoHandler {
    let context: BotContext

    func info(id: String?, for message: ChatMessage) async throws -> [Reply] {
        switch try await GifReference(context: context).resolve(id: id, command: .info, for: message) {
        case .refusal(let text): [.text(text)]
        case .gif(let gif, let card): [.text(GifInfoFormatter.line(for: gif, card: card))]
        }
    }
}
