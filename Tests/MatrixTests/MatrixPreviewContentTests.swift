import Foundation
import GifBotCore
import GifSources
import MatrixState
import Testing

@testable import Matrix

/// The events previews are made of (issue 24): reactions read from others, edits and the bot's
/// own buttons as the specification shapes them.
@Suite struct MatrixPreviewContentTests {
    func event(_ content: JSONValue, sender: String = "@alice:localhost", type: String = "m.reaction") -> RoomEvent {
        let json: JSONValue = ["event_id": "$r1", "type": .string(type), "sender": .string(sender), "content": content]
        return RoomEvent(json: json.objectValue!)!
    }

    @Test func annotationsFromOthersAreReactionsAndNothingElseIs() {
        let bot = "@bot:localhost"
        let annotation: JSONValue = ["m.relates_to": ["rel_type": "m.annotation", "event_id": "$p", "key": "✅"]]
        #expect(MatrixMessageFilter.reaction(in: event(annotation), ownUserID: bot)?.messageID == "$p")
        #expect(MatrixMessageFilter.reaction(in: event(annotation), ownUserID: bot)?.key == "✅")
        #expect(MatrixMessageFilter.reaction(in: event(annotation, sender: bot), ownUserID: bot) == nil, "own buttons")
        #expect(MatrixMessageFilter.reaction(in: event(annotation, type: "m.room.message"), ownUserID: bot) == nil)
        let reference: JSONValue = ["m.relates_to": ["rel_type": "m.reference", "event_id": "$p", "key": "✅"]]
        #expect(MatrixMessageFilter.reaction(in: event(reference), ownUserID: bot) == nil)
        let long: JSONValue = [
            "m.relates_to": [
                "rel_type": "m.annotation", "event_id": "$p", "key": .string(String(repeating: "x", count: 100)),
            ]
        ]
        #expect(MatrixMessageFilter.reaction(in: event(long), ownUserID: bot) == nil, "no key is that long")
    }

    @Test func anEditCarriesTheNewContentWithoutItsReply() {
        let content = MatrixContent.notice("hello", inReplyTo: "$command")
        let edit = MatrixContent.replacing("$shown", with: content)
        #expect(edit["body"]?.string == "* hello")
        #expect(edit["m.new_content"]?["body"]?.string == "hello")
        #expect(edit["m.new_content"]?["m.relates_to"] == nil)
        #expect(edit["m.relates_to"]?["rel_type"]?.string == "m.replace")
        #expect(edit["m.relates_to"]?["event_id"]?.string == "$shown")
        let button = MatrixContent.reaction("🔀", to: "$shown")
        #expect(
            button["m.relates_to"]?["key"]?.string == "🔀"
                && button["m.relates_to"]?["rel_type"]?.string == "m.annotation")
    }
}

extension MatrixPreviewContentTests {
    @Test func aCaptionIsTheImagesBodyBesideItsFilename() {
        let card = GifCard(
            id: "abc", title: "Cat", url: "https://media.example/abc.gif", width: 10, height: 10, byteSize: 100,
            rating: "g", pageURL: nil, caption: "when <the> build passes")
        let media = UploadedMedia(
            gifID: "abc", contentURI: "mxc://hs/abc", mimetype: "image/gif", byteSize: 100, width: 10, height: 10)
        let image = MatrixContent.image(card, media: media, inReplyTo: "$c")
        #expect(image["body"]?.string == "when <the> build passes")
        #expect(image["filename"]?.string == "abc.gif")
        #expect(image["formatted_body"]?.string == "when &lt;the&gt; build passes")
        #expect(image["m.mentions"] == .object([:]))
        let link = MatrixContent.link(to: card, inReplyTo: nil)
        #expect(link["body"]?.string == "Cat (abc) https://media.example/abc.gif — when <the> build passes")
    }
}

extension MatrixPreviewContentTests {
    /// `matrix.preferred_max_bytes` (issue 24): the largest rendition at or under it, then the
    /// smallest above it within the cap.
    @Test func thePreferredSizeComesFirstAndLargerOnesOnlyAsFallback() {
        let renditions = [("small", 100_000), ("medium", 1_500_000), ("large", 3_000_000), ("huge", 3_800_000)].map {
            GifRenditionLink(
                name: $0.0, url: "https://media.example/\($0.0).gif", width: 10, height: 10, byteSize: $0.1)
        }
        let card = GifCard(
            id: "abc", title: "Cat", url: "https://media.example/small.gif", width: 10, height: 10, byteSize: 100_000,
            rating: "g", pageURL: nil, renditions: renditions)
        #expect(
            GIFUploader.candidates(card, preferred: 2_000_000, limit: 4_000_000).map(\.name) == [
                "medium", "small", "large", "huge",
            ])
        #expect(
            GIFUploader.candidates(card, preferred: 50_000, limit: 3_500_000).map(\.name) == [
                "small", "medium", "large",
            ],
            "nothing fits the preference: smallest first, never above the cap")
    }
}
