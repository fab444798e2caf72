/// `!recent` and `!recent clear`.
struct RecentHandler {
    let context: BotContext

    func recent(for message: ChatMessage) async throws -> [Reply] {
        await context.recentSearches.flush()  // the user's own last searches, even if just made
        let searches = try await context.store.recentSearches(
            for: message.user.storeKey, limit: context.settings.recentLimit)
        guard !searches.isEmpty else {
            return [.text("You have no recent searches; try \(context.prefix)gif <query>.")]
        }
        return [.text("Your recent searches: \(searches.joined(separator: ", "))")]
    }

    func clear(for message: ChatMessage) async throws -> [Reply] {
        await context.recentSearches.flush()  // or a pending search would come back after the clear
        try await context.store.clearRecentSearches(for: message.user.storeKey)
        return [.text("Your recent searches are cleared.")]
    }
}
