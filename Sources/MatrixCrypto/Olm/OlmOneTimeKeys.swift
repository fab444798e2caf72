/// The account's one-time keys: generated in batches, published, and each used by at most one
/// inbound session (then removed, which is what makes the 3DH "one-time").
///
/// At most `maximumCount` (100, as libolm) are kept; generating more drops the oldest, since the
/// server hands out the ones it got first and a key nobody can claim any more is just a liability.
struct OlmOneTimeKeys: Sendable {
    static let maximumCount = 100

    struct Key: Sendable {
        let id: UInt64
        let pair: OlmCurveKeyPair
        var isPublished: Bool
    }

    /// Oldest first.
    private(set) var keys: [Key] = []

    init(keys: [Key] = []) {
        self.keys = keys
    }

    mutating func add(_ key: Key) {
        keys.append(key)
        if keys.count > Self.maximumCount {
            keys.removeFirst(keys.count - Self.maximumCount)
        }
    }

    var unpublished: [Key] { keys.filter { !$0.isPublished } }

    mutating func markPublished() {
        for index in keys.indices {
            keys[index].isPublished = true
        }
    }

    func pair(forPublicKey publicKey: [UInt8]) -> OlmCurveKeyPair? {
        keys.first { $0.pair.publicKey == publicKey }?.pair
    }

    mutating func remove(publicKey: [UInt8]) {
        keys.removeAll { $0.pair.publicKey == publicKey }
    }
}
