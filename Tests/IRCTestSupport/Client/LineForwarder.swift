import NIOCore

/// The last handler of the client pipeline: forwards each decoded line, and finally the
/// closing, into an AsyncStream. The stream keeps the order that separate Tasks would not.
final class LineForwarder: ChannelInboundHandler {
    typealias InboundIn = [UInt8]

    private let continuation: AsyncStream<ClientEvent>.Continuation
    private var firstError: (any Error)?

    init(continuation: AsyncStream<ClientEvent>.Continuation) {
        self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        continuation.yield(.line(Self.unwrapInboundIn(data)))
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if firstError == nil {
            firstError = error
        }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.yield(.closed(firstError))
        continuation.finish()
        context.fireChannelInactive()
    }
}
