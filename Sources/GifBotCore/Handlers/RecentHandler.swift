/// `!recent` and `!recent clear`.
struct RecentHandler {
    let context: BotContext

    func recent(for message: ChatMessage) async throws -> [Reply] {
        let searches = try await context.store.recentSearches(for: message.user.storeKey, limit: context.settings.recentLimit)
        guard !searches.isEmpty else { return [.text("You have no recent searches; try \(context.prefix)gif <query>.")] }
        return [.text("Your recent searches: \(searches.joined(separator: ", "))")]
    }

    func clear(for message: ChatMessage) async throws -> [Reply] {
        try await context.store.clearRecentSearches(for: message.user.storeKey)
        return [.text("Your recent searches are cleared.")]
    }
}
