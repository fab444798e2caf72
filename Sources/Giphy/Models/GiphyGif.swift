import Foundation

/// A GIF as GIPHY describes it, decoded tolerantly: only `id` is required.
public struct GiphyGif: Decodable, Sendable, Equatable {
    public let id: String
    public let title: String
    /// The GIF's own rating as sent (`g`, `pg`, …); nil when GIPHY left it out or sent "".
    public let rating: String?
    /// The GIPHY page of the GIF.
    public let pageURL: String?
    public let username: String?
    public let user: GiphyUser?
    /// "YYYY-MM-DD HH:MM:SS" as sent.
    public let importDatetime: String?
    public let renditions: [String: GiphyRendition]

    public init(id: String, title: String, rating: String?, pageURL: String? = nil, username: String? = nil,
                user: GiphyUser? = nil, importDatetime: String? = nil, renditions: [String: GiphyRendition]) {
        self.id = id
        self.title = title
        self.rating = rating
        self.pageURL = pageURL
        self.username = username
        self.user = user
        self.importDatetime = importDatetime
        self.renditions = renditions
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, rating, url, username, user, images
        case importDatetime = "import_datetime"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = container.lenientString(.id), !id.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "GIF without an id")
        }
        self.id = id
        title = container.lenientString(.title) ?? ""
        let rating = container.lenientString(.rating)?.trimmingCharacters(in: .whitespaces)
        self.rating = (rating?.isEmpty ?? true) ? nil : rating
        pageURL = container.lenientString(.url)
        username = container.lenientString(.username)
        user = try? container.decodeIfPresent(GiphyUser.self, forKey: .user)
        importDatetime = container.lenientString(.importDatetime)
        let images = (try? container.decodeIfPresent([String: LenientRendition].self, forKey: .images)) ?? nil
        var renditions = (images ?? [:]).compactMapValues(\.rendition)
        if renditions.isEmpty {
            renditions = try LegacyRenditions.decode(from: decoder)
        }
        self.renditions = renditions
    }
}

/// A rendition that decodes to nil instead of failing, so one malformed entry in `images`
/// does not lose the others.
private struct LenientRendition: Decodable {
    let rendition: GiphyRendition?

    init(from decoder: any Decoder) throws {
        rendition = try? GiphyRendition(from: decoder)
    }
}

/// The flat fields that 2016–2018 `random` responses carried instead of `images`
/// (`image_original_url`, `fixed_height_small_url`, …), mapped onto rendition names.
enum LegacyRenditions {
    private struct FlatKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func decode(from decoder: any Decoder) throws -> [String: GiphyRendition] {
        let container = try decoder.container(keyedBy: FlatKey.self)
        var renditions: [String: GiphyRendition] = [:]
        let originalURL = container.lenientString(FlatKey(stringValue: "image_original_url"))
            ?? container.lenientString(FlatKey(stringValue: "image_url"))
        if let originalURL, !originalURL.isEmpty {
            renditions["original"] = GiphyRendition(
                url: originalURL,
                width: container.lenientInt(FlatKey(stringValue: "image_width")),
                height: container.lenientInt(FlatKey(stringValue: "image_height")),
                mp4: container.lenientString(FlatKey(stringValue: "image_mp4_url")),
                frames: container.lenientInt(FlatKey(stringValue: "image_frames"))
            )
        }
        for name in ["fixed_height_downsampled", "fixed_width_downsampled", "fixed_height_small", "fixed_width_small"] {
            guard let url = container.lenientString(FlatKey(stringValue: "\(name)_url")), !url.isEmpty else { continue }
            renditions[name] = GiphyRendition(
                url: url,
                width: container.lenientInt(FlatKey(stringValue: "\(name)_width")),
                height: container.lenientInt(FlatKey(stringValue: "\(name)_height"))
            )
        }
        return renditions
    }
}
