import NIOCore

/// Splits the byte stream into lines at LF, dropping a CR before it. Lines are handed on as
/// raw bytes so tests can check lengths and UTF-8 validity of exactly what the server sent.
struct IRCLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = [UInt8]

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            return .needMoreData
        }
        let length = newline - buffer.readableBytesView.startIndex
        var bytes = buffer.readBytes(length: length) ?? []
        buffer.moveReaderIndex(forwardBy: 1)
        if bytes.last == UInt8(ascii: "\r") {
            bytes.removeLast()
        }
        context.fireChannelRead(Self.wrapInboundOut(bytes))
        return .continue
    }

    /// A partial line left when the connection closes is not a line: it is dropped.
    mutating func decodeLast(
        context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
    ) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        return .needMoreData
    }
}
