import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Holds one connection of a Hummingbird listener to its limits: the whole first request within
/// the header timeout of opening, each next one within the idle timeout of the previous answer.
/// The clock runs until the request's end, not its first byte, so a head or body trickled in
/// byte by byte is held to the same bound as silence; a request being answered is never cut off.
/// Tells the connection table when the connection is answering (not to be pushed out) and when it
/// is idle, and closes the connection after an answer that says `Connection: close` (a refused
/// body is not read on).
final class ConnectionDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: ListenerLimits
    private let table: ConnectionTable
    private var deadline: Scheduled<Void>?
    /// Requests whose end has arrived and answers whose end has been written: the connection is
    /// answering while there are more of the first.
    private var requestsEnded = 0
    private var answersEnded = 0
    private var closeAfterAnswer = false

    init(limits: ListenerLimits, table: ConnectionTable) {
        self.limits = limits
        self.table = table
    }

    private var isAnswering: Bool { requestsEnded > answersEnded }

    func handlerAdded(context: ChannelHandlerContext) {
        arm(context, in: limits.headerTimeout)
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
            requestsEnded += 1
            if isAnswering {
                disarm()
                table.answering(context.channel)
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            if response.headerFields[.connection]?.lowercased().contains("close") == true { closeAfterAnswer = true }
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            answersEnded += 1
            if closeAfterAnswer {
                disarm()
                let channel = context.channel
                let written = context.eventLoop.makePromise(of: Void.self)
                written.futureResult.whenComplete { _ in channel.close(promise: nil) }
                if let promise { written.futureResult.cascade(to: promise) }
                context.writeAndFlush(data, promise: written)
                return
            }
            if !isAnswering {
                table.idle(context.channel)
                arm(context, in: limits.idleTimeout)
            }
            context.write(data, promise: promise)
        }
    }

    private func arm(_ context: ChannelHandlerContext, in timeout: Duration) {
        disarm()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: TimeAmount(timeout)) { channel.close(promise: nil) }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}
