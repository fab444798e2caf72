import HTTPListening
import NIOCore
import NIOHTTP1

/// Closes a connection that has not sent a whole request within the idle timeout of opening or
/// of its previous answer, and tells the connection table when it is answering and when idle.
/// The clock runs until the request's end, not its first byte: a request trickled in byte by
/// byte is held to the same bound as silence. A request being answered is never cut off.
final class OpsIdleTimeout: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let timeout: TimeAmount
    private let table: ConnectionTable
    private var deadline: Scheduled<Void>?

    init(timeout: Duration, table: ConnectionTable) {
        self.timeout = TimeAmount(timeout)
        self.table = table
    }

    func handlerAdded(context: ChannelHandlerContext) {
        arm(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) {
            disarm()
            table.answering(context.channel)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            table.idle(context.channel)
            arm(context)
        }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        disarm()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}
