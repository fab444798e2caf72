import GifSources

extension SourcedGif {
    /// The GIF with the rating the bot stored for it when it was found (a favorite's, a
    /// collection entry's), for a source whose lookups by id carry none (KLIPY items have no
    /// rating; a search records the strictest one its filter allows). A rating the source gives
    /// itself always wins: the stored one only fills a gap, it never loosens a source's word.
    func rated(asStored stored: String?) -> SourcedGif {
        guard rating == nil, let stored else { return self }
        return SourcedGif(
            ref: ref, title: title, rating: stored, pageURL: pageURL, preferred: preferred,
            renditions: renditions, uploader: uploader, importDate: importDate, still: still)
    }
}
