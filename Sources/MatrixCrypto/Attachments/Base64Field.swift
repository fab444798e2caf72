/// Decoding of the base64 members of `EncryptedFile` and secret-storage objects.
///
/// The specification writes these unpadded, and this module always does; but Element's
/// JavaScript SDK has long written secret-storage `iv`, `ciphertext` and `mac` (and older clients
/// attachment hashes) with `=` padding, and the reference implementations accept either. So
/// exactly the padding that standard base64 would put there is stripped, then the rest is
/// decoded strictly by `UnpaddedBase64`. Anything else (stray `=`, wrong padding length, bad
/// characters, non-zero trailing bits, wrong decoded size) is refused with the caller's error.
enum Base64Field {
    /// Decodes `text` (standard alphabet, or URL-safe when `urlSafe`), requiring `byteCount`
    /// bytes when given; failures become `failure` so the caller can name the member.
    static func decode(
        _ text: String, urlSafe: Bool = false, byteCount: Int? = nil, maximumBytes: Int = 1 << 20,
        orThrow failure: MatrixCryptoError
    ) throws(MatrixCryptoError) -> [UInt8] {
        let unpadded = try stripCanonicalPadding(text, orThrow: failure)
        // Checked before decoding so that a huge member costs nothing to refuse.
        guard unpadded.utf8.count / 4 * 3 <= maximumBytes else { throw failure }
        let bytes: [UInt8]
        do {
            bytes = urlSafe ? try UnpaddedBase64.decodeURLSafe(unpadded) : try UnpaddedBase64.decode(unpadded)
        } catch {
            throw failure
        }
        if let byteCount, bytes.count != byteCount { throw failure }
        guard bytes.count <= maximumBytes else { throw failure }
        return bytes
    }

    /// `text` without its `=` padding, if it has exactly the padding base64 would give it.
    private static func stripCanonicalPadding(
        _ text: String, orThrow failure: MatrixCryptoError
    ) throws(MatrixCryptoError) -> String {
        let utf8 = Array(text.utf8)
        let padding = utf8.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding > 0 else { return text }
        // Padded text is whole groups of four, with one or two `=` at the end.
        guard padding <= 2, utf8.count % 4 == 0 else { throw failure }
        return String(decoding: utf8.dropLast(padding), as: UTF8.self)
    }
}
