import NIOCore

/// What kind of image a download is, read from its first bytes: what the downloader accepts, the
/// type the homeserver is told on upload, and what clients read in `info.mimetype` and
/// `thumbnail_info.mimetype`. A source says what its animated renditions are, but not always what
/// its stills are (KLIPY's are JPEGs, GIPHY's GIFs), so the bytes decide.
struct ImageFormat: Hashable, Sendable {
    let mimetype: String
    let fileExtension: String

    static let gif = ImageFormat(mimetype: "image/gif", fileExtension: "gif")
    static let jpeg = ImageFormat(mimetype: "image/jpeg", fileExtension: "jpg")
    static let png = ImageFormat(mimetype: "image/png", fileExtension: "png")
    static let webp = ImageFormat(mimetype: "image/webp", fileExtension: "webp")

    /// What a GIF that is posted must be.
    static let animated: Set<ImageFormat> = [.gif]
    /// What a thumbnail may be: any still image every client shows.
    static let stills: Set<ImageFormat> = [.gif, .jpeg, .png, .webp]

    /// The format `bytes` begin with; nil for none of these.
    static func of(_ bytes: ByteBuffer) -> ImageFormat? {
        let head = bytes.readableBytesView
        if head.starts(with: "GIF8".utf8) { return .gif }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: "RIFF".utf8) && head.dropFirst(8).starts(with: "WEBP".utf8) { return .webp }
        return nil
    }
}
