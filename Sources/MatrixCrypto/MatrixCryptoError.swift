/// Every way MatrixCrypto refuses input or fails, as one typed error so that callers (and tests) can
/// tell a forged message from a truncated one. Associated values are lengths, indices, versions and
/// field numbers only: never key material, plaintext or ciphertext, so an error can be logged as is.
///
/// Each helper adds the cases of its own part under its own heading.
public enum MatrixCryptoError: Error, Equatable, Sendable {
    // MARK: Encoding (unpadded base64, canonical JSON, JSON signing)

    /// Base64 text with a character outside the alphabet, padding, an impossible length, or
    /// non-zero bits after the last whole byte (so that every byte string has exactly one encoding).
    case invalidBase64
    /// Bytes that are not JSON (or not UTF-8); `offset` is where the parser stopped.
    case jsonMalformed(offset: Int)
    /// A JSON document nested deeper than the parser's limit.
    case jsonTooDeep(limit: Int)
    /// A JSON document longer than the parser's limit, in bytes.
    case jsonTooLarge(limit: Int)
    /// A number with a fraction or exponent: canonical JSON has integers only.
    case jsonNotAnInteger
    /// An integer outside -(2^53)+1 ... (2^53)-1, the range canonical JSON allows.
    case jsonIntegerOutOfRange
    /// The same key twice in one object: which one was signed would be ambiguous.
    case jsonDuplicateKey
    /// A value that should be a JSON object (the thing signed) is something else.
    case jsonNotAnObject
    /// No signature by this user and key id on the object.
    case signatureMissing
    /// An Ed25519 signature that does not verify, or is not 64 bytes.
    case badSignature
    /// A public or private key of the wrong length or not a valid point.
    case invalidKey

    // MARK: Wire (varints and tagged fields of Olm and Megolm messages)

    /// A varint whose last byte still has the continuation bit set at the end of the input.
    case varintTruncated
    /// A varint whose value does not fit the integer it is read into.
    case varintOverflow
    /// A varint with more bytes than its value needs (a trailing zero group): each number has
    /// one encoding, so a message cannot be altered without changing its bytes' meaning.
    case varintOverlong
    /// A length-delimited field longer than what is left of the input.
    case wireTruncated
    /// A field tag with a wire type other than varint (0) or length-delimited (2).
    case wireUnsupportedType(UInt8)
    /// A field tag with field number 0.
    case wireInvalidFieldNumber
    /// A known field that occurs twice in one message.
    case wireDuplicateField(UInt32)

    // MARK: Megolm

    /// A message, session key, exported key or pickle with a version byte this module does not read.
    case unsupportedVersion(UInt8)
    /// A Megolm message without its index or ciphertext, with a ciphertext that is not whole
    /// AES blocks, or too short to hold its MAC and signature.
    case megolmMessageMalformed
    /// A session key (229 bytes) or exported key (165 bytes) of the wrong length.
    case megolmSessionKeyMalformed
    /// The MAC of a message does not match: nothing was decrypted.
    case badMAC
    /// The padding after decryption is not valid PKCS#7 (only possible after a MAC collision or a
    /// sender bug; reported separately so it is not mistaken for a forgery).
    case badPadding
    /// The message's index is before the first index this inbound session knows, so its key
    /// cannot be derived (the ratchet only moves forwards).
    case unknownMessageIndex(firstKnown: UInt32, requested: UInt32)
    /// The outbound session has used every index (2^32 messages).
    case megolmIndexExhausted
    /// The same (session, message index) was already seen with a different event id.
    case megolmReplay(index: UInt32)

    // MARK: Pickle (the versioned byte format accounts and sessions are kept in)

    /// A pickle of a format version this build cannot read (newer than it knows, or retired).
    case pickleVersionUnsupported(UInt32)
    /// A pickle that is truncated, has trailing bytes, or a length or count beyond its limit.
    case pickleMalformed

    // MARK: Olm (account, sessions, double ratchet, messages)

    /// An Olm message or pre-key message without a required field, with a key that is not a
    /// canonical 32-byte Curve25519 key, or too short to hold its MAC.
    case olmMessageMalformed
    /// A message type other than 0 (pre-key) or 1 (normal).
    case olmMessageTypeUnknown(Int)
    /// A Diffie-Hellman with a key that contributes nothing (the shared secret would be all zeros).
    case olmNonContributoryKey
    /// A pre-key message for a one-time or fallback key this account does not hold (used already,
    /// dropped, or never ours).
    case olmUnknownOneTimeKey
    /// A pre-key message whose identity key is not the sender's the caller named.
    case olmIdentityKeyMismatch
    /// A pre-key message that belongs to another session than the one asked to decrypt it.
    case olmSessionMismatch
    /// A message further ahead in its chain than the number of message keys we derive in one go.
    case olmMessageGapTooLarge(gap: UInt64, limit: UInt64)
    /// A message whose key was used already (a replay) or is no longer kept.
    case olmMessageKeyNotFound(index: UInt64)

    // MARK: Attachments (EncryptedFile, AES-256-CTR)

    /// An `EncryptedFile` object with a missing, mistyped or out-of-range member; `field` is the
    /// member's path in the object (such as `key.k`), never its value.
    case encryptedFileInvalid(field: String)
    /// The SHA-256 of the downloaded ciphertext is not the one the sender gave: nothing was
    /// decrypted (the file was altered, truncated or belongs to another event).
    case attachmentHashMismatch

    // MARK: Secret storage (recovery key, m.secret_storage.v1.aes-hmac-sha2)

    /// A recovery key with a character outside base58, the wrong length or the wrong prefix.
    case recoveryKeyMalformed
    /// A recovery key whose parity byte does not match: most likely a mistyped character.
    case recoveryKeyBadParity
    /// An encrypted secret (or key check) with a missing, mistyped or wrongly sized member;
    /// `field` is the member's name, never its value.
    case secretStorageInvalid(field: String)
    /// The key does not match the key description's check value (`iv` and `mac`): a wrong
    /// recovery key or passphrase.
    case secretStorageKeyMismatch
}
