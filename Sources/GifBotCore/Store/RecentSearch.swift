/// One search to remember, for `recordSearches`.
public struct RecentSearch: Sendable, Equatable {
    public let query: String
    public let user: UserKey

    public init(query: String, user: UserKey) {
        self.query = query
        self.user = user
    }
}
