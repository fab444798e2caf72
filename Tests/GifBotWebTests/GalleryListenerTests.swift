import Foundation
import GiphyStandIn
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import ServiceLifecycle
import TestServerSupport
import Testing

@testable import GifBotWeb
@testable import HTTPListening

/// The gallery as the bot runs it (`WebGallery.service()`), over loopback sockets: what its
/// listener lets a client hold (issue 31, items 8, 10 and 11), which in-process router tests
/// cannot show.
@Suite(.timeLimit(.minutes(2))) struct GalleryListenerTests {
    let store = InMemoryWebStore()
    let logs = LogCapture()

    /// Runs the gallery with `listener` until `test` ends, on the port the kernel gives it (port
    /// 0), read from its "listening" line: a port found free beforehand was once taken by another
    /// test's connection before the gallery could bind it.
    func withGallery(
        _ listener: ListenerLimits, _ test: @Sendable (_ port: Int) async throws -> Void
    ) async throws {
        let settings = WebSettings(port: 0, baseURL: "http://127.0.0.1", listener: listener)
        let gallery = WebGallery(
            settings: settings, access: WebAccess(store: store, settings: settings), favorites: store,
            commandPrefix: "!", logger: logs.logger(level: .debug))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await gallery.service().run() }
            defer { group.cancelAll() }
            #expect(await logs.waitFor("The gallery listening"), "logs: \(logs.text)")
            let line = try #require(logs.text.split(separator: "\n").first { $0.contains("The gallery listening") })
            let address = try #require(line.range(of: "127.0.0.1:"), "\(line)")
            let port = try #require(Int(line[address.upperBound...].prefix { $0.isNumber }), "\(line)")
            try await test(port)
        }
    }

    static func limits(
        maxConnections: Int = 16, headerTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(30)
    ) -> ListenerLimits {
        ListenerLimits(
            maxConnections: maxConnections, headerTimeout: headerTimeout, idleTimeout: idleTimeout, maxBodyBytes: 4096)
    }

    var hasErrorLine: Bool { logs.text.split(separator: "\n").contains { $0.hasPrefix("error ") } }

    static let home = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test func aConnectionThatNeverFinishesItsHeadIsClosed() async throws {
        try await withGallery(Self.limits(headerTimeout: .seconds(1))) { port in
            let silent = try await RawConnection.open(port: port)
            let halfSent = try await RawConnection.open(port: port)
            try await halfSent.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            #expect(await silent.closed(within: .seconds(10)), "a silent connection is closed")
            #expect(await halfSent.closed(within: .seconds(10)), "a half-sent head is closed")
            #expect(halfSent.received.isEmpty, "closed without an answer: \(halfSent.received)")
        }
    }

    @Test func aKeptAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        try await withGallery(Self.limits(idleTimeout: .seconds(1))) { port in
            let client = try await RawConnection.open(port: port)
            try await client.send(Self.home)
            #expect(await client.receive("</html>"))
            #expect(await client.closed(within: .seconds(10)))
        }
    }

    /// A crowd of idle connections at the cap: each newcomer pushes out the one idle the
    /// longest, so a real request still gets through, and the open connections stay at the cap.
    @Test func pastTheCapTheLongestIdleConnectionMakesRoom() async throws {
        try await withGallery(Self.limits(maxConnections: 4)) { port in
            var crowd: [RawConnection] = []
            // Each asks for a page and gets it before the next comes: the server then holds them
            // idle in that order (connections merely opened are admitted in whatever order the
            // event loops take them, which once made the second the longest idle).
            for _ in 0..<4 {
                let connection = try await RawConnection.open(port: port)
                try await connection.send(Self.home)
                #expect(await connection.receive("</html>"), "received: \(connection.received)")
                crowd.append(connection)
            }
            let visitor = try await RawConnection.open(port: port)
            try await visitor.send(Self.home)
            #expect(await visitor.receive("</html>"), "received: \(visitor.received)")
            #expect(await crowd[0].closed(within: .seconds(10)), "the longest idle was pushed out")
            for connection in crowd { await connection.close() }
        }
    }

    /// Issue 31, item 10: 413 and the connection closed, a debug line and no error line; the
    /// rest of the body is never read.
    @Test func anOversizedFormIsAnswered413AndTheConnectionClosed() async throws {
        try await withGallery(Self.limits()) { port in
            let client = try await RawConnection.open(port: port)
            let body = String(repeating: "a", count: 5 * 1024)
            // The head announces 50 MB; 5 KB of it is already over the limit.
            try await client.send(
                "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: 52428800\r\n\r\ntoken=" + body)
            #expect(await client.receive("HTTP/1.1 413"), "received: \(client.received)")
            #expect(await client.closed(within: .seconds(10)), "the rest of the body is not read")
            #expect(!hasErrorLine, "logs: \(logs.text)")
            #expect(logs.text.contains("debug Gallery request refused"))
        }
    }

    @Test func aMalformedChunkSizeIsAnswered400AndTheConnectionClosed() async throws {
        try await withGallery(Self.limits()) { port in
            let client = try await RawConnection.open(port: port)
            try await client.send(
                "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\nzz\r\ntoken=x\r\n")
            #expect(await client.receive("HTTP/1.1 400"), "received: \(client.received)")
            #expect(await client.closed(within: .seconds(10)))
            #expect(!hasErrorLine, "logs: \(logs.text)")
        }
    }

    /// Issue 31, item 11: only `chunked` alone; anything else a proxy could read differently.
    @Test func aTransferCodingOtherThanChunkedIsRefused() async throws {
        try await withGallery(Self.limits()) { port in
            let client = try await RawConnection.open(port: port)
            try await client.send(
                "POST /logout HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n")
            #expect(await client.receive("HTTP/1.1 501"), "received: \(client.received)")
            #expect(await client.closed(within: .seconds(10)))
        }
    }
}

/// The refusal past the cap, which needs every connection to be answering at once: decided on
/// embedded channels, where the test says when a connection is answering. The 503 itself, on a
/// real socket, is checked on the ops endpoint, which runs on the same listener
/// (`OpsServerLimitTests.whenEveryConnectionIsBeingAnsweredANewcomerIsTurnedAway`).
@Suite struct ListenerRefusalTests {
    @Test func whenEveryConnectionIsAnsweringANewcomerIsSetUpToBeRefusedOutsideTheTable() async throws {
        let table = ConnectionTable(capacity: 1)
        let busy = EmbeddedChannel()
        guard case .admitted = table.admit(busy) else {
            Issue.record("the first connection is admitted")
            return
        }
        table.answering(busy)
        let channel = LimitedHTTP1Channel(
            base: HTTP1Channel(responder: { _, _, _ in }), table: table, name: "The gallery")
        let newcomer = EmbeddedChannel()
        try await newcomer.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get()
        let value = try await channel.setup(channel: newcomer, logger: Logger(label: "test")).get()
        #expect(value.isRefused)
        #expect(table.count == 1, "the busy connection keeps its place; the newcomer takes none")

        table.remove(busy)
        let admitted = try await channel.setup(channel: EmbeddedChannel(), logger: Logger(label: "test")).get()
        #expect(!admitted.isRefused)
    }
}
