/// The account's fallback key: handed out by the server when the one-time keys run out, and so
/// possibly used by many sessions until it is replaced.
///
/// As vodozemac does, a new fallback key moves the current one to "previous" instead of dropping
/// it: a sender may have claimed it just before the rotation and its pre-key message may still be
/// on the way. So a key lasts until it has been replaced twice.
struct OlmFallbackKeys: Sendable {
    struct Key: Sendable {
        let id: UInt64
        let pair: OlmCurveKeyPair
        var isPublished: Bool
    }

    private(set) var current: Key?
    private(set) var previous: Key?

    init(current: Key? = nil, previous: Key? = nil) {
        self.current = current
        self.previous = previous
    }

    mutating func rotate(to key: Key) {
        previous = current
        current = key
    }

    mutating func markPublished() {
        current?.isPublished = true
    }

    /// Drops the previous key once the caller is sure no pre-key message for it can still arrive.
    mutating func forgetPrevious() {
        previous = nil
    }

    var unpublished: Key? { current.flatMap { $0.isPublished ? nil : $0 } }

    func pair(forPublicKey publicKey: [UInt8]) -> OlmCurveKeyPair? {
        [current, previous].compactMap { $0 }.first { $0.pair.publicKey == publicKey }?.pair
    }
}
