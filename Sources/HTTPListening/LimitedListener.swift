import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypes

/// The one place that gives a Hummingbird listener what every listener of the process needs
/// (`ListenerLimits`): its connections counted against the cap, each held to the header and
/// idle timeouts, a connection past the cap refused with a short 503, and accept paused for a
/// moment when it fails (EMFILE) instead of retried at once (`AcceptPause`). `ListenerService`
/// serves a responder on it.
public struct LimitedListener: Sendable {
    /// What log lines call the listener: "The gallery".
    public let name: String
    public let limits: ListenerLimits
    let logger: Logger
    let table: ConnectionTable

    public init(name: String, limits: ListenerLimits, logger: Logger) {
        self.name = name
        self.limits = limits
        self.logger = logger
        table = ConnectionTable(capacity: limits.maxConnections)
    }

    /// HTTP/1.1 with the limits on every connection.
    public var server: HTTPServerBuilder {
        let (limits, table, name) = (limits, table, name)
        return HTTPServerBuilder { responder in
            LimitedHTTP1Channel(
                base: HTTP1Channel(
                    responder: responder,
                    configuration: .init(additionalChannelHandlers: [ConnectionDeadline(limits: limits, table: table)])),
                table: table, name: name)
        }
    }

    /// Puts the accept pause in front of the listening socket's handlers (NIO's own backoff
    /// swallows the error it needs to see).
    public func onServerRunning(_ channel: any Channel) async {
        let (name, logger) = (name, logger)
        do {
            try await channel.eventLoop.submit {
                try channel.pipeline.syncOperations.addHandler(
                    AcceptPause(listener: name, logger: logger), position: .first)
            }
            .get()
        } catch {
            logger.warning("\(name) could not install its accept pause", metadata: ["error": "\(error)"])
        }
        logger.info(
            "\(name) listening",
            metadata: [
                "address": "\(channel.localAddress.map { "\($0)" } ?? "?")",
                "max_connections": "\(limits.maxConnections)",
                "header_timeout": "\(limits.headerTimeout)", "idle_timeout": "\(limits.idleTimeout)",
            ])
    }

    /// Connections open now.
    public var openConnections: Int { table.count }
}

/// Hummingbird's HTTP/1.1 child channel behind the connection table. A connection past the cap
/// is set up all the same, outside the table, so that its refusal (a short 503, then close) goes
/// out through the HTTP pipeline once the socket is live: written during setup, before NIO has
/// registered the channel, it was never sent and the connection never closed (found when the ops
/// port moved onto this listener, issue 32).
struct LimitedHTTP1Channel: ServerChildChannel {
    struct Value: ServerChildChannelValue {
        let connection: HTTP1Channel.Value
        let isRefused: Bool

        var channel: any Channel { connection.channel }
    }

    let base: HTTP1Channel
    let table: ConnectionTable
    let name: String

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        var isRefused = false
        switch table.admit(channel) {
        case .refused:
            logger.debug("\(name): connection refused, every connection is being answered")
            isRefused = true
        case .admitted(let evicted):
            channel.closeFuture.whenComplete { [table] _ in table.remove(channel) }
            if let evicted {
                logger.debug("\(name): connection closed to make room, the idle connections reached the cap")
                evicted.close(promise: nil)
            }
        }
        return base.setup(channel: channel, logger: logger).map { Value(connection: $0, isRefused: isRefused) }
            .flatMapErrorThrowing { error in
                // A connection that failed to set up would otherwise hold its place.
                channel.close(promise: nil)
                throw error
            }
    }

    func handle(value: Value, logger: Logger) async {
        guard value.isRefused else { return await base.handle(value: value.connection, logger: logger) }
        await Self.refuse(value.connection)
    }

    static let refusalBody = "Too many connections; please try again shortly.\n"

    /// A short answer before closing, so a browser shows why instead of a reset connection; the
    /// request, if any, is not read.
    static func refuse(_ connection: HTTP1Channel.Value) async {
        let head = HTTPResponse(
            status: .serviceUnavailable,
            headerFields: [
                .contentType: "text/plain; charset=utf-8", .contentLength: "\(refusalBody.utf8.count)",
                .retryAfter: "5", .connection: "close",
            ])
        try? await connection.executeThenClose { _, outbound in
            try await outbound.write(contentsOf: [
                .head(head), .body(ByteBuffer(string: refusalBody)), .end(nil),
            ])
        }
    }
}
