/// The framing rules of `IRCLineDecoder` over any collection of bytes, apart from NIO so they can
/// be fuzzed on their own (Fuzz/Targets).
///
/// Only LF ends a line (with one CR before it dropped): servers and bridges sometimes relay a
/// lone CR inside a message, and treating it as a line end would let that text be read as a
/// command. Bytes are never lost to decoding: anything that is not valid UTF-8 is read as
/// Latin-1, the usual encoding of old clients.
struct IRCLineFraming: Sendable {
    /// Room for the 8191 bytes of tags IRCv3 allows plus a classic 512-byte message.
    static let maximumLineBytes = 8191 + 512

    /// What to do with the bytes waiting: drop `consumedBytes` from their front, then hand
    /// `line` upstream; nil means more bytes are needed first.
    struct Step: Equatable {
        var consumedBytes: Int
        var line: IRCInboundLine?
    }

    /// The cap in force. Only the fuzz target lowers it, so that short inputs reach it.
    private let lineCap: Int
    /// True after an overlong line was reported and before its LF has been seen.
    private var isDiscarding = false
    /// How many waiting bytes were already searched for an LF, so chunks are scanned once.
    private var scannedBytes = 0

    init(lineCap: Int = Self.maximumLineBytes) {
        self.lineCap = lineCap
    }

    /// The next line in `bytes`, the bytes not yet consumed (which may have grown since the
    /// last call).
    mutating func next<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes) -> Step {
        var consumed = 0
        while true {
            let pending = bytes.dropFirst(consumed)
            guard let lineLength = lengthBeforeLineFeed(in: pending) else {
                return unterminated(pending, consumedBefore: consumed)
            }
            scannedBytes = 0
            consumed += lineLength + 1
            if isDiscarding {
                isDiscarding = false
                continue
            }
            let lineBytes = pending.prefix(lineLength)
            let content = lineBytes.last == .carriageReturn ? lineBytes.dropLast() : lineBytes
            if content.count > lineCap {
                return Step(consumedBytes: consumed, line: .overlong(byteCount: content.count))
            }
            if content.isEmpty {
                continue
            }
            return Step(consumedBytes: consumed, line: .line(LenientText.decode(content)))
        }
    }

    /// Like `next`, but when no LF is left whatever remains is a final unterminated line (or
    /// the tail of an overlong one), because nothing else would ever read it.
    mutating func last<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes) -> Step {
        let step = next(in: bytes)
        guard step.line == nil else { return step }
        scannedBytes = 0
        let rest = bytes.dropFirst(step.consumedBytes)
        guard !rest.isEmpty else { return step }
        if isDiscarding {
            isDiscarding = false
            return Step(consumedBytes: bytes.count, line: nil)
        }
        let content = rest.last == .carriageReturn ? rest.dropLast() : rest
        return Step(consumedBytes: bytes.count, line: content.isEmpty ? nil : .line(LenientText.decode(content)))
    }

    private mutating func lengthBeforeLineFeed<Bytes: RandomAccessCollection<UInt8>>(in pending: Bytes) -> Int? {
        let searchStart = pending.index(pending.startIndex, offsetBy: min(scannedBytes, pending.count))
        guard let lineFeed = pending[searchStart...].firstIndex(of: .lineFeed) else {
            scannedBytes = pending.count
            return nil
        }
        return pending.distance(from: pending.startIndex, to: lineFeed)
    }

    /// Keeps at most one line's worth of bytes while waiting for its LF; beyond that the line
    /// is reported once and its bytes are dropped as they arrive.
    private mutating func unterminated<Bytes: RandomAccessCollection<UInt8>>(
        _ pending: Bytes, consumedBefore consumed: Int
    ) -> Step {
        let count = pending.count
        if isDiscarding {
            scannedBytes = 0
            return Step(consumedBytes: consumed + count, line: nil)
        }
        // A full-length line may still be waiting for the LF after its CR.
        let mayStillFit = count == lineCap + 1 && pending.last == .carriageReturn
        guard count > lineCap, !mayStillFit else {
            return Step(consumedBytes: consumed, line: nil)
        }
        scannedBytes = 0
        isDiscarding = true
        return Step(consumedBytes: consumed + count, line: .overlong(byteCount: count))
    }
}
