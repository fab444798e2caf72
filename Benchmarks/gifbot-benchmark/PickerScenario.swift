import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import GifBotCore
import GifBotWeb
import GiphyStandIn
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// Scenario 10: the picker's search page (issue 35), from a warm cache: the gallery on loopback
/// over the real bot and store, one signed-in person asking the same search's first page again
/// and again (keep-alive). The figure is the request's time as the client sees it on loopback,
/// an upper bound of the server's; the page's weight is what a browser receives: its HTML with
/// the stylesheet and script it loads (gzipped), without the GIFs (the sources' servers send those).
enum PickerScenario {
    static let channel = "#bench"

    static func run(_ report: Report, requests: Int) async throws {
        progress("scenario 10: the picker's search page, warm cache")
        let standIn = try await GiphyStandIn.start()
        let bench = try await BenchBot(baseURL: standIn.baseURL)
        // The links' address is never followed here: requests go to the port the server got.
        // One client asks hundreds of times a minute: the per-client limit off (0), or the
        // figures would time its refusals.
        let settings = WebSettings(
            port: 0, baseURL: "http://127.0.0.1", limits: WebRequestLimits(requestsPerMinute: 0))
        let access = WebAccess(store: bench.store, settings: settings)
        let gallery = WebGallery(
            settings: settings, access: access, favorites: bench.bot, collections: bench.store, picker: bench.bot,
            commandPrefix: "!", logger: Logger(label: "bench-gallery") { _ in SwiftLogNoOpLogHandler() })
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let server = Application(
            router: gallery.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { listening.yield($0.localAddress?.port ?? 0) },
            logger: Logger(label: "bench-gallery") { _ in SwiftLogNoOpLogHandler() })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.runService() }
            defer { group.cancelAll() }
            let client = bench.httpClient
            var running = ports.makeAsyncIterator()
            guard let port = await running.next(), port > 0 else { throw PickerScenarioError.notListening }
            let baseURL = "http://127.0.0.1:\(port)"
            let user = UserKey(network: "bench", userID: "picker")
            let link = try await access.loginLink(for: user, channel: channel)
            let cookie = try await signIn(client, link: link, baseURL: baseURL)
            let page = "\(baseURL)/p/\(handle(network: user.network, channel: channel))?q=warm%20query%200"
            let first = try await get(client, page, cookie: cookie)  // fills the cache: not measured
            let cards = first.components(separatedBy: "<li class=\"tile\"").count - 1
            var latencies: [Double] = []
            for _ in 0..<requests {
                let started = ContinuousClock.now
                _ = try await get(client, page, cookie: cookie)
                latencies.append((ContinuousClock.now - started).inSeconds * 1000)
            }
            // As a browser asks for them: gzip accepted, so the bytes counted are those sent.
            let stylesheet = try await sentBytes(client, "\(baseURL)/assets/gallery.css")
            let script = try await sentBytes(client, "\(baseURL)/assets/picker.js")
            let weight = Double(first.utf8.count + stylesheet + script) / 1024
            report.add("10 picker", "GIFs on the search page", Double(cards), "GIFs")
            report.add("10 picker", "search page HTML", Double(first.utf8.count) / 1024, "KiB")
            report.add(
                "10 picker", "search page p50 (loopback request)", Measure.percentile(latencies, 50), "ms",
                target: "<= 5", met: { $0 <= 5 })
            report.add("10 picker", "search page p99 (loopback request)", Measure.percentile(latencies, 99), "ms")
            report.add(
                "10 picker", "page weight without GIFs (HTML, CSS, script)", weight, "KiB", target: "<= 30",
                met: { $0 <= 30 })
        }
        await bench.finish()
        try await standIn.stop()
    }

    /// The gallery's handle for a channel's pages (`ChannelHandle`): base64url of network NUL channel.
    static func handle(network: String, channel: String) -> String {
        Data((network + "\u{0}" + channel).utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    private static func signIn(_ client: HTTPClient, link: String, baseURL: String) async throws -> String {
        let token = String(link.split(separator: "=", maxSplits: 1)[1])
        var request = HTTPClientRequest(url: "\(baseURL)/login")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: "token=\(token)"))
        let response = try await client.execute(request, timeout: .seconds(10))
        guard let cookie = response.headers.first(name: "Set-Cookie")?.split(separator: ";").first else {
            throw PickerScenarioError.notSignedIn
        }
        return String(cookie)
    }

    /// The bytes a browser receives for one of the gallery's assets.
    private static func sentBytes(_ client: HTTPClient, _ url: String) async throws -> Int {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept-Encoding", value: "gzip, deflate, br")
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 4 << 20)
        guard response.status == .ok else { throw PickerScenarioError.refused(url: url, status: response.status.code) }
        return body.readableBytes
    }

    private static func get(_ client: HTTPClient, _ url: String, cookie: String?) async throws -> String {
        var request = HTTPClientRequest(url: url)
        if let cookie { request.headers.add(name: "Cookie", value: cookie) }
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 4 << 20)
        guard response.status == .ok else { throw PickerScenarioError.refused(url: url, status: response.status.code) }
        return String(buffer: body)
    }
}

enum PickerScenarioError: Error {
    case notListening, notSignedIn
    case refused(url: String, status: UInt)
}
