import NIOCore

/// Frames an IRC byte stream into lines.
///
/// Only LF ends a line (with one CR before it dropped): servers and bridges sometimes relay a
/// lone CR inside a message, and treating it as a line end would let that text be read as a
/// command. Bytes are never lost to decoding: anything that is not valid UTF-8 is read as
/// Latin-1, the usual encoding of old clients.
public struct IRCLineDecoder: NIOSingleStepByteToMessageDecoder, Sendable {
    public typealias InboundOut = IRCInboundLine

    /// Room for the 8191 bytes of tags IRCv3 allows plus a classic 512-byte message.
    public static let maximumLineBytes = 8191 + 512

    /// True after an overlong line was reported and before its LF has been seen.
    private var isDiscarding = false
    /// How many readable bytes were already searched for an LF, so chunks are scanned once.
    private var scannedBytes = 0

    public init() {}

    public mutating func decode(buffer: inout ByteBuffer) throws -> IRCInboundLine? {
        while true {
            guard let lineLength = lengthBeforeLineFeed(in: buffer) else {
                return handleUnterminated(buffer: &buffer)
            }
            scannedBytes = 0
            if isDiscarding {
                buffer.moveReaderIndex(forwardBy: lineLength + 1)
                isDiscarding = false
                continue
            }
            let bytes = buffer.readBytes(length: lineLength) ?? []
            buffer.moveReaderIndex(forwardBy: 1)
            let content = bytes.last == .carriageReturn ? bytes.dropLast() : bytes[...]
            if content.count > Self.maximumLineBytes {
                return .overlong(byteCount: content.count)
            }
            if content.isEmpty {
                continue
            }
            return .line(LenientText.decode(content))
        }
    }

    public mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> IRCInboundLine? {
        if let message = try decode(buffer: &buffer) {
            return message
        }
        // No LF is left, so whatever remains is a final unterminated line (or the tail of an
        // overlong one). It is delivered even without EOF, e.g. when the handler is removed,
        // because nothing else would ever read it.
        scannedBytes = 0
        guard buffer.readableBytes > 0 else { return nil }
        if isDiscarding {
            buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
            isDiscarding = false
            return nil
        }
        let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
        let content = bytes.last == .carriageReturn ? bytes.dropLast() : bytes[...]
        return content.isEmpty ? nil : .line(LenientText.decode(content))
    }

    private mutating func lengthBeforeLineFeed(in buffer: ByteBuffer) -> Int? {
        let view = buffer.readableBytesView
        let searchStart = view.index(view.startIndex, offsetBy: min(scannedBytes, view.count))
        guard let lineFeed = view[searchStart...].firstIndex(of: .lineFeed) else {
            scannedBytes = view.count
            return nil
        }
        return view.distance(from: view.startIndex, to: lineFeed)
    }

    /// Keeps at most one line's worth of bytes while waiting for its LF; beyond that the line
    /// is reported once and its bytes are dropped as they arrive.
    private mutating func handleUnterminated(buffer: inout ByteBuffer) -> IRCInboundLine? {
        let pending = buffer.readableBytes
        if isDiscarding {
            buffer.moveReaderIndex(forwardBy: pending)
            scannedBytes = 0
            return nil
        }
        // A full-length line may still be waiting for the LF after its CR.
        let mayStillFit = pending == Self.maximumLineBytes + 1
            && buffer.getInteger(at: buffer.writerIndex - 1, as: UInt8.self) == .carriageReturn
        guard pending > Self.maximumLineBytes, !mayStillFit else { return nil }
        buffer.moveReaderIndex(forwardBy: pending)
        scannedBytes = 0
        isDiscarding = true
        return .overlong(byteCount: pending)
    }
}
