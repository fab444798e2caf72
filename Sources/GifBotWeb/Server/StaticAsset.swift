import HTTPTypes
import Hummingbird
import NIOCore

/// One of the gallery's own files (stylesheet, scripts), kept as it is and gzipped, both made
/// once: a browser that accepts gzip gets the smaller one.
struct StaticAsset: Sendable {
    let type: String
    let plain: ByteBuffer
    let gzipped: ByteBuffer?

    init(_ text: String, type: String) {
        self.type = type
        plain = ByteBuffer(string: text)
        gzipped = Gzip.compress(Array(text.utf8)).map { ByteBuffer(bytes: $0) }
    }

    func response(to request: Request) -> Response {
        let compressed = gzipped.flatMap { Self.acceptsGzip(request.headers[.acceptEncoding]) ? $0 : nil }
        var response = Response(status: .ok, body: .init(byteBuffer: compressed ?? plain))
        response.headers[.contentType] = type
        response.headers[.cacheControl] = "public, max-age=3600"
        response.headers[.vary] = "Accept-Encoding"
        if compressed != nil { response.headers[.contentEncoding] = "gzip" }
        return response
    }

    /// Whether an Accept-Encoding header (RFC 9110 §12.5.3) allows gzip: named, or `*`, with a
    /// weight above zero.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzip: Bool?
        var any: Bool?
        for entry in header.lowercased().split(separator: ",") {
            let parts = entry.split(separator: ";").map { $0.filter { $0 != " " && $0 != "\t" } }
            guard let coding = parts.first else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if coding == "gzip" || coding == "x-gzip" { gzip = weight > 0 }
            if coding == "*" { any = weight > 0 }
        }
        return gzip ?? any ?? false
    }
}
