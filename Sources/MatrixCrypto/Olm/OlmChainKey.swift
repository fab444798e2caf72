import Crypto

/// One link of a symmetric ratchet chain (the specification's C_i,j) and its position j.
///
/// Each message key is HMAC-SHA-256(C_i,j, 0x01) and the next link is HMAC-SHA-256(C_i,j, 0x02),
/// so a chain only ever moves forward and an old link cannot be recovered from a newer one.
/// Keys are kept as bytes: swift-crypto's key types are not `Sendable`.
struct OlmChainKey: Sendable {
    let key: [UInt8]
    let index: UInt64

    init(key: [UInt8], index: UInt64 = 0) {
        self.key = key
        self.index = index
    }

    /// The key of the message at this link's index.
    func messageKey() -> OlmMessageKey {
        OlmMessageKey(key: derive(seed: 0x01), index: index)
    }

    /// The next link of the chain.
    func advanced() -> OlmChainKey {
        OlmChainKey(key: derive(seed: 0x02), index: index + 1)
    }

    private func derive(seed: UInt8) -> [UInt8] {
        HMACSHA256.code(key: key, message: CollectionOfOne(seed))
    }
}

extension OlmChainKey: CustomStringConvertible {
    var description: String { "OlmChainKey(index: \(index), key: redacted)" }
}

/// The key of one message (the specification's M_i,j) with the chain index it belongs to.
struct OlmMessageKey: Sendable {
    let key: [UInt8]
    let index: UInt64
}

extension OlmMessageKey: CustomStringConvertible {
    var description: String { "OlmMessageKey(index: \(index), key: redacted)" }
}
