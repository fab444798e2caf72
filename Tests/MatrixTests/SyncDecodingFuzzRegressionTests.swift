import Foundation
import GifSources
import Testing

@testable import Matrix

/// Inputs the matrix-sync fuzz target (Fuzz/, scripts/fuzz) found.
@Suite(.timeLimit(.minutes(1))) struct SyncDecodingFuzzRegressionTests {
    /// Fuzz/Corpus/matrix-sync/regression-undecodable-event-hang.json: a raw control character
    /// in a key makes one event fail to decode even as a JSONValue, which left LossyList's
    /// container where it was, so decoding the sync looped forever while memory grew.
    @Test func anEventThatIsNotEvenAJSONValueIsSkipped() throws {
        let json =
            #"{"next_batch":"s2","rooms":{"join":{"!r:localhost":{"timeline":{"events":[{"event_id":"$1","type\#u{18}":"m.room.message","sender":"@a:l","content":{"msgtype":"m.text","body":"!gif"}},{"type":"broken"},{"event_id":"$3","type":"m.room.message","sender":"@a:l","content":{}}]}}}}}"#
        let sync = try JSONDecoder().decode(SyncResponse.self, from: Data(json.utf8))
        #expect(sync.rooms?.join?["!r:localhost"]?.timeline?.events?.elements.map(\.eventID) == ["$3"])
    }

    /// Fuzz/Corpus/matrix-sync/values.json: `int` trapped on numbers beyond Int's range, such as
    /// a homeserver's `retry_after_ms` or `m.upload.size` of 1e21.
    @Test(
        arguments: [
            ("1e21", nil), ("1e300", nil), ("-1e300", nil), ("9223372036854775808", nil),
            ("2000", 2000), ("2.9", 2), ("-2.9", -2), ("-0.0", 0),
        ] as [(String, Int?)])
    func numbersOutsideIntAreNotInts(_ number: String, _ expected: Int?) throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"retry_after_ms":\#(number)}"#.utf8))
        #expect(value["retry_after_ms"]?.int == expected)
    }
}
