import GifSources

/// Turns a source's GIF into what chat shows: a clean title, the rendition the source chose for
/// chat, and the source's name when it is not the first one.
enum GifCardBuilder {
    /// Titles longer than this are shortened with an ellipsis: a chat line is not a caption.
    static let maximumTitleLength = 80

    static func card(for gif: SourcedGif, via: String? = nil) -> GifCard? {
        guard let rendition = gif.preferred else { return nil }
        return GifCard(
            id: TextSanitizer.clean(gif.ref.text), title: title(of: gif), url: TextSanitizer.clean(rendition.url),
            width: rendition.width, height: rendition.height, byteSize: rendition.byteSize,
            rating: gif.rating, pageURL: gif.pageURL.map(TextSanitizer.clean), renditions: gif.renditions.map(link), via: via
        )
    }

    static func title(of gif: SourcedGif) -> String {
        let cleaned = TextSanitizer.clean(gif.title)
        return cleaned.isEmpty ? "Untitled GIF" : TextSanitizer.truncate(cleaned, to: maximumTitleLength)
    }

    private static func link(_ rendition: SourcedRendition) -> GifRenditionLink {
        GifRenditionLink(name: rendition.name, url: TextSanitizer.clean(rendition.url), width: rendition.width,
                         height: rendition.height, byteSize: rendition.byteSize)
    }
}
