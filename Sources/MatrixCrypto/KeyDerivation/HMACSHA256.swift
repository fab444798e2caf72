import Crypto

/// HMAC-SHA-256 (RFC 2104) over swift-crypto's `SHA256`, for this module's per-message work: each
/// Olm and Megolm message derives its keys (`HKDFSHA256`) and checks a MAC, and each Megolm step
/// re-seeds the ratchet with it.
///
/// swift-crypto's `HMAC` and `HKDF` are generic over the hash function and not inlinable, so
/// every call runs unspecialized code: type metadata looked up at run time, the key copied into
/// fresh containers, the pads made by closures. Profiled on an encrypting bot (`perf`, 2026-11-30)
/// its HKDF alone cost 1.6% of the CPU, about twenty times the hashing it does. The hashing
/// itself is still BoringSSL's (`SHA256`); `HMACSHA256Tests` checks every result against
/// swift-crypto's `HMAC<SHA256>` and `HKDF<SHA256>`.
struct HMACSHA256 {
    /// SHA-256's block: keys are padded (or first hashed) to it.
    static let blockLength = 64
    static let length = 32

    private var inner = SHA256()
    private var outer = SHA256()

    /// Starts a MAC under `key`.
    init(key: UnsafeRawBufferPointer) {
        // The key padded to the block, then XORed in place with each pad; zeroed afterwards.
        var block = [UInt8](repeating: 0, count: Self.blockLength)
        defer { Self.zero(&block) }
        if key.count > Self.blockLength {
            var hasher = SHA256()
            hasher.update(bufferPointer: key)
            hasher.finalize().withUnsafeBytes { digest in
                block.withUnsafeMutableBytes { $0.copyMemory(from: digest) }
            }
        } else {
            block.withUnsafeMutableBytes { $0.copyMemory(from: key) }
        }
        for index in block.indices { block[index] ^= 0x36 }
        block.withUnsafeBytes { inner.update(bufferPointer: $0) }
        for index in block.indices { block[index] ^= 0x36 ^ 0x5C }
        block.withUnsafeBytes { outer.update(bufferPointer: $0) }
    }

    init(key: [UInt8]) {
        self = key.withUnsafeBytes { HMACSHA256(key: $0) }
    }

    /// Starts a MAC under a swift-crypto key, read where it lies.
    init(key: SymmetricKey) {
        self = key.withUnsafeBytes { HMACSHA256(key: $0) }
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        inner.update(bufferPointer: bytes)
    }

    mutating func update(_ bytes: some Collection<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    /// The 32-byte MAC of everything given to `update`.
    func finalize() -> [UInt8] {
        var outer = outer
        inner.finalize().withUnsafeBytes { outer.update(bufferPointer: $0) }
        return outer.finalize().withUnsafeBytes { Array($0) }
    }

    /// The MAC of `message` after what was given so far (nothing, for a MAC just keyed), leaving
    /// this one as it is.
    func authenticationCode(for message: some Collection<UInt8>) -> [UInt8] {
        var mac = self
        mac.update(message)
        return mac.finalize()
    }

    /// The MAC of `message` under `key`.
    static func code(key: [UInt8], message: some Collection<UInt8>) -> [UInt8] {
        HMACSHA256(key: key).authenticationCode(for: message)
    }

    /// The MAC of `message` under a swift-crypto key.
    static func code(key: SymmetricKey, message: some Collection<UInt8>) -> [UInt8] {
        HMACSHA256(key: key).authenticationCode(for: message)
    }

    /// Overwrites key material held in an array before it is released.
    static func zero(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
    }
}
