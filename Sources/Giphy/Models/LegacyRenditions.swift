/// The flat fields that 2016–2018 `random` responses carried instead of `images`
/// (`image_original_url`, `fixed_height_small_url`, …), mapped onto rendition names. Used only
/// when a GIF has no `images`.
struct LegacyRenditions {
    struct Flat {
        let name: String
        var url: String?
        var width: Int?
        var height: Int?
    }

    var originalURL: String?
    var imageURL: String?
    var width: Int?
    var height: Int?
    var fixedHeightDownsampled = Flat(name: "fixed_height_downsampled")
    var fixedWidthDownsampled = Flat(name: "fixed_width_downsampled")
    var fixedHeightSmall = Flat(name: "fixed_height_small")
    var fixedWidthSmall = Flat(name: "fixed_width_small")

    var renditions: [String: GiphyRendition] {
        var renditions: [String: GiphyRendition] = [:]
        if let url = originalURL ?? imageURL, !url.isEmpty {
            renditions["original"] = GiphyRendition(url: url, width: width, height: height)
        }
        for rendition in [fixedHeightDownsampled, fixedWidthDownsampled, fixedHeightSmall, fixedWidthSmall] {
            guard let url = rendition.url, !url.isEmpty else { continue }
            renditions[rendition.name] = GiphyRendition(url: url, width: rendition.width, height: rendition.height)
        }
        return renditions
    }
}
