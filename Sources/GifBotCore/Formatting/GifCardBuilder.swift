import GifSources

/// Turns a source's GIF into what chat shows: a clean title, the rendition the source chose for
/// chat, and the source's name when it is not the first one.
enum GifCardBuilder {
    /// Titles longer than this are shortened with an ellipsis: a chat line is not a caption.
    static let maximumTitleLength = 80

    /// Nil when chat cannot show the GIF: no rendition for chat, an id that is not one a user
    /// could type (a source's JSON is untrusted: `../../v1/gifs/trending?x=`, a 10,000-character
    /// id, or `klipy:…` coming from GIPHY), or a link `links` refuses. Renditions and the page
    /// link that `links` refuses are left out.
    static func card(for gif: SourcedGif, via: String? = nil, links: LinkPolicy = LinkPolicy()) -> GifCard? {
        guard GifIDFormat.isValid(gif.ref), let rendition = gif.preferred else { return nil }
        let url = TextSanitizer.clean(rendition.url)
        guard links.allows(url) else { return nil }
        return GifCard(
            id: TextSanitizer.clean(gif.ref.text), title: title(of: gif), url: url,
            width: rendition.width, height: rendition.height, byteSize: rendition.byteSize,
            rating: gif.rating, pageURL: gif.pageURL.map(TextSanitizer.clean).flatMap { links.allows($0) ? $0 : nil },
            renditions: gif.renditions.map(link).filter { links.allows($0.url) }, via: via,
            still: gif.still.map(link).flatMap { links.allows($0.url) ? $0 : nil }
        )
    }

    static func title(of gif: SourcedGif) -> String {
        let cleaned = TextSanitizer.clean(gif.title)
        return cleaned.isEmpty ? "Untitled GIF" : TextSanitizer.truncate(cleaned, to: maximumTitleLength)
    }

    private static func link(_ rendition: SourcedRendition) -> GifRenditionLink {
        GifRenditionLink(
            name: rendition.name, url: TextSanitizer.clean(rendition.url), width: rendition.width,
            height: rendition.height, byteSize: rendition.byteSize)
    }
}
