import GifSources
import Testing

@testable import Klipy

@Suite struct KlipyContentFilterTests {
    @Test(arguments: [(ContentRating.g, "high"), (.pg, "medium"), (.pg13, "low"), (.r, "off")])
    func ratingMapsToTheStrictestFilterThatAllowsIt(rating: ContentRating, filter: String) {
        #expect(KlipyContentFilter(rating: rating).parameter == filter)
    }

    @Test(arguments: ContentRating.allCases)
    func theImpliedRatingNeverExceedsTheChannelsLimit(rating: ContentRating) {
        #expect(KlipyContentFilter(rating: rating).impliedRating <= rating)
        #expect(KlipyContentFilter(rating: rating).impliedRating == rating)
    }
}
