/// One page of the picker's grid: the GIFs the channel's rating allows, in the source's order,
/// and where the next page starts.
public struct PickerResults: Sendable, Equatable {
    public let cards: [GifCard]
    /// The source position the next page starts at; nil when the source has no more.
    public let nextOffset: Int?

    public init(cards: [GifCard], nextOffset: Int?) {
        self.cards = cards
        self.nextOffset = nextOffset
    }
}

/// What the picker's grid shows: a search's results or what is trending.
public enum PickerListing: Sendable, Equatable {
    case search(String)
    case trending
}

/// What became of a pick, in words the picker shows the person.
public enum PickOutcome: Sendable, Equatable {
    case posted
    /// Not posted; the reason, as a short sentence.
    case refused(String)
}
