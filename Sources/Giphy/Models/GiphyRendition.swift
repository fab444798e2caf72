import Foundation

/// One rendition of a GIF (`images.downsized`, `images.original`, …). Every field is optional:
/// GIPHY omits fields per rendition, sends numbers as strings, and sometimes sends `{}` or a
/// zeroed rendition with an empty url.
public struct GiphyRendition: Decodable, Sendable, Equatable {
    public let url: String?
    public let width: Int?
    public let height: Int?
    public let size: Int?
    public let mp4: String?
    public let webp: String?
    public let frames: Int?

    public init(url: String?, width: Int? = nil, height: Int? = nil, size: Int? = nil,
                mp4: String? = nil, webp: String? = nil, frames: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.size = size
        self.mp4 = mp4
        self.webp = webp
        self.frames = frames
    }

    private enum CodingKeys: String, CodingKey {
        case url, width, height, size, mp4, webp, frames
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = container.lenientString(.url)
        width = container.lenientInt(.width)
        height = container.lenientInt(.height)
        size = container.lenientInt(.size)
        mp4 = container.lenientString(.mp4)
        webp = container.lenientString(.webp)
        frames = container.lenientInt(.frames)
    }

    /// A rendition with a url we can link to; zeroed and empty renditions are not.
    public var isUsable: Bool {
        guard let url, !url.isEmpty else { return false }
        return true
    }
}
