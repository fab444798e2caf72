import NIOCore
import NIOPosix
import NIOSSL

/// A raw IRC client for tests: the oracle that talks to a real server next to the bot.
///
/// It records every line received (`lines()`), answers PING by itself, and lets a test wait
/// for lines with `waitFor`. It shares no code with the bot's IRC stack on purpose.
public actor TestIRCClient {
    let connection: any Channel
    /// Every line so far, in arrival order.
    var received: [TestIRCLine] = []
    /// `waitFor` searches from here; a match moves it past the matched line.
    var cursor = 0
    /// Set once the connection is gone; `waitFor` then fails instead of waiting.
    var isClosed = false
    var closeReason: String?
    /// Suspended `waitFor` calls, woken by every new line, by the closing, or by their deadline.
    var sleepers: [Int: CheckedContinuation<Bool, Never>] = [:]
    var nextSleeperID = 0
    var currentNick: String
    var enabledCapabilities: Set<String> = []

    /// The nick the server knows this client by (from 001, then NICK changes).
    public var nick: String { currentNick }

    /// The capabilities the server acknowledged during registration.
    public var capabilities: Set<String> { enabledCapabilities }

    init(connection: any Channel, nick: String) {
        self.connection = connection
        self.currentNick = nick
    }

    /// Connects to 127.0.0.1:`port` and registers: CAP LS 302, NICK, USER, CAP REQ of the
    /// `capabilities` the server offers (plus "sasl" when `sasl` is given), AUTHENTICATE PLAIN,
    /// CAP END. Returns after 001, with the lines after it (005, MOTD) left for `waitFor`.
    /// Throws `saslFailed` on 904 and the like, or with numeric "CAP" when `sasl` is asked
    /// for but not offered (ngIRCd; InspIRCd while Atheme is stopped); `connectionClosed` when
    /// TLS is refused; `timedOut` when `timeout` for the whole registration runs out (as SASL
    /// does while Atheme is paused: AUTHENTICATE is never answered).
    /// A server without CAP (or with only multi-prefix, like ngIRCd) still registers.
    public static func connect(
        port: Int,
        tls: Bool = false,
        trustedCertificatePath: String? = nil,
        nick: String,
        sasl: (account: String, password: String)? = nil,
        capabilities: [String] = [],
        timeout: Duration = .seconds(15)
    ) async throws -> TestIRCClient {
        let sslContext = try tls ? TestTLS.clientContext(trusting: trustedCertificatePath) : nil
        let (events, continuation) = AsyncStream.makeStream(of: ClientEvent.self)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let sslContext {
                        // No hostname: NIOSSL then checks the cert against the peer's IP (SAN 127.0.0.1).
                        try pipeline.addHandler(NIOSSLClientHandler(context: sslContext, serverHostname: nil))
                    }
                    try pipeline.addHandler(ByteToMessageHandler(IRCLineDecoder()))
                    try pipeline.addHandler(LineForwarder(continuation: continuation))
                }
            }
            .connect(host: "127.0.0.1", port: port)
            .get()

        let client = TestIRCClient(connection: channel, nick: nick)
        await client.startReading(events)
        do {
            try await client.register(
                nick: nick, sasl: sasl, capabilities: capabilities,
                deadline: ContinuousClock.now + timeout, timeout: timeout)
        } catch {
            try? await channel.close()
            throw error
        }
        return client
    }

    /// Sends one line; CR LF is appended. Throws `connectionClosed` once the connection is gone.
    public func send(_ line: String) async throws {
        do {
            try await connection.writeAndFlush(ByteBuffer(string: line + "\r\n"))
        } catch {
            // The write only says "closed"; the closing event says why (e.g. a refused TLS
            // cert), and it may still be on its way to this actor.
            try? await waitUntilClosed(timeout: .seconds(1))
            throw TestIRCClientError.connectionClosed(reason: closeReason ?? "\(error)", recentLines: recentLines())
        }
    }

    /// Joins `channel` and returns once the server has sent the end of its names list (366).
    public func join(_ channel: String) async throws {
        try await send("JOIN \(channel)")
        let wanted = channel.lowercased()
        let errors: Set<String> = ["403", "405", "471", "473", "474", "475", "476", "477", "480"]
        let answer = try await waitFor { line in
            guard line.parameters.count > 1, line.parameters[1].lowercased() == wanted else { return false }
            return line.command == "366" || errors.contains(line.command)
        }
        if answer.command != "366" {
            throw TestIRCClientError.joinFailed(line: answer.raw)
        }
    }

    /// PRIVMSG `target` :`text`
    public func say(_ target: String, _ text: String) async throws {
        try await send("PRIVMSG \(target) :\(text)")
    }

    /// Every line received so far, in order (PINGs included).
    public func lines() -> [TestIRCLine] {
        received
    }

    /// Sends QUIT, gives the server a moment to close, then closes the connection.
    public func quit() async {
        if !isClosed {
            try? await send("QUIT :test client done")
            _ = try? await waitUntilClosed(timeout: .seconds(2))
        }
        try? await connection.close()
    }

    func startReading(_ events: AsyncStream<ClientEvent>) {
        Task {
            for await event in events {
                self.handle(event)
            }
        }
    }

    private func handle(_ event: ClientEvent) {
        switch event {
        case let .line(bytes):
            let line = TestIRCLine(rawBytes: bytes)
            received.append(line)
            react(to: line)
        case let .closed(error):
            isClosed = true
            closeReason = error.map { String(describing: $0) }
        }
        wakeSleepers()
    }

    /// Keeps the connection alive and `nick` current without the test's help.
    private func react(to line: TestIRCLine) {
        switch line.command {
        case "PING":
            let token = line.parameters.last ?? ""
            connection.writeAndFlush(ByteBuffer(string: "PONG :\(token)\r\n"), promise: nil)
        case "001":
            if let nick = line.parameters.first {
                currentNick = nick
            }
        case "NICK":
            if line.sourceNick == currentNick, let nick = line.parameters.first {
                currentNick = nick
            }
        default:
            break
        }
    }

    func recentLines(_ count: Int = 15) -> [String] {
        received.suffix(count).map(\.raw)
    }
}
