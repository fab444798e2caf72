import Logging
import NIOCore

/// Stops accepting for a moment after accept fails (EMFILE and ENFILE when the descriptors run
/// out, ENOBUFS, ENOMEM), then accepts again.
///
/// SwiftNIO's own `AcceptBackoffHandler`, which `ServerBootstrap` installs, is not enough: it
/// delays the server channel's next `read()`, but a failed accept leaves the read that was
/// pending in place, so the listening socket stays registered for readability and the event
/// loop retries `accept4` at once, forever: one thread at 100% CPU (issue 20, measured with
/// strace). Turning `autoRead` off unregisters the socket; turning it on after the pause
/// registers it again.
public final class AcceptPause: ChannelInboundHandler, RemovableChannelHandler {
    public typealias InboundIn = any Channel
    public typealias InboundOut = any Channel

    static let pause = TimeAmount.seconds(1)
    /// One warning a minute at most while the descriptors stay exhausted.
    static let warningInterval = TimeAmount.minutes(1)

    private let listener: String
    private let logger: Logger
    private var lastWarning: NIODeadline?

    /// - Parameter listener: what the warning calls the listener ("The ops endpoint").
    public init(listener: String, logger: Logger) {
        self.listener = listener
        self.logger = logger
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let failure = error as? IOError, let options = context.channel.syncOptions,
            (try? options.getOption(ChannelOptions.autoRead)) == true
        {
            warn(failure)
            try? options.setOption(ChannelOptions.autoRead, value: false)
            let channel = context.channel
            context.eventLoop.scheduleTask(in: Self.pause) {
                channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
            }
        }
        // On to NIO's handler, which ends the error's way.
        context.fireErrorCaught(error)
    }

    private func warn(_ failure: IOError) {
        let now = NIODeadline.now()
        if let lastWarning, now - lastWarning < Self.warningInterval { return }
        lastWarning = now
        logger.warning(
            "\(listener) cannot accept connections; pausing accepts",
            metadata: [
                "error": "\(failure)", "pause_seconds": "1",
            ])
    }
}
