/// A GIF already uploaded to a homeserver: posting it again needs no download and no upload.
public struct UploadedMedia: Sendable, Equatable {
    public let gifID: String
    /// The `mxc://` URI.
    public let contentURI: String
    public let mimetype: String
    public let byteSize: Int
    public let width: Int?
    public let height: Int?

    public init(gifID: String, contentURI: String, mimetype: String, byteSize: Int, width: Int?, height: Int?) {
        self.gifID = gifID
        self.contentURI = contentURI
        self.mimetype = mimetype
        self.byteSize = byteSize
        self.width = width
        self.height = height
    }
}
