import NIOCore
import NIOSSL
import NIOTLS

/// Reports how the TLS handshake ended, so a refused certificate is a clear connect error
/// ("TLS handshake failed: certificate verify failed") instead of a connection that simply ends.
final class TLSHandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let promise: EventLoopPromise<Void>
    private var settled = false

    init(promise: EventLoopPromise<Void>) {
        self.promise = promise
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event { settle(nil) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        settle(error)
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        settle(IRCConnectionError.closedDuringHandshake)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        settle(IRCConnectionError.closedDuringHandshake)
    }

    private func settle(_ error: (any Error)?) {
        guard !settled else { return }
        settled = true
        if let error { promise.fail(error) } else { promise.succeed() }
    }
}

enum IRCConnectionError: Error, CustomStringConvertible {
    case closedDuringHandshake
    case tlsHandshakeFailed(String)

    var description: String {
        switch self {
        case .closedDuringHandshake: "the connection closed during the TLS handshake"
        case .tlsHandshakeFailed(let reason): "TLS handshake failed (certificate or protocol): \(reason)"
        }
    }
}
