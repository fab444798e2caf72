import BotTestSupport
import IRC
import NIOCore
import SeededRandom
import Testing

/// Feeds chunks the way NIO's ByteToMessageHandler does: one cumulative buffer, `decode` called
/// until it returns nil, and `decodeLast` at EOF until it returns nil.
struct DecoderHarness {
    var decoder = IRCLineDecoder()
    var buffer = ByteBuffer()
    var output: [IRCInboundLine] = []
    var largestBufferedBytes = 0

    mutating func feed(_ bytes: [UInt8]) throws {
        buffer.writeBytes(bytes)
        while let line = try decoder.decode(buffer: &buffer) {
            output.append(line)
        }
        largestBufferedBytes = max(largestBufferedBytes, buffer.readableBytes)
    }

    mutating func feed(_ text: String) throws {
        try feed(Array(text.utf8))
    }

    mutating func finish() throws {
        while let line = try decoder.decodeLast(buffer: &buffer, seenEOF: true) {
            output.append(line)
        }
    }
}

@Suite struct IRCLineDecoderTests {
    @Test(arguments: [
        ("PING :a\r\nPING :b\r\n", ["PING :a", "PING :b"]),
        ("PING :a\nPING :b\n", ["PING :a", "PING :b"]),
        ("a\r\n\r\n\n\r\nb\r\n", ["a", "b"]),
        ("PRIVMSG #c :one\rtwo\r\n", ["PRIVMSG #c :one\rtwo"]),
        ("a\r\r\n", ["a\r"]),
        ("\rx\n", ["\rx"]),
        ("a\r\nincomplete", ["a"]),
    ])
    func splitsOnLineFeedOnly(input: String, lines: [String]) throws {
        var harness = DecoderHarness()
        try harness.feed(input)
        #expect(harness.output == lines.map(IRCInboundLine.line))
    }

    @Test func reassemblesALineSplitAcrossManyChunks() throws {
        var harness = DecoderHarness()
        for byte in ":alice!a@h PRIVMSG #gifs :!gif cat\r\n".utf8 {
            try harness.feed([byte])
        }
        #expect(harness.output == [.line(":alice!a@h PRIVMSG #gifs :!gif cat")])
    }

    @Test func handlesCRLFSplitBetweenChunks() throws {
        var harness = DecoderHarness()
        try harness.feed("PING :a\r")
        #expect(harness.output.isEmpty)
        try harness.feed("\nPING :b\r")
        try harness.feed("\n")
        #expect(harness.output == [.line("PING :a"), .line("PING :b")])
    }

    @Test func deliversTheFinalUnterminatedLineAtEOF() throws {
        var harness = DecoderHarness()
        try harness.feed("a\r\nlast words\r")
        try harness.finish()
        #expect(harness.output == [.line("a"), .line("last words")])
    }

    @Test func deliversNothingExtraAtEOFAfterCompleteLines() throws {
        var harness = DecoderHarness()
        try harness.feed("a\r\n")
        try harness.finish()
        #expect(harness.output == [.line("a")])
    }

    @Test func discardsAnOverlongLineInOneChunkAndKeepsTheNext() throws {
        var harness = DecoderHarness()
        try harness.feed(String(repeating: "x", count: 20_000) + "\r\nPING :ok\r\n")
        #expect(harness.output == [.overlong(byteCount: 20_000), .line("PING :ok")])
    }

    @Test func discardsAnOverlongLineArrivingInChunksWithoutBufferingIt() throws {
        var harness = DecoderHarness()
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000)
        for _ in 0..<20 {
            try harness.feed(chunk)
        }
        try harness.feed("\r\nPING :ok\r\n")
        #expect(harness.output == [.overlong(byteCount: 9_000), .line("PING :ok")])
        #expect(harness.largestBufferedBytes <= IRCLineDecoder.maximumLineBytes + 1)
    }

    @Test func discardsTheTailOfAnOverlongLineAtEOF() throws {
        var harness = DecoderHarness()
        try harness.feed([UInt8](repeating: 0x41, count: IRCLineDecoder.maximumLineBytes + 10))
        try harness.feed("more tail")
        try harness.finish()
        #expect(harness.output == [.overlong(byteCount: IRCLineDecoder.maximumLineBytes + 10)])
    }

    @Test func acceptsALineOfExactlyTheMaximumLength() throws {
        var harness = DecoderHarness()
        let line = String(repeating: "y", count: IRCLineDecoder.maximumLineBytes)
        try harness.feed(line + "\r")
        try harness.feed("\n")
        try harness.feed(line + "y\r\n")
        #expect(harness.output == [.line(line), .overlong(byteCount: IRCLineDecoder.maximumLineBytes + 1)])
    }

    @Test func decodesInvalidUTF8AsLatin1() throws {
        var harness = DecoderHarness()
        try harness.feed(Array("PRIVMSG #c :caf".utf8) + [0xE9, 0x0D, 0x0A])
        try harness.feed(Array("PRIVMSG #c :caf".utf8) + [0xC3, 0xA9, 0x0D, 0x0A])
        try harness.feed([0xFF, 0x00, 0x80, 0x0A])
        #expect(harness.output == [.line("PRIVMSG #c :café"), .line("PRIVMSG #c :café"), .line("\u{FF}\u{0}\u{80}")])
    }

    @Test func survivesRandomChunksOfRandomBytes() throws {
        var generator = SplitMix64(seed: 99)
        var harness = DecoderHarness()
        var bytesFed = 0
        for _ in 0..<500 {
            let size = Int.random(in: 0...3_000, using: &generator)
            let chunk = (0..<size).map { _ in
                Int.random(in: 0..<20, using: &generator) == 0 ? 0x0A : UInt8.random(in: 0...255, using: &generator)
            }
            bytesFed += size
            try harness.feed(chunk)
        }
        try harness.finish()
        for case .line(let text) in harness.output {
            #expect(!text.isEmpty)
            #expect(!text.unicodeScalars.contains("\n"))
        }
        #expect(harness.largestBufferedBytes <= IRCLineDecoder.maximumLineBytes + 1)
        #expect(harness.buffer.readableBytes == 0)
        #expect(bytesFed > 0)
    }
}
