/// The id under which a one-time or fallback key is published (`signed_curve25519:<id>`).
///
/// As vodozemac does: a counter the account never reuses, written as the unpadded base64 of its
/// 8 big-endian bytes. The id only has to be unique per device; the server never interprets it.
enum OlmKeyID {
    static func string(_ id: UInt64) -> String {
        UnpaddedBase64.encode((0..<8).reversed().map { UInt8(truncatingIfNeeded: id >> (UInt64($0) * 8)) })
    }
}
