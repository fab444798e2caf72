import Testing

@testable import Matrix

@Suite struct CleartextRelationTests {
    static let reaction: JSONValue = [
        "rel_type": "m.annotation", "event_id": "$gif", "key": "💾",
    ]

    @Test func aRelationSentInTheClearReachesTheDecryptedEvent() {
        let restored = CleartextRelation.restore(Self.reaction, into: ["body": "x"])
        #expect(restored["m.relates_to"] == Self.reaction)
        #expect(restored["body"]?.string == "x")
    }

    @Test func theEncryptedRelationWinsAndJunkIsIgnored() {
        let inner: JSONValue = ["m.relates_to": ["rel_type": "m.thread", "event_id": "$root"]]
        #expect(CleartextRelation.restore(Self.reaction, into: inner) == inner)
        #expect(CleartextRelation.restore("not an object", into: ["body": "x"]) == ["body": "x"])
        #expect(CleartextRelation.restore(nil, into: ["body": "x"]) == ["body": "x"])
    }
}
