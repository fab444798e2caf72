import Testing

@testable import GifBotCore

/// Who may read each reply, and the lines a text network shows for it.
@Suite struct ReplyAudienceTests {
    static let card = GifCard(
        id: "cat1", title: "Cat", url: "https://media.example/cat1.gif", width: nil, height: nil, byteSize: nil,
        rating: "g", pageURL: nil)

    static func withdrawn(note: String?) -> WithdrawnPreview {
        WithdrawnPreview(
            previewID: 1, conversation: "#gifs", reason: .cancelled, note: note, shownMessageID: nil,
            shownPrivately: true)
    }

    @Test func onlyALoginLinkIsForTheAskerAloneAndAsidesAreForTheAsker() {
        #expect(Reply.privateMessage("https://gifs.example/login/abc").audience == .askerAlone)
        #expect(Reply.notice("Slow down: 5 s").audience == .asker)
        #expect(Reply.withdrawPreview(Self.withdrawn(note: "Cancelled.")).audience == .asker)
        #expect(Reply.text("Saved.").audience == .conversation)
        #expect(Reply.gif(Self.card).audience == .conversation)
        #expect(Reply.undoLastGif.audience == .conversation)
    }

    @Test func aPreviewIsALinePerGIFAndAWithdrawalWithoutANoteIsNothing() {
        let preview = PreviewCard(
            previewID: 7, conversation: "#gifs", askerID: "alice", askerName: "alice",
            choices: [Self.card.labelled("1."), Self.card.labelled("2.")], prefix: "!", isShuffle: false,
            originMessageID: nil, shownMessageID: nil)
        let lines = Reply.preview(preview).lines
        #expect(lines.count == 3, "a heading and a line per GIF")
        #expect(lines.dropFirst().allSatisfy { $0.contains("https://media.example/cat1.gif") })
        #expect(Reply.withdrawPreview(Self.withdrawn(note: nil)).lines.isEmpty)
        #expect(Reply.withdrawPreview(Self.withdrawn(note: "Cancelled.")).lines == ["Cancelled."])
        #expect(Reply.notice("hi").lines == ["hi"])
    }
}
