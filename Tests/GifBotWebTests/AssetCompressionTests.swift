import Foundation
import GifBotCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import GifBotWeb

/// The gallery's stylesheet and scripts go gzipped to a browser that accepts it (the picker's
/// page weight, issue 35), as they are to one that does not; the browser tests show Chromium
/// reading them.
@Suite struct AssetCompressionTests {
    static let assets = ["/assets/gallery.css", "/assets/copy.js", "/assets/picker.js", "/assets/widget.js"]

    func withGallery(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let settings = WebSettings(port: 8080, baseURL: "https://gifs.example.org")
        let store = InMemoryWebStore()
        let gallery = WebGallery(
            settings: settings, access: WebAccess(store: store, settings: settings), favorites: store,
            commandPrefix: "!", logger: Logger(label: "test"))
        try await Application(router: gallery.router()).test(.router) { client in try await test(client) }
    }

    func get(_ client: any TestClientProtocol, _ uri: String, acceptEncoding: String?) async throws -> TestResponse {
        var headers = HTTPFields()
        if let acceptEncoding { headers[.acceptEncoding] = acceptEncoding }
        return try await client.execute(uri: uri, method: .get, headers: headers)
    }

    @Test func aBrowserThatAcceptsGzipGetsEachAssetGzippedAndOneThatDoesNotGetsItPlain() async throws {
        try await withGallery { client in
            for uri in Self.assets {
                let plain = try await get(client, uri, acceptEncoding: nil)
                #expect(plain.status == .ok && plain.headers[.contentEncoding] == nil, "\(uri)")
                #expect(plain.headers[.vary] == "Accept-Encoding", "\(uri): caches keep both forms apart")
                let text = Array(plain.body.readableBytesView)
                #expect(String(decoding: text, as: UTF8.self).contains(uri.hasSuffix(".css") ? "{" : "function"))

                let packed = try await get(client, uri, acceptEncoding: "br, gzip;q=0.8, deflate")
                #expect(packed.headers[.contentEncoding] == "gzip", "\(uri)")
                #expect(packed.headers[.vary] == "Accept-Encoding")
                #expect(packed.headers[.contentType] == plain.headers[.contentType])
                let bytes = Array(packed.body.readableBytesView)
                #expect(bytes.starts(with: [0x1f, 0x8b, 0x08]), "\(uri): a gzip member with deflate")
                #expect(bytes.count * 4 < text.count * 3, "\(uri): \(bytes.count) bytes gzipped of \(text.count)")
                // The trailer's ISIZE: the length of what it unpacks to, little-endian.
                let size = bytes.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
                #expect(size == text.count, "\(uri): the gzip member holds the whole file")

                let refused = try await get(client, uri, acceptEncoding: "gzip;q=0, identity")
                #expect(refused.headers[.contentEncoding] == nil, "\(uri): gzip refused with q=0")
                #expect(Array(refused.body.readableBytesView) == text)
            }
        }
    }

    @Test(arguments: [
        ("gzip", true), ("GZIP", true), ("x-gzip", true), ("deflate, gzip;q=1.0", true), ("*", true),
        ("br;q=1, *;q=0.1", true), ("*;q=0, gzip", true), ("identity", false), ("gzip;q=0", false),
        ("gzip; q=0.000", false), ("gzip;q=0, *", false), ("", false), ("gzipx", false), ("*;q=0", false),
    ])
    func acceptEncodingIsReadAsRFC9110Says(header: String, accepts: Bool) {
        #expect(StaticAsset.acceptsGzip(header) == accepts, "\(header)")
    }
}
