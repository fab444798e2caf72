/// Unpadded base64, the encoding Matrix uses for keys, signatures, messages and hashes
/// (client-server API, "Unpadded Base64"): the standard alphabet, or the URL-safe one where the
/// specification asks for it, never with `=` padding.
///
/// Decoding is strict: padding, characters outside the alphabet, a length that leaves one lone
/// character, and non-zero bits after the last whole byte are all refused, so every byte string
/// has exactly one text form (a signature or key cannot be re-encoded into a second, "equal" one).
///
/// Characters are mapped by arithmetic on masks, without table look-ups or branches on the
/// value: this text is often key material, and libolm's table-driven base64 leaked it through the
/// cache (CVE-2024-45192).
public enum UnpaddedBase64 {
    /// Standard alphabet (`+` and `/`), no padding.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        encode(bytes, alphabet: .standard)
    }

    /// Standard alphabet (`+` and `/`); refuses padding and anything not produced by `encode`.
    public static func decode(_ text: String) throws(MatrixCryptoError) -> [UInt8] {
        try decode(text, alphabet: .standard)
    }

    /// URL-safe alphabet (`-` and `_`), no padding.
    public static func encodeURLSafe(_ bytes: some Sequence<UInt8>) -> String {
        encode(bytes, alphabet: .urlSafe)
    }

    /// URL-safe alphabet (`-` and `_`); refuses padding and anything not produced by `encodeURLSafe`.
    public static func decodeURLSafe(_ text: String) throws(MatrixCryptoError) -> [UInt8] {
        try decode(text, alphabet: .urlSafe)
    }

    /// The two characters where the alphabets differ (values 62 and 63).
    struct Alphabet {
        let char62: Int32
        let char63: Int32

        static let standard = Alphabet(char62: 0x2B, char63: 0x2F)  // + /
        static let urlSafe = Alphabet(char62: 0x2D, char63: 0x5F)  // - _
    }

    static func encode(_ bytes: some Sequence<UInt8>, alphabet: Alphabet) -> String {
        if let text = bytes.withContiguousStorageIfAvailable({ encode($0, alphabet: alphabet) }) { return text }
        // A sequence that does not lie in one piece (a digest, a lazy view) is gathered first;
        // what it held may be key material, so the copy is wiped.
        var gathered = Array(bytes)
        defer { HMACSHA256.zero(&gathered) }
        return gathered.withUnsafeBufferPointer { encode($0, alphabet: alphabet) }
    }

    /// Writes the text straight into the string's own storage: no array of characters between,
    /// and no iterator called per byte (base64 of a sealed store record was 0.14 M instructions
    /// a command in scenario 9's encrypted room through the generic path).
    static func encode(_ bytes: UnsafeBufferPointer<UInt8>, alphabet: Alphabet) -> String {
        let whole = bytes.count / 3
        let tail = bytes.count % 3
        // A tail of one byte gives two characters (12 bits, 4 of them zero), of two bytes three.
        let length = whole * 4 + (tail == 0 ? 0 : tail + 1)
        return String(unsafeUninitializedCapacity: length) { text in
            var read = 0
            var written = 0
            for _ in 0..<whole {
                let group = UInt32(bytes[read]) << 16 | UInt32(bytes[read + 1]) << 8 | UInt32(bytes[read + 2])
                text[written] = character(for: Int32((group >> 18) & 0x3F), alphabet)
                text[written + 1] = character(for: Int32((group >> 12) & 0x3F), alphabet)
                text[written + 2] = character(for: Int32((group >> 6) & 0x3F), alphabet)
                text[written + 3] = character(for: Int32(group & 0x3F), alphabet)
                read += 3
                written += 4
            }
            if tail == 1 {
                let group = UInt32(bytes[read]) << 4
                text[written] = character(for: Int32((group >> 6) & 0x3F), alphabet)
                text[written + 1] = character(for: Int32(group & 0x3F), alphabet)
            } else if tail == 2 {
                let group = (UInt32(bytes[read]) << 8 | UInt32(bytes[read + 1])) << 2
                text[written] = character(for: Int32((group >> 12) & 0x3F), alphabet)
                text[written + 1] = character(for: Int32((group >> 6) & 0x3F), alphabet)
                text[written + 2] = character(for: Int32(group & 0x3F), alphabet)
            }
            return length
        }
    }

    static func decode(_ text: String, alphabet: Alphabet) throws(MatrixCryptoError) -> [UInt8] {
        let characters = Array(text.utf8)
        // A single character left over carries 6 bits: not a whole byte, so never produced by encode.
        guard characters.count % 4 != 1 else { throw .invalidBase64 }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count * 3 / 4)
        // Any invalid character sets bits here; checked once at the end rather than branching per
        // character on secret data.
        var invalid: Int32 = 0
        var group: UInt32 = 0
        var count = 0
        for character in characters {
            let (value, valid) = sixBits(of: Int32(character), alphabet)
            invalid |= ~valid
            group = group << 6 | UInt32(value & 0x3F)
            count += 1
            if count == 4 {
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                output.append(UInt8(truncatingIfNeeded: group >> 8))
                output.append(UInt8(truncatingIfNeeded: group))
                group = 0
                count = 0
            }
        }
        if count == 2 {
            // 12 bits: one byte and 4 bits that must be zero.
            invalid |= Int32(bitPattern: group & 0x0F)
            output.append(UInt8(truncatingIfNeeded: group >> 4))
        } else if count == 3 {
            // 18 bits: two bytes and 2 bits that must be zero.
            invalid |= Int32(bitPattern: group & 0x03)
            output.append(UInt8(truncatingIfNeeded: group >> 10))
            output.append(UInt8(truncatingIfNeeded: group >> 2))
        }
        guard invalid == 0 else {
            for index in output.indices { output[index] = 0 }
            throw .invalidBase64
        }
        return output
    }

    /// All ones when `low <= value <= high`, else zero; no branch on `value`.
    /// (`low - 1 - value` is negative exactly when value >= low, `value - high - 1` exactly when
    /// value <= high; both negative sets the sign bit, which the arithmetic shift spreads.)
    @inline(__always)
    static func mask(_ value: Int32, from low: Int32, to high: Int32) -> Int32 {
        ((low &- 1 &- value) & (value &- high &- 1)) >> 31
    }

    /// The base64 character for a 6-bit value: 'A' plus the value, corrected by the offset of
    /// each later range of the alphabet that the value reaches.
    @inline(__always)
    static func character(for value: Int32, _ alphabet: Alphabet) -> UInt8 {
        var result: Int32 = 0x41 &+ value
        result &+= mask(value, from: 26, to: 63) & 6  // 'a' - 'A' - 26
        result &+= mask(value, from: 52, to: 63) & -75  // '0' - 'a' - 26
        result &+= mask(value, from: 62, to: 63) & (alphabet.char62 &- 58)  // 62 lands on '0' + 10
        result &+= mask(value, from: 63, to: 63) & (alphabet.char63 &- alphabet.char62 &- 1)
        return UInt8(truncatingIfNeeded: result)
    }

    /// The 6-bit value of a character and a mask that is all ones when it is in the alphabet.
    @inline(__always)
    static func sixBits(of character: Int32, _ alphabet: Alphabet) -> (value: Int32, valid: Int32) {
        let upper = mask(character, from: 0x41, to: 0x5A)
        let lower = mask(character, from: 0x61, to: 0x7A)
        let digit = mask(character, from: 0x30, to: 0x39)
        let is62 = mask(character, from: alphabet.char62, to: alphabet.char62)
        let is63 = mask(character, from: alphabet.char63, to: alphabet.char63)
        let value =
            (upper & (character &- 0x41)) | (lower & (character &- 0x47)) | (digit & (character &+ 4))
            | (is62 & 62) | (is63 & 63)
        return (value, upper | lower | digit | is62 | is63)
    }
}

extension UnpaddedBase64 {
    /// A key's bytes from its Matrix text form: any decoding failure is `.invalidKey`.
    static func decodeKey(_ text: String) throws(MatrixCryptoError) -> [UInt8] {
        do {
            return try decode(text)
        } catch {
            throw .invalidKey
        }
    }
}
