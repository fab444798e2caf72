import Foundation
import Testing

@testable import Matrix

/// The events previews are made of (issue 24): reactions read from others, edits and the bot's
/// own buttons as the specification shapes them.
@Suite struct MatrixPreviewContentTests {
    func event(_ content: JSONValue, sender: String = "@alice:localhost", type: String = "m.reaction") -> RoomEvent {
        let json: JSONValue = ["event_id": "$r1", "type": .string(type), "sender": .string(sender), "content": content]
        return try! JSONDecoder().decode(RoomEvent.self, from: try! json.encoded())
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
