import NIOCore

/// Frames an IRC byte stream into lines; the rules are `IRCLineFraming`'s.
public struct IRCLineDecoder: NIOSingleStepByteToMessageDecoder, Sendable {
    public typealias InboundOut = IRCInboundLine

    public static let maximumLineBytes = IRCLineFraming.maximumLineBytes

    private var framing = IRCLineFraming()

    public init() {}

    public mutating func decode(buffer: inout ByteBuffer) throws -> IRCInboundLine? {
        let step = framing.next(in: buffer.readableBytesView)
        buffer.moveReaderIndex(forwardBy: step.consumedBytes)
        return step.line
    }

    /// Also delivers a final unterminated line without EOF, e.g. when the handler is removed.
    public mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> IRCInboundLine? {
        let step = framing.last(in: buffer.readableBytesView)
        buffer.moveReaderIndex(forwardBy: step.consumedBytes)
        return step.line
    }
}
