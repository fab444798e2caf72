import Giphy

/// `!info [id]`: the detail view of a GIF.
struct InfoHandler {
    let context: BotContext

    func info(id: String?, for message: ChatMessage) async throws -> [Reply] {
        let gif: GiphyGif
        if let id {
            guard GifIDFormat.isValid(id) else { return [.text("\"\(TextSanitizer.truncate(id, to: 20))\" is not a GIPHY id.")] }
            gif = try await context.giphy.gif(id: id)
        } else {
            switch await context.memory.lastShown(context.memoryKey(message)) {
            case .gif(let shown): gif = shown
            case .list: return [.text("Which one? Use \(context.prefix)info <id> with an id from the list.")]
            case nil: return [.text("No GIF shown to you here yet: use \(context.prefix)info <id>, or search first.")]
            }
        }
        let rating = await context.rating(for: message)
        guard ContentPolicy.allows(gif, maximum: rating), let card = GifCardBuilder.card(for: gif) else {
            return [.text("That GIF is rated above what this channel allows (\(rating)).")]
        }
        return [.text(GifInfoFormatter.line(for: gif, card: card))]
    }
}
