import Crypto
import SecureRandomness

/// The Megolm ratchet (specification: olm-megolm/megolm, "The Megolm ratchet algorithm"): four
/// 32-byte parts R(i,0)...R(i,3) and the index i. Part 3 changes at every step; part 2 is
/// re-seeded every 2^8 steps, part 1 every 2^16, part 0 every 2^24, and a re-seeded part seeds
/// every lower one. Each re-seed is H_j(R) = HMAC-SHA-256(key: R, message: the single byte j).
///
/// Because of that structure the ratchet can jump forward to any later index with at most
/// 4 × 255 + 10 hashes instead of one per step; it can never go back.
public struct MegolmRatchet: Sendable, Equatable {
    /// Bytes of one part, and of the whole state.
    public static let partLength = 32
    public static let length = 4 * partLength

    /// R(i,0) || R(i,1) || R(i,2) || R(i,3).
    private(set) var parts: [UInt8]
    /// i: how many steps from the session's creation (wraps at 2^32, which senders never reach).
    public private(set) var index: UInt32

    /// A ratchet from its 128 bytes of state at `index`.
    init(parts: some Collection<UInt8>, index: UInt32) {
        precondition(parts.count == Self.length, "a Megolm ratchet is 128 bytes")
        self.parts = Array(parts)
        self.index = index
    }

    /// A fresh ratchet at index 0 from the system's secure random generator.
    static func random() -> MegolmRatchet {
        MegolmRatchet(parts: SecureRandom.bytes(length), index: 0)
    }

    /// The cipher of the message at this index.
    var cipher: AESCBCHMACCipher {
        AESCBCHMACCipher(secret: parts, info: AESCBCHMACCipher.megolmInfo)
    }

    /// R(j) for j in `to` down to `from` := H_j(old R(from)). Going downwards makes R(from)'s own
    /// update the last, so every lower part is seeded from its value before this step.
    private mutating func reseed(from source: Int, to target: Int) {
        let keyed = parts.withUnsafeBytes { bytes in
            HMACSHA256(
                key: UnsafeRawBufferPointer(rebasing: bytes[source * Self.partLength..<(source + 1) * Self.partLength]))
        }
        for part in stride(from: target, through: source, by: -1) {
            parts.replaceSubrange(
                part * Self.partLength..<(part + 1) * Self.partLength,
                with: keyed.authenticationCode(for: CollectionOfOne(UInt8(part))))
        }
    }

    /// One step: i + 1, re-seeding from the highest part whose period boundary i + 1 is.
    public mutating func advance() {
        index &+= 1
        let source: Int
        if index & 0x00FF_FFFF == 0 {
            source = 0
        } else if index & 0x0000_FFFF == 0 {
            source = 1
        } else if index & 0x0000_00FF == 0 {
            source = 2
        } else {
            source = 3
        }
        reseed(from: source, to: 3)
    }

    /// Jumps to `target` (no-op when it is not ahead). For each part from the highest: count the
    /// boundaries of that part's period between here and the target (at most 255), hash the part
    /// onto itself for all but the last, and at the last boundary re-seed the lower parts from
    /// it. After part j the index is the target rounded down to part j's period, so every lower
    /// part then counts from a fresh boundary.
    public mutating func advance(to target: UInt32) {
        guard target > index else { return }
        for part in 0..<4 {
            let shift = UInt32((3 - part) * 8)
            let steps = Int(((target >> shift) &- (index >> shift)) & 0xFF)
            guard steps > 0 else { continue }
            for _ in 1..<steps { reseed(from: part, to: part) }
            reseed(from: part, to: 3)
            index = target & (UInt32.max << shift)
        }
    }
}

extension MegolmRatchet: CustomStringConvertible {
    /// The index only: the parts are the keys of every later message.
    public var description: String { "MegolmRatchet(index: \(index))" }
}
