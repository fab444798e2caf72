/// HKDF with SHA-256 (RFC 5869) on `HMACSHA256`: extract with `salt` (empty is the RFC's default,
/// a block of zeros once padded), then expand with `info` to `count` bytes (at most 255 × 32).
/// Olm, Megolm and secret storage derive their keys with it; see `HMACSHA256` for why it is not
/// swift-crypto's `HKDF`.
enum HKDFSHA256 {
    static func derive(
        secret: UnsafeRawBufferPointer, salt: [UInt8] = [], info: [UInt8], count: Int
    ) -> [UInt8] {
        precondition(count <= 255 * HMACSHA256.length, "HKDF-SHA-256 gives at most 8,160 bytes")
        var extract = HMACSHA256(key: salt)
        extract.update(secret)
        var pseudorandomKey = extract.finalize()
        defer { HMACSHA256.zero(&pseudorandomKey) }
        let expand = HMACSHA256(key: pseudorandomKey)
        var output: [UInt8] = []
        output.reserveCapacity(count)
        var previous: [UInt8] = []
        defer { HMACSHA256.zero(&previous) }
        var counter: UInt8 = 1
        while output.count < count {
            var block = expand
            block.update(previous)
            block.update(info)
            previous = block.authenticationCode(for: CollectionOfOne(counter))
            output.append(contentsOf: previous.prefix(count - output.count))
            counter &+= 1
        }
        return output
    }

    static func derive(secret: some Collection<UInt8>, salt: [UInt8] = [], info: [UInt8], count: Int) -> [UInt8] {
        var bytes = Array(secret)
        defer { HMACSHA256.zero(&bytes) }
        return bytes.withUnsafeBytes { derive(secret: $0, salt: salt, info: info, count: count) }
    }
}
