import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Synchronization

/// A bare TCP connection to the server under test, as a stalled or hostile client holds one:
/// sends only what it is told, keeps what it receives, and knows when the server closed it.
/// Waits are woken by the connection's events, never by polling.
public final class RawConnection: Sendable {
    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer

        struct State {
            var text = ""
            var ended = false
            var waiters: [Int: (wanted: String, promise: EventLoopPromise<Bool>)] = [:]
            var nextWaiter = 0
        }

        let state = Mutex(State())

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let chunk = String(buffer: unwrapInboundIn(data))
            let met = state.withLock { state in
                state.text += chunk
                let met = state.waiters.filter { state.text.contains($0.value.wanted) }
                for key in met.keys { state.waiters.removeValue(forKey: key) }
                return met.values.map(\.promise)
            }
            for promise in met { promise.succeed(true) }
        }

        func channelInactive(context: ChannelHandlerContext) {
            let unmet = state.withLock { state in
                state.ended = true
                defer { state.waiters = [:] }
                return state.waiters.values.map(\.promise)
            }
            for promise in unmet { promise.succeed(false) }
            context.fireChannelInactive()
        }

        /// True once the received text contains `wanted`; false if the connection ends or
        /// `timeout` passes first.
        func wait(for wanted: String, timeout: Duration, on eventLoop: any EventLoop) async -> Bool {
            let promise = eventLoop.makePromise(of: Bool.self)
            let registered = state.withLock { state -> Int? in
                if state.text.contains(wanted) || state.ended { return nil }
                defer { state.nextWaiter += 1 }
                state.waiters[state.nextWaiter] = (wanted, promise)
                return state.nextWaiter
            }
            guard let registered else {
                promise.succeed(false)
                return state.withLock { $0.text.contains(wanted) }
            }
            let timer = eventLoop.scheduleTask(in: TimeAmount(timeout)) { [self] in
                if let waiter = state.withLock({ $0.waiters.removeValue(forKey: registered) }) {
                    waiter.promise.succeed(false)
                }
            }
            let met = (try? await promise.futureResult.get()) ?? false
            timer.cancel()
            return met
        }
    }

    public let channel: any Channel
    private let collector: Collector

    private init(channel: any Channel, collector: Collector) {
        self.channel = channel
        self.collector = collector
    }

    public static func open(port: Int) async throws -> RawConnection {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawConnection(channel: channel, collector: collector)
    }

    public func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text)).get()
    }

    public var received: String { collector.state.withLock { $0.text } }

    /// Waits until what was received contains `text`; false if the connection closes first.
    public func receive(_ text: String, within timeout: Duration = .seconds(5)) async -> Bool {
        await collector.wait(for: text, timeout: timeout, on: channel.eventLoop)
    }

    /// Whether the server closes the connection within `timeout`.
    public func closed(within timeout: Duration) async -> Bool {
        let promise = channel.eventLoop.makePromise(of: Bool.self)
        let settled = NIOLockedValueBox(false)
        let settle: @Sendable (Bool) -> Void = { value in
            if settled.withLockedValue({ done in
                defer { done = true }
                return !done
            }) {
                promise.succeed(value)
            }
        }
        channel.closeFuture.whenComplete { _ in settle(true) }
        let timer = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) { settle(false) }
        let closed = (try? await promise.futureResult.get()) ?? false
        timer.cancel()
        return closed
    }

    public func close() async {
        try? await channel.close()
    }
}
