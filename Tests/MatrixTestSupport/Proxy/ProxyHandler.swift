import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// One proxied connection: collects a request, then forwards it upstream, answers it with an
/// error, or holds it unanswered, as the proxy decides.
final class ProxyHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    enum Decision: Sendable {
        case forward
        case answer(InjectedAnswer)
        case hang
    }

    private let upstream: String
    private let httpClient: HTTPClient
    private let decide: @Sendable (HTTPRequestHead) -> Decision
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()

    init(upstream: String, httpClient: HTTPClient, decide: @escaping @Sendable (HTTPRequestHead) -> Decision) {
        self.upstream = upstream
        self.httpClient = httpClient
        self.decide = decide
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.clear()
        case .body(var part):
            body.writeBuffer(&part)
        case .end:
            guard let head else { return }
            self.head = nil
            switch decide(head) {
            case .hang:
                break
            case .answer(let answer):
                Self.write(
                    status: answer.status, headers: answer.headers, body: ByteBuffer(string: answer.json),
                    context: context)
            case .forward:
                forward(head, body: body, context: context)
            }
        }
    }

    private func forward(_ head: HTTPRequestHead, body: ByteBuffer, context: ChannelHandlerContext) {
        var headers = head.headers
        headers.remove(name: "Host")
        headers.remove(name: "Connection")
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(
                url: upstream + head.uri, method: head.method, headers: headers,
                body: body.readableBytes > 0 ? .byteBuffer(body) : nil)
        } catch {
            Self.write(status: .badGateway, headers: [:], body: ByteBuffer(), context: context)
            return
        }
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        // The long poll decides how long: a /sync waits up to its own timeout upstream.
        httpClient.execute(
            request: request, eventLoop: .delegate(on: context.eventLoop), deadline: .now() + .seconds(120)
        )
        .hop(to: context.eventLoop)
        .whenComplete { result in
            let context = loopBound.value
            switch result {
            case .success(let response):
                var headers = response.headers
                headers.remove(name: "Transfer-Encoding")
                headers.remove(name: "Connection")
                headers.remove(name: "Content-Length")
                Self.write(
                    status: response.status, headers: headers, body: response.body ?? ByteBuffer(), context: context)
            case .failure:
                Self.write(status: .badGateway, headers: [:], body: ByteBuffer(), context: context)
            }
        }
    }

    private static func write(
        status: HTTPResponseStatus, headers: HTTPHeaders, body: ByteBuffer, context: ChannelHandlerContext
    ) {
        guard context.channel.isActive else { return }
        var headers = headers
        headers.replaceOrAdd(name: "Content-Length", value: String(body.readableBytes))
        context.write(
            NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
            promise: nil)
        context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: nil)
    }
}
