/// The channel (uploader) of a GIF, as `!info` shows it. Absent on GIFs that have no channel.
public struct GiphyUser: Sendable, Equatable {
    public let username: String?
    public let displayName: String?
    public let isVerified: Bool

    public init(username: String?, displayName: String?, isVerified: Bool = false) {
        self.username = username
        self.displayName = displayName
        self.isVerified = isVerified
    }

    private enum Key: String, JSONKey, CaseIterable {
        static let table = JSONKeyTable<Self>()
        case username, displayName = "display_name", isVerified = "is_verified"
    }

    /// Reads the user object at the cursor; nil, with the value skipped, when it is not one.
    static func read(_ reader: inout JSONReader) throws -> GiphyUser? {
        guard try reader.peekKind() == .object else {
            try reader.skipValue()
            return nil
        }
        var username: String?, displayName: String?, isVerified = false
        try reader.beginObject()
        while let key = try reader.nextKey(Key.self) {
            switch key {
            case .username?: username = try reader.lenientString()
            case .displayName?: displayName = try reader.lenientString()
            case .isVerified?: isVerified = try reader.lenientBool()
            case nil: try reader.skipValue()
            }
        }
        return GiphyUser(username: username, displayName: displayName, isVerified: isVerified)
    }
}
