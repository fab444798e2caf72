import Giphy

/// Turns a GIPHY GIF into what chat shows: a clean title and the right rendition.
enum GifCardBuilder {
    /// Titles longer than this are shortened with an ellipsis: a chat line is not a caption.
    static let maximumTitleLength = 80
    /// GIPHY documents `downsized` as at most 2 MB; a larger one is mislabelled.
    static let downsizedLimitBytes = 2 * 1024 * 1024

    static func card(for gif: GiphyGif) -> GifCard? {
        guard let rendition = chooseRendition(gif.renditions)?.rendition, let url = rendition.url else { return nil }
        return GifCard(
            id: TextSanitizer.clean(gif.id), title: title(of: gif), url: TextSanitizer.clean(url),
            width: rendition.width, height: rendition.height, byteSize: rendition.size,
            rating: gif.rating, pageURL: gif.pageURL.map(TextSanitizer.clean), renditions: animatedRenditions(gif.renditions)
        )
    }

    /// Animated GIF renditions, smallest first; those without a size last.
    static func animatedRenditions(_ renditions: [String: GiphyRendition]) -> [GifRenditionLink] {
        renditions
            .filter { name, rendition in isAnimatedGif(name: name, rendition) }
            .sorted { lhs, rhs in
                let left = lhs.value.size ?? Int.max, right = rhs.value.size ?? Int.max
                return left != right ? left < right : lhs.key < rhs.key
            }
            .compactMap { name, rendition in
                rendition.url.map { GifRenditionLink(name: name, url: TextSanitizer.clean($0), width: rendition.width,
                                                     height: rendition.height, byteSize: rendition.size) }
            }
    }

    static func title(of gif: GiphyGif) -> String {
        let cleaned = TextSanitizer.clean(gif.title)
        return cleaned.isEmpty ? "Untitled GIF" : TextSanitizer.truncate(cleaned, to: maximumTitleLength)
    }

    /// `downsized` when present (and within 2 MB), else the smallest animated rendition, else
    /// `original`.
    static func chooseRendition(_ renditions: [String: GiphyRendition]) -> (name: String, rendition: GiphyRendition)? {
        if let downsized = renditions["downsized"], downsized.isUsable,
           (downsized.size ?? 0) <= downsizedLimitBytes {
            return ("downsized", downsized)
        }
        let animated = renditions
            .filter { name, rendition in isAnimatedGif(name: name, rendition) }
            .sorted { lhs, rhs in
                let left = lhs.value.size ?? Int.max, right = rhs.value.size ?? Int.max
                return left != right ? left < right : lhs.key < rhs.key
            }
        if let smallest = animated.first { return (smallest.key, smallest.value) }
        if let original = renditions["original"], original.isUsable { return ("original", original) }
        return nil
    }

    private static func isAnimatedGif(name: String, _ rendition: GiphyRendition) -> Bool {
        guard rendition.isUsable, !name.contains("still"), let url = rendition.url else { return false }
        return isGifURL(url)
    }

    private static func isGifURL(_ url: String) -> Bool {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        return path.lowercased().hasSuffix(".gif")
    }
}
