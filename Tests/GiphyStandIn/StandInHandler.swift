import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Answers each HTTP request from the route table, after the response's delay. Nothing but
/// I/O happens on the event loop: even parsing the URI (the first use of Foundation's URL
/// parsing in a process can take seconds on a loaded machine) is done on the builders' pool,
/// so every stand-in notices arrivals and closings on time.
final class StandInHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let table: RouteTable
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    /// Request bodies are small JSON objects; more than this is not kept.
    static let maximumRecordedBody = 64 * 1024
    /// A request read but not answered yet; `closedAt` is set if the client gave up on it.
    private var pending: (index: Int?, closedAt: ContinuousClock.Instant?)?

    init(table: RouteTable) {
        self.table = table
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(let part):
            let room = max(0, Self.maximumRecordedBody - body.count)
            body += part.readableBytesView.prefix(room)
        case .end:
            guard let head else { return }
            self.head = nil
            let receivedAt = ContinuousClock.now
            let (uri, keepAlive, table, method, body) = (head.uri, head.isKeepAlive, table, head.method.rawValue, body)
            self.body = []
            pending = (nil, nil)
            let loopBoundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
            StandInThreads.builders.runIfActive(eventLoop: context.eventLoop) { () -> (Int, StandInResponse) in
                let request = Self.record(uri, method: method, body: body, receivedAt: receivedAt)
                return (table.record(request), table.respond(to: request))
            }
            .assumeIsolated()
            .whenSuccess { [self] index, response in
                if let closedAt = pending?.closedAt {
                    pending = nil
                    return table.abandoned(index, at: closedAt)
                }
                pending = (index, nil)
                guard response.delay > .zero else {
                    return answer(response, keepAlive: keepAlive, context: loopBoundContext.value)
                }
                loopBoundContext.value.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(response.delay)) {
                    self.answer(response, keepAlive: keepAlive, context: loopBoundContext.value)
                }
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let pending {
            if let index = pending.index {
                table.abandoned(index, at: .now)
                self.pending = nil
            } else {
                self.pending = (nil, .now)  // noted once the request is in the log
            }
        }
        context.fireChannelInactive()
    }

    private func answer(_ response: StandInResponse, keepAlive: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        // A trickled answer stays pending until its last byte, so a client that gives up on
        // it is seen doing so.
        if response.trickle == nil { pending = nil }
        Self.write(response, keepAlive: keepAlive, context: context) { [self] in pending = nil }
    }

    private static func write(
        _ response: StandInResponse, keepAlive: Bool, context: ChannelHandlerContext,
        bodySent: @escaping () -> Void
    ) {
        guard context.channel.isActive else { return }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        headers.add(name: "Content-Length", value: String(response.body.count))
        for header in response.headers { headers.add(name: header.name, value: header.value) }
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        if let cut = response.resetAfterBytes {
            let part = ByteBuffer(bytes: response.body.prefix(cut))
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(part))), promise: nil)
            // Linger 0: close() sends RST instead of FIN, as a dropped connection does.
            let channel = context.channel
            guard let socket = channel as? any SocketOptionProvider else {
                channel.close(promise: nil)
                return
            }
            socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        if let trickle = response.trickle {
            context.flush()
            return writeSlowly(
                response.body[...], trickle: trickle, keepAlive: keepAlive, context: context, bodySent: bodySent)
        }
        context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
        finish(keepAlive: keepAlive, context: context)
    }

    /// One piece now, the rest later, for as long as the client stays connected.
    private static func writeSlowly(
        _ rest: ArraySlice<UInt8>, trickle: StandInResponse.Trickle, keepAlive: Bool,
        context: ChannelHandlerContext, bodySent: @escaping () -> Void
    ) {
        guard context.channel.isActive else { return }
        guard !rest.isEmpty else {
            bodySent()
            return finish(keepAlive: keepAlive, context: context)
        }
        let piece = ByteBuffer(bytes: rest.prefix(trickle.bytes))
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(piece))), promise: nil)
        let remaining = rest.dropFirst(trickle.bytes)
        let loopBoundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(trickle.every)) {
            writeSlowly(
                remaining, trickle: trickle, keepAlive: keepAlive, context: loopBoundContext.value, bodySent: bodySent)
        }
    }

    private static func finish(keepAlive: Bool, context: ChannelHandlerContext) {
        let written = context.writeAndFlushPromise()
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: written)
        if !keepAlive {
            written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    /// Splits `/path?a=b&c=d` and percent-decodes the query values.
    static func record(
        _ uri: String, method: String = "GET", body: [UInt8] = [], receivedAt: ContinuousClock.Instant = .now
    ) -> RecordedRequest {
        let components = URLComponents(string: uri)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] {
            query[item.name] = item.value ?? ""
        }
        return RecordedRequest(
            path: components?.percentEncodedPath ?? uri, query: query, method: method, body: body,
            receivedAt: receivedAt)
    }
}

extension ChannelHandlerContext {
    fileprivate func writeAndFlushPromise() -> EventLoopPromise<Void> {
        eventLoop.makePromise(of: Void.self)
    }
}
