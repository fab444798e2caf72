import GifSources

/// Which of a GIPHY GIF's renditions chat links to and which an upload may use.
enum GiphyRenditionChoice {
    /// GIPHY documents `downsized` as at most 2 MB; a larger one is mislabelled.
    static let downsizedLimitBytes = 2 * 1024 * 1024

    /// `downsized` when present (and within 2 MB), else the smallest animated rendition, else
    /// `original`.
    static func preferred(_ renditions: [String: GiphyRendition]) -> SourcedRendition? {
        choose(renditions).preferred
    }

    /// Both choices for one GIF: the preferred rendition, and every animated GIF rendition,
    /// smallest first (those without a size last, ties by name). Each rendition is turned into
    /// the seam's value once, and that list is the one sorted.
    static func choose(
        _ renditions: [String: GiphyRendition]
    ) -> (preferred: SourcedRendition?, animated: [SourcedRendition]) {
        var animated: [SourcedRendition] = []
        animated.reserveCapacity(renditions.count)
        for (name, rendition) in renditions where isAnimatedGif(name: name, rendition) {
            if let sourced = link(name, rendition) { animated.append(sourced) }
        }
        animated.sort { lhs, rhs in
            let left = lhs.byteSize ?? Int.max, right = rhs.byteSize ?? Int.max
            return left != right ? left < right : lhs.name < rhs.name
        }
        return (preferred(renditions, smallestAnimated: animated.first), animated)
    }

    private static func preferred(
        _ renditions: [String: GiphyRendition], smallestAnimated: SourcedRendition?
    ) -> SourcedRendition? {
        if let downsized = renditions["downsized"], downsized.isUsable,
            (downsized.size ?? 0) <= downsizedLimitBytes
        {
            return link("downsized", downsized)
        }
        if let smallestAnimated { return smallestAnimated }
        if let original = renditions["original"], original.isUsable { return link("original", original) }
        return nil
    }

    /// The still, when GIPHY sent a usable one.
    static func still(_ rendition: GiphyRendition) -> SourcedRendition? {
        rendition.isUsable ? link(RenditionName.fixedWidthSmallStill.rawValue, rendition) : nil
    }

    private static func link(_ name: String, _ rendition: GiphyRendition) -> SourcedRendition? {
        rendition.url.map {
            SourcedRendition(
                name: name, url: $0, width: rendition.width, height: rendition.height, byteSize: rendition.size)
        }
    }

    /// GIPHY names its stills `…_still`; only GIF files are animated GIFs.
    private static func isAnimatedGif(name: String, _ rendition: GiphyRendition) -> Bool {
        guard rendition.isUsable, !name.hasSuffix("still"), let url = rendition.url else { return false }
        return isGifURL(url)
    }

    /// Whether the path (the part before any `?`) ends in `.gif`, in any case. On the bytes:
    /// this runs for every rendition of every GIF read, and Character-wise string work here
    /// was half of reading a page.
    private static func isGifURL(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            let end = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
            guard end >= 4, bytes[end - 4] == UInt8(ascii: ".") else { return false }
            return bytes[end - 3] | 0x20 == UInt8(ascii: "g") && bytes[end - 2] | 0x20 == UInt8(ascii: "i")
                && bytes[end - 1] | 0x20 == UInt8(ascii: "f")
        }
    }
}

extension GiphyGif {
    /// The GIF in the seam's terms.
    var sourced: SourcedGif {
        let choice = GiphyRenditionChoice.choose(renditions)
        return SourcedGif(
            ref: GifRef(source: .giphy, key: id), title: title, rating: rating, pageURL: pageURL,
            preferred: choice.preferred, renditions: choice.animated,
            uploader: (user != nil || username != nil)
                ? SourcedUploader(
                    username: user?.username ?? username, displayName: user?.displayName,
                    isVerified: user?.isVerified ?? false)
                : nil,
            importDate: importDatetime,
            still: renditions[RenditionName.fixedWidthSmallStill.rawValue].flatMap(GiphyRenditionChoice.still))
    }
}
