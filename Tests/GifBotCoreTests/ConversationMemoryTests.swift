import GifSources
import Storage
import Testing

@testable import GifBotCore

/// Where each user's searches are up to: found again however the query is spelled, `!more`
/// continues the last one, and a conversation keeps its most recently continued searches.
@Suite struct ConversationMemoryTests {
    private static let ann = ConversationMemory.Key(
        user: UserKey(network: "test", userID: "ann"), conversation: "#gifs")
    private static let bob = ConversationMemory.Key(
        user: UserKey(network: "test", userID: "bob"), conversation: "#gifs")

    private static func advanced(
        _ memory: ConversationMemory, _ key: ConversationMemory.Key, _ query: String, to index: Int
    ) async {
        var cursor = await memory.cursor(key, query: query)
        cursor.nextIndex = index
        cursor.shown.insert(GifRef(source: .giphy, key: "\(query)-\(index)"))
        await memory.save(cursor, for: key)
    }

    @Test func aSearchIsFoundAgainWhateverItsCaseAndSpacing() async {
        let memory = ConversationMemory()
        await Self.advanced(memory, Self.ann, "Funny  Cat", to: 3)
        let again = await memory.cursor(Self.ann, query: " funny cat ")
        #expect(again.nextIndex == 3)
        #expect(again.query == "Funny  Cat")
        #expect(again.shown.contains(GifRef(source: .giphy, key: "Funny  Cat-3")))
        let otherUser = await memory.cursor(Self.bob, query: "funny cat")
        #expect(otherUser.nextIndex == 0)
        #expect(otherUser.shown.isEmpty)
    }

    @Test func moreContinuesTheSearchLastSaved() async throws {
        let memory = ConversationMemory()
        #expect(await memory.lastSearch(Self.ann) == nil)
        await Self.advanced(memory, Self.ann, "cat", to: 1)
        await Self.advanced(memory, Self.ann, "dog", to: 2)
        await Self.advanced(memory, Self.ann, "cat", to: 5)
        let last = try #require(await memory.lastSearch(Self.ann))
        #expect(last.query == "cat")
        #expect(last.nextIndex == 5)
    }

    @Test func theLeastRecentlyContinuedSearchGoesFirst() async {
        let memory = ConversationMemory(maximumQueriesPerConversation: 3)
        await Self.advanced(memory, Self.ann, "one", to: 1)
        await Self.advanced(memory, Self.ann, "two", to: 1)
        await Self.advanced(memory, Self.ann, "three", to: 1)
        await Self.advanced(memory, Self.ann, "one", to: 2)  // continued: now the most recent
        await Self.advanced(memory, Self.ann, "four", to: 1)  // a fourth: "two" goes
        #expect(await memory.cursor(Self.ann, query: "two").nextIndex == 0)
        #expect(await memory.cursor(Self.ann, query: "one").nextIndex == 2)
        #expect(await memory.cursor(Self.ann, query: "three").nextIndex == 1)
        #expect(await memory.cursor(Self.ann, query: "four").nextIndex == 1)
    }

    @Test func shownGifsTellSourcesApart() {
        var shown = ShownGifs()
        shown.insert(GifRef(source: .giphy, key: "hello-1"))
        #expect(shown.contains(GifRef(source: .giphy, key: "hello-1")))
        #expect(!shown.contains(GifRef(source: .klipy, key: "hello-1")))
        #expect(!shown.contains(GifRef(source: .giphy, key: "hello-2")))
    }
}
