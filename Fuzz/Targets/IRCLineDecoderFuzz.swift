// Drives IRCLineFraming the way NIO drives IRCLineDecoder (after each chunk `next` until it
// gives no line, `last` at the end), chunked as the input says, and compares the lines with a
// plain framing of the whole stream: chunking must never change what is read.
//
// Input: one byte choosing the line cap (1 to 64 bytes), two seeding the chunk sizes, then the
// stream. The framing does not depend on the cap's size, so a small one lets short inputs
// explore overlong lines, discarding and a CR at the boundary cheaply; the real 8703-byte
// cap's boundaries are pinned by IRCLineDecoderTests.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIRCLineDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    guard input.count >= 3 else { return 0 }
    let maximum = 1 + Int(input[0] & 0x3F)
    var chunks = ChunkSizes(seed: UInt32(input[1]) << 8 | UInt32(input[2]), largest: 2 * maximum)
    let stream = Array(input.dropFirst(3))

    var framing = IRCLineFraming(lineCap: maximum)
    var lines: [IRCInboundLine] = []
    var readIndex = 0
    var writeIndex = 0
    while writeIndex < stream.count {
        writeIndex = min(stream.count, writeIndex + chunks.next())
        while true {
            let step = framing.next(in: stream[readIndex..<writeIndex])
            invariant(
                step.consumedBytes >= 0 && readIndex + step.consumedBytes <= writeIndex,
                "consumed \(step.consumedBytes)")
            readIndex += step.consumedBytes
            guard let line = step.line else { break }
            lines.append(line)
        }
        invariant(writeIndex - readIndex <= maximum + 1, "kept \(writeIndex - readIndex) bytes waiting for an LF")
    }
    while true {
        let step = framing.last(in: stream[readIndex..<writeIndex])
        readIndex += step.consumedBytes
        guard let line = step.line else { break }
        lines.append(line)
    }
    invariant(readIndex == stream.count, "\(stream.count - readIndex) bytes never read")

    for line in lines {
        switch line {
        case .line(let text):
            invariant(!text.isEmpty, "an empty line")
            invariant(!text.unicodeScalars.contains("\n"), "a line with an LF")
            invariant(wireLength(of: text) <= maximum, "a line of \(wireLength(of: text)) bytes")
        case .overlong(let byteCount):
            invariant(byteCount > maximum, "overlong at \(byteCount) bytes")
        }
    }
    let expected = referenceFraming(stream, maximum: maximum)
    invariant(lines.map(Shape.init) == expected, "chunked framing differs: \(lines.map(Shape.init)) vs \(expected)")
    return 0
}

/// A line, or an overlong line whatever its reported length (which depends on chunking).
private enum Shape: Equatable {
    case line(String)
    case overlong

    init(_ line: IRCInboundLine) {
        switch line {
        case .line(let text): self = .line(text)
        case .overlong: self = .overlong
        }
    }
}

/// The rules stated plainly: split at LF, drop one CR before it, skip empty lines.
private func referenceFraming(_ stream: [UInt8], maximum: Int) -> [Shape] {
    stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).compactMap { raw in
        let content = raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw
        if content.isEmpty { return nil }
        return content.count > maximum ? .overlong : .line(LenientText.decode(content))
    }
}

/// Bytes on the wire: UTF-8 when the text is valid UTF-8, else one Latin-1 byte per scalar.
private func wireLength(of text: String) -> Int {
    text.unicodeScalars.allSatisfy { $0.value <= 0xFF }
        ? min(text.utf8.count, text.unicodeScalars.count) : text.utf8.count
}

/// Mostly small chunks, sometimes ones up to `largest` bytes, as TCP delivers them.
private struct ChunkSizes {
    var state: UInt32
    let largest: Int

    init(seed: UInt32, largest: Int) {
        state = seed &* 2_654_435_761 | 1
        self.largest = largest
    }

    mutating func next() -> Int {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        let value = Int(state >> 2)
        return 1 + (state & 3 == 0 ? value % largest : value % 16)
    }
}
