import Foundation
import GifSources
import HTTPTransport

/// One KLIPY GIF, reduced to what a reply, `!info`, a favorite or an upload uses. KLIPY items
/// carry no rating and no page link: the rating is the `content_filter` they were asked under
/// (the caller knows it), and the page link is built from the slug.
public struct KlipyGif: Sendable, Hashable {
    /// KLIPY's numeric id as exact text (ids exceed 2^53); nil in older clip responses.
    public let id: String?
    /// The key for every lookup (`items?slugs=`, share, report). Never empty.
    public let slug: String
    public let title: String
    /// gif and mp4 renditions in size-class order hd, md, sm, xs.
    public let renditions: [KlipyRendition]

    public init(id: String?, slug: String, title: String, renditions: [KlipyRendition]) {
        self.id = id
        self.slug = slug
        self.title = title
        self.renditions = renditions
    }

    /// KLIPY's public page for the item (the `itemurl` form of its Tenor-compatible API).
    public var pageURL: String {
        "https://klipy.com/gifs/" + PercentEncoding.encode(slug)
    }

    public func rendition(
        _ sizeClass: KlipyRendition.SizeClass, _ format: KlipyRendition.Format = .gif
    ) -> KlipyRendition? {
        renditions.first { $0.sizeClass == sizeClass && $0.format == format }
    }

    /// The GIF to post: `md`, or `hd` when it is smaller in bytes, then `sm`, then `xs`; the
    /// first that fits `maximumBytes` when a limit is given (a size KLIPY did not send fits).
    /// Falls back to an mp4 only when no GIF exists.
    public func bestGIF(maximumBytes: Int? = nil) -> KlipyRendition? {
        var order: [KlipyRendition] = []
        let medium = rendition(.md)
        let high = rendition(.hd)
        if let medium, let high, let highBytes = high.byteSize, let mediumBytes = medium.byteSize,
            highBytes < mediumBytes
        {
            order = [high, medium]
        } else {
            order = [medium, high].compactMap { $0 }
        }
        order += [rendition(.sm), rendition(.xs)].compactMap { $0 }
        if order.isEmpty { order = renditions.filter { $0.format == .mp4 } }
        guard let maximumBytes else { return order.first }
        return order.first { ($0.byteSize ?? 0) <= maximumBytes }
    }
}

/// What `data.data[]` holds: a GIF, or something the bot does not post (an ad, an item
/// without a slug or a file). Decoding never fails, so one odd item never costs a page.
enum KlipyListedItem: Decodable, Sendable {
    case gif(KlipyGif)
    case advertisement
    case unusable

    private enum CodingKeys: String, CodingKey {
        case id, slug, title, type, file
        case fileMeta = "file_meta"
    }

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
            self = .unusable
            return
        }
        if container.klipyText(.type)?.lowercased() == "ad" {
            self = .advertisement
            return
        }
        guard let slug = container.klipyText(.slug) else {
            self = .unusable
            return
        }
        let renditions = Self.renditions(container)
        guard !renditions.isEmpty else {
            self = .unusable
            return
        }
        self = .gif(
            KlipyGif(
                id: container.klipyID(.id), slug: slug,
                title: container.klipyText(.title) ?? "", renditions: renditions))
    }

    /// GIF items nest `file.<size>.<format>` objects; clip items send flat `file.<format>` URL
    /// strings with the dimensions under `file_meta.<format>`. A clip's file is filed as `md`.
    private static func renditions(_ container: KeyedDecodingContainer<CodingKeys>) -> [KlipyRendition] {
        if let sized = try? container.decodeIfPresent(SizedFiles.self, forKey: .file), !sized.renditions.isEmpty {
            return sized.renditions
        }
        guard let flat = try? container.decodeIfPresent(FlatFiles.self, forKey: .file) else { return [] }
        let meta = (try? container.decodeIfPresent([String: KlipyFileEntry].self, forKey: .fileMeta)) ?? nil
        return KlipyRendition.Format.allCases.compactMap { format in
            guard let url = flat.urls[format] else { return nil }
            let dimensions = meta?[format.rawValue]
            return KlipyFileEntry(
                url: url, width: dimensions?.width, height: dimensions?.height, size: dimensions?.size
            )
            .rendition(.md, format)
        }
    }

    private struct SizedFiles: Decodable {
        let renditions: [KlipyRendition]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SizeKey.self)
            var renditions: [KlipyRendition] = []
            for sizeClass in KlipyRendition.SizeClass.allCases {
                guard let key = SizeKey(stringValue: sizeClass.rawValue),
                    let formats = try? container.decodeIfPresent(FormatFiles.self, forKey: key)
                else { continue }
                renditions += KlipyRendition.Format.allCases.compactMap {
                    formats.entries[$0]?.rendition(sizeClass, $0)
                }
            }
            self.renditions = renditions
        }
    }

    private struct FormatFiles: Decodable {
        let entries: [KlipyRendition.Format: KlipyFileEntry]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SizeKey.self)
            var entries: [KlipyRendition.Format: KlipyFileEntry] = [:]
            for format in KlipyRendition.Format.allCases {
                guard let key = SizeKey(stringValue: format.rawValue) else { continue }
                if let entry = try? container.decodeIfPresent(KlipyFileEntry.self, forKey: key) {
                    entries[format] = entry
                }
            }
            self.entries = entries
        }
    }

    private struct FlatFiles: Decodable {
        let urls: [KlipyRendition.Format: String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: SizeKey.self)
            var urls: [KlipyRendition.Format: String] = [:]
            for format in KlipyRendition.Format.allCases {
                guard let key = SizeKey(stringValue: format.rawValue) else { continue }
                if let url = container.klipyText(key) { urls[format] = url }
            }
            self.urls = urls
        }
    }

    private struct SizeKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
