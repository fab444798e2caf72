import Foundation
import GifSources
import Testing

@testable import Matrix

/// Inputs the matrix-sync fuzz target (Fuzz/, scripts/fuzz) found.
@Suite(.timeLimit(.minutes(1))) struct SyncDecodingFuzzRegressionTests {
    /// Fuzz/Corpus/matrix-sync/regression-undecodable-event-hang.json: a raw control character
    /// in a key made one event undecodable even as a JSONValue, which left LossyList's decoding
    /// container where it was, so decoding the sync looped forever while memory grew. Such text
    /// is not JSON (a homeserver writes none): the answer is refused at once.
    @Test func anAnswerWithARawControlCharacterIsRefused() throws {
        let json =
            #"{"next_batch":"s2","rooms":{"join":{"!r:localhost":{"timeline":{"events":[{"event_id":"$1","type\#u{18}":"m.room.message","sender":"@a:l","content":{"msgtype":"m.text","body":"!gif"}},{"type":"broken"},{"event_id":"$3","type":"m.room.message","sender":"@a:l","content":{}}]}}}}}"#
        #expect(throws: MatrixError.transport("unreadable sync answer")) {
            _ = try SyncResponse(parsing: Data(json.utf8))
        }
    }

    /// Fuzz/Corpus/matrix-sync/values.json: `int` trapped on numbers beyond Int's range, such as
    /// a homeserver's `retry_after_ms` or `m.upload.size` of 1e21.
    @Test(
        arguments: [
            ("1e21", nil), ("1e300", nil), ("-1e300", nil), ("9223372036854775808", nil),
            ("2000", 2000), ("2.9", 2), ("-2.9", -2), ("-0.0", 0),
        ] as [(String, Int?)])
    func numbersOutsideIntAreNotInts(_ number: String, _ expected: Int?) throws {
        let value = try JSONValue.parse(Data(#"{"retry_after_ms":\#(number)}"#.utf8))
        #expect(value["retry_after_ms"]?.int == expected)
    }
}
