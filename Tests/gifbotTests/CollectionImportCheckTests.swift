import Foundation
import GifBotCore
import Storage
import Testing

@testable import gifbot

/// What `gifbot import` accepts of a collection record: what `!save` could have stored.
@Suite struct CollectionImportCheckTests {
    static func entry(
        gifID: String = "C7RCCFdaixA3u", source: String = "giphy", title: String = "Cat", tags: [String] = ["cat"],
        savedBy: String = "bob", savedAt: Double = 1_700_000_000, url: String = "https://media.giphy.com/x.gif",
        preview: CollectionPreview? = CollectionPreview(
            url: "https://media.giphy.com/100w.gif", width: 100, height: 80),
        pageURL: String? = "https://giphy.com/gifs/x", rating: String? = "g"
    ) -> StoreRecord {
        .collectionEntry(
            CollectionEntry(
                channel: CollectionChannel(network: "console", channel: "#gifs"), gifID: gifID, source: source,
                title: title, tags: tags, savedBy: UserKey(network: "console", userID: savedBy), savedByName: "Bob",
                savedAt: Date(timeIntervalSince1970: savedAt), url: url, preview: preview, pageURL: pageURL,
                rating: rating))
    }

    @Test func aGoodEntryAndPolicyPass() {
        #expect(ImportRecordCheck.problem(with: Self.entry()) == nil)
        #expect(
            ImportRecordCheck.problem(with: Self.entry(gifID: "klipy:hello-hi-662", source: "klipy", preview: nil))
                == nil)
        let policy = StoreRecord.collectionPolicy(
            CollectionChannel(network: "console", channel: "#gifs"), CollectionPolicy(savers: .admins, isPublic: true))
        #expect(ImportRecordCheck.problem(with: policy) == nil)
    }

    static let badTags =
        "tags are not distinct tags as chat takes them (lowercased NFC words of at most 32 scalars, nothing invisible)"

    static let hostile: [(StoreRecord, String)] = [
        (entry(gifID: "../../v1/gifs"), "gif_id is not a GIF id"),
        (entry(source: "klipy"), "source is not the gif_id's source"),
        (entry(tags: ["Cat"]), badTags),
        (entry(tags: ["cat", "cat"]), badTags),
        (entry(tags: ["a b"]), badTags),
        (
            entry(tags: [String(repeating: "x", count: 33)]),
            badTags
        ),
        // Look-alikes and hidden bytes (issue 31): the rule chat applies, in one place.
        (entry(tags: ["c\u{200D}at"]), badTags),
        (entry(tags: ["cat\u{E0063}"]), badTags),
        (entry(tags: ["cafe\u{0301}"]), badTags),
        (entry(tags: ["a" + String(repeating: "\u{0301}", count: 2_000)]), badTags),
        (entry(tags: (1...11).map { "t\($0)" }), "tags has more than 10"),
        (entry(title: "bell\u{7}"), "title is empty, too long or holds control characters"),
        (entry(savedBy: ""), "saved_by is empty, too long or holds control characters"),
        (entry(savedAt: 1e30), "saved_at is not a time between 1970 and now"),
        (entry(savedAt: -5), "saved_at is not a time between 1970 and now"),
        (entry(url: "javascript:alert(1)//x.gif"), "url is not an https link"),
        (
            entry(preview: CollectionPreview(url: "data:image/gif;base64,R0lG", width: 1, height: 1)),
            "preview_url is not an https link"
        ),
        (
            entry(preview: CollectionPreview(url: "https://media.giphy.com/p.gif", width: 0, height: 99_999)),
            "preview size is not within 1...10000"
        ),
        (entry(pageURL: "http://evil.example/"), "page_url is not an https link"),
        (entry(rating: "nc-17"), "rating is not g, pg, pg-13 or r"),
    ]

    @Test(arguments: hostile)
    func aHostileEntryIsRefusedWithItsReason(record: StoreRecord, reason: String) {
        #expect(ImportRecordCheck.problem(with: record) == reason)
    }

    @Test func anUnknownPolicyValueIsNotARecord() {
        #expect(throws: (any Error).self) {
            try StoreRecordLines.decode(
                ##"{"type":"collection_policy","network":"console","channel":"#gifs","savers":"everyone","public":true}"##
            )
        }
    }
}
