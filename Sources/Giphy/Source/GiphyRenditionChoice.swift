import GifSources

/// Which of a GIPHY GIF's renditions chat links to and which an upload may use.
enum GiphyRenditionChoice {
    /// GIPHY documents `downsized` as at most 2 MB; a larger one is mislabelled.
    static let downsizedLimitBytes = 2 * 1024 * 1024

    /// Animated GIF renditions, smallest first; those without a size last.
    static func animatedRenditions(_ renditions: [String: GiphyRendition]) -> [SourcedRendition] {
        sortedAnimated(renditions).compactMap { name, rendition in link(name, rendition) }
    }

    /// `downsized` when present (and within 2 MB), else the smallest animated rendition, else
    /// `original`.
    static func preferred(_ renditions: [String: GiphyRendition]) -> SourcedRendition? {
        if let downsized = renditions["downsized"], downsized.isUsable,
           (downsized.size ?? 0) <= downsizedLimitBytes {
            return link("downsized", downsized)
        }
        if let smallest = sortedAnimated(renditions).first { return link(smallest.key, smallest.value) }
        if let original = renditions["original"], original.isUsable { return link("original", original) }
        return nil
    }

    private static func sortedAnimated(_ renditions: [String: GiphyRendition]) -> [(key: String, value: GiphyRendition)] {
        renditions
            .filter { name, rendition in isAnimatedGif(name: name, rendition) }
            .sorted { lhs, rhs in
                let left = lhs.value.size ?? Int.max, right = rhs.value.size ?? Int.max
                return left != right ? left < right : lhs.key < rhs.key
            }
    }

    private static func link(_ name: String, _ rendition: GiphyRendition) -> SourcedRendition? {
        rendition.url.map { SourcedRendition(name: name, url: $0, width: rendition.width, height: rendition.height, byteSize: rendition.size) }
    }

    private static func isAnimatedGif(name: String, _ rendition: GiphyRendition) -> Bool {
        guard rendition.isUsable, !name.utf8.contains(subsequence: "still".utf8), let url = rendition.url else { return false }
        return isGifURL(url)
    }

    /// Whether the path (the part before any `?`) ends in `.gif`, in any case. Bytes, not
    /// Characters: this runs for every rendition of every GIF read.
    private static func isGifURL(_ url: String) -> Bool {
        let bytes = url.utf8
        let pathEnd = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.endIndex
        let suffix = bytes[..<pathEnd].suffix(4)
        return suffix.count == 4 && zip(suffix, ".gif".utf8).allSatisfy { byte, lowercase in
            byte == lowercase || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) && byte + 32 == lowercase
        }
    }
}

extension Collection where Element: Equatable {
    /// Whether `subsequence` occurs in order, contiguously, anywhere in the collection.
    fileprivate func contains(subsequence: some Collection<Element>) -> Bool {
        guard !subsequence.isEmpty else { return true }
        var start = startIndex
        while start != endIndex {
            if self[start...].starts(with: subsequence) { return true }
            formIndex(after: &start)
        }
        return false
    }
}

extension GiphyGif {
    /// The GIF in the seam's terms.
    var sourced: SourcedGif {
        SourcedGif(ref: GifRef(source: .giphy, key: id), title: title, rating: rating, pageURL: pageURL,
                   preferred: GiphyRenditionChoice.preferred(renditions),
                   renditions: GiphyRenditionChoice.animatedRenditions(renditions),
                   uploader: (user != nil || username != nil)
                       ? SourcedUploader(username: user?.username ?? username, displayName: user?.displayName,
                                         isVerified: user?.isVerified ?? false)
                       : nil,
                   importDate: importDatetime)
    }
}
