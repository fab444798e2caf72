import GifBotCore
import MatrixTestSupport
import Testing

@testable import Matrix

/// A command sent in a thread is answered in that thread, previews included, with the reply
/// fallback; no answer pings its asker (issue 24).
@Suite(.timeLimit(.minutes(3))) struct MatrixThreadTests {
    static func inThread(_ text: String, root: String) -> JSONValue {
        [
            "msgtype": "m.text", "body": .string(text),
            "m.relates_to": [
                "rel_type": "m.thread", "event_id": .string(root), "is_falling_back": true,
                "m.in_reply_to": ["event_id": .string(root)],
            ],
        ]
    }

    @Test func aCommandInAThreadIsAnsweredThereAndNoAnswerPings() async throws {
        try await withMatrixBot { harness in
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            let root = try await harness.alice.sendText("cats, anyone?", to: room)

            let command = try await harness.alice.sendRaw(Self.inThread("!gif cat", root: root), to: room)
            let answer = try await harness.answer(to: command, in: room)
            #expect(answer.msgtype == "m.image")
            #expect(answer.relationType == "m.thread" && answer.relatesTo == root, "in the thread")
            #expect(answer.content["m.relates_to"]?["is_falling_back"] == true)
            #expect(answer.content["m.mentions"] == .object([:]), "mentions no one")

            let ask = try await harness.alice.sendRaw(Self.inThread("!gif? cat", root: root), to: room)
            let preview = try await harness.answer(to: ask, in: room)
            #expect(preview.relationType == "m.thread" && preview.relatesTo == root, "a preview too")
            #expect(preview.body?.hasPrefix("Preview for ") == true)

            let captioned = try await harness.alice.sendText("!gif kitten | when the build passes", to: room)
            let image = try await harness.answer(to: captioned, in: room)
            #expect(image.msgtype == "m.image" && image.body == "when the build passes")
            #expect(image.content["filename"]?.stringValue?.hasSuffix(".gif") == true)
            #expect(image.formattedBody == "when the build passes")
            // The source's smallest rendition, uploaded apart, so clients need not fetch the GIF first.
            let info = image.content["info"]
            #expect(info?["is_animated"] == true)
            #expect(info?["thumbnail_url"]?.stringValue?.hasPrefix("mxc://") == true, "\(image.content)")
            #expect(info?["thumbnail_url"] != image.content["url"])
            let thumbnailSize = try #require(info?["thumbnail_info"]?["size"]?.doubleValue)
            let size = try #require(info?["size"]?.doubleValue)
            #expect(thumbnailSize > 0 && thumbnailSize < size)

            let outside = try await harness.alice.sendText("!about", to: room)
            let about = try await harness.answer(to: outside, in: room)
            #expect(about.relationType == nil && about.content["m.mentions"] == .object([:]))
        }
    }
}
