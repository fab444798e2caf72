import Synchronization

/// Once a test asks (`GiphyStandIn.serveMediaItself`), every rendition URL in the stand-in's
/// answers points at the stand-in's own `/media/…`, each a small animated GIF of its own
/// colours: pages in a real browser show GIFs, not broken images, without leaving loopback.
final class MediaMirror: Sendable {
    /// Big renditions are served smaller: a browser test loads dozens of them.
    static let largestServedBytes = 120_000

    private let base = Mutex<String?>(nil)

    func serve(at baseURL: String) { base.withLock { $0 = baseURL } }

    /// Names the mirror in a rendered page's cache key: pages rendered before it was on differ.
    var key: String { base.withLock { $0 } ?? "" }

    /// `gif` (a GIPHY GIF object) with its renditions' URLs on the mirror, when it is on.
    func rewrite(_ gif: Any) -> Any {
        guard let base = base.withLock({ $0 }), var object = gif as? [String: Any],
            let id = object["id"] as? String, let images = object["images"] as? [String: Any]
        else { return gif }
        var mirrored: [String: Any] = [:]
        for (name, value) in images {
            guard var rendition = value as? [String: Any], rendition["url"] is String else {
                mirrored[name] = value
                continue
            }
            let size = (rendition["size"] as? String).flatMap { Int($0) } ?? 20_000
            rendition["url"] = "\(base)/media/\(id)-\(name)/\(min(size, Self.largestServedBytes)).gif"
            mirrored[name] = rendition
        }
        object["images"] = mirrored
        return object
    }
}
