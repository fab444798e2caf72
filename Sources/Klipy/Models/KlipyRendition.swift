/// One file of a KLIPY item: a size class and a format, with what the bot needs to choose it.
/// `width`, `height` and `size` (bytes) are nil when KLIPY sent nothing usable (missing or 0).
public struct KlipyRendition: Sendable, Hashable {
    /// KLIPY's size classes. "hd" is a class, not "largest": real items have `md` wider than `hd`.
    public enum SizeClass: String, Sendable, CaseIterable {
        case hd, md, sm, xs
    }

    /// The formats the bot reads: the animated ones it can post, and jpg, the first frame a page
    /// shows people who ask for reduced motion; webp and webm are not decoded.
    public enum Format: String, Sendable, CaseIterable {
        case gif, mp4, jpg
    }

    public let sizeClass: SizeClass
    public let format: Format
    public let url: String
    public let width: Int?
    public let height: Int?
    public let byteSize: Int?

    public init(sizeClass: SizeClass, format: Format, url: String, width: Int?, height: Int?, byteSize: Int?) {
        self.sizeClass = sizeClass
        self.format = format
        self.url = url
        self.width = width
        self.height = height
        self.byteSize = byteSize
    }
}

/// `{url, width, height, size}` as KLIPY sends it under `file.<size>.<format>`.
struct KlipyFileEntry: Decodable, Sendable {
    let url: String?
    let width: Int?
    let height: Int?
    let size: Int?

    private enum CodingKeys: String, CodingKey {
        case url, width, height, size
    }

    init(url: String?, width: Int?, height: Int?, size: Int?) {
        self.url = url
        self.width = width
        self.height = height
        self.size = size
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = container.klipyText(.url)
        width = container.klipyInt(.width).flatMap(Self.positive)
        height = container.klipyInt(.height).flatMap(Self.positive)
        size = container.klipyInt(.size).flatMap(Self.positive)
    }

    /// A zeroed dimension is no dimension.
    static func positive(_ value: Int) -> Int? { value > 0 ? value : nil }

    func rendition(_ sizeClass: KlipyRendition.SizeClass, _ format: KlipyRendition.Format) -> KlipyRendition? {
        guard let url, url.hasPrefix("http") else { return nil }
        return KlipyRendition(
            sizeClass: sizeClass, format: format, url: url, width: width, height: height, byteSize: size)
    }
}
