import Crypto

/// The encodings of the eight Ed25519 points of small order (the torsion subgroup), canonical or
/// not. BoringSSL, and so swift-crypto, verifies signatures against such a key, or with such an
/// R, where for some messages anyone can make a signature without a private key (found by the
/// megolm-session-key fuzz target: an all-zero key and an all-zero signature verify). vodozemac
/// refuses them (strict verification); so do we.
enum Ed25519SmallOrder {
    /// The y coordinates of the torsion points, little-endian, the sign bit (bit 255) left out:
    /// 0 and p-1 (orders 4 and 2), 1 (the identity), the two of order 8, and the non-canonical
    /// p and p+1 (0 and 1 again).
    private static let encodings: [[UInt8]] = [
        [UInt8](repeating: 0, count: 32),
        [0x01] + [UInt8](repeating: 0, count: 31),
        [
            0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
            0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05,
        ],
        [
            0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
            0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a,
        ],
        [0xec] + [UInt8](repeating: 0xff, count: 30) + [0x7f],
        [0xed] + [UInt8](repeating: 0xff, count: 30) + [0x7f],
        [0xee] + [UInt8](repeating: 0xff, count: 30) + [0x7f],
    ]

    /// Whether a 32-byte point encoding (a public key, or a signature's R) is of small order,
    /// whichever its sign bit. Public values only: no need for constant time.
    static func isSmallOrder(_ point: some Collection<UInt8>) -> Bool {
        let bytes = Array(point)
        guard bytes.count == 32 else { return false }
        var unsigned = bytes
        unsigned[31] &= 0x7f
        return encodings.contains(unsigned)
    }
}

extension Ed25519Keys {
    /// Verifies an Ed25519 signature as vodozemac does: a key or an R of small order is refused
    /// before swift-crypto's check (which would accept them).
    static func isValidSignature(
        _ signature: some Collection<UInt8>, for message: some Collection<UInt8>, publicKeyBytes: [UInt8]
    ) -> Bool {
        let signature = Array(signature)
        guard signature.count == 64, !Ed25519SmallOrder.isSmallOrder(publicKeyBytes),
            !Ed25519SmallOrder.isSmallOrder(signature[..<32]),
            let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKeyBytes)
        else { return false }
        return publicKey.isValidSignature(signature, for: Array(message))
    }
}
