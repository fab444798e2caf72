import Foundation

/// The channel (uploader) of a GIF. Absent on GIFs that have no channel.
public struct GiphyUser: Decodable, Sendable, Equatable {
    public let username: String?
    public let displayName: String?
    public let profileURL: String?
    public let isVerified: Bool

    public init(username: String?, displayName: String?, profileURL: String? = nil, isVerified: Bool = false) {
        self.username = username
        self.displayName = displayName
        self.profileURL = profileURL
        self.isVerified = isVerified
    }

    private enum CodingKeys: String, CodingKey {
        case username
        case displayName = "display_name"
        case profileURL = "profile_url"
        case isVerified = "is_verified"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        username = container.lenientString(.username)
        displayName = container.lenientString(.displayName)
        profileURL = container.lenientString(.profileURL)
        isVerified = container.lenientBool(.isVerified)
    }
}
