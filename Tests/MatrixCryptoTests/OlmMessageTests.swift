import Testing

@testable import MatrixCrypto

@Suite struct OlmMessageTests {
    private let cipher = AESCBCHMACCipher(secret: [UInt8](repeating: 7, count: 32), info: AESCBCHMACCipher.olmInfo)
    private let ratchetKey = [UInt8](repeating: 0x42, count: 32)

    private func message(chainIndex: UInt64 = 300) -> OlmMessage {
        OlmMessage(ratchetKey: ratchetKey, chainIndex: chainIndex, ciphertext: [1, 2, 3, 4], cipher: cipher)
    }

    /// A message body with a valid version byte and a zero MAC after it.
    private func framed(_ build: (inout ProtoWriter) -> Void) -> [UInt8] {
        var writer = ProtoWriter(prefix: [3])
        build(&writer)
        writer.writeRaw([UInt8](repeating: 0, count: 8))
        return writer.bytes
    }

    @Test func theLayoutIsVersionFieldsThenAnEightByteMAC() {
        let bytes = message().bytes
        #expect(bytes[0] == 3)
        #expect(Array(bytes[1...3]) == [0x0A, 32, 0x42])
        // Chain index 300 as a varint after tag 0x10, then the ciphertext under tag 0x22.
        #expect(Array(bytes[35...41]) == [0x10, 0xAC, 0x02, 0x22, 4, 1, 2])
        #expect(bytes.count == 44 + 8)
        #expect(Array(bytes.suffix(8)) == cipher.mac(bytes.dropLast(8)))
    }

    @Test func aMessageParsesBackToItsFields() throws {
        let original = message()
        let parsed = try OlmMessage(bytes: original.bytes)
        #expect(parsed == original)
        #expect(parsed.chainIndex == 300)
        #expect(parsed.ratchetKey == ratchetKey)
        #expect(parsed.ciphertext == [1, 2, 3, 4])
        #expect(cipher.isValidMAC(parsed.mac, for: parsed.authenticatedBytes))
    }

    @Test func anotherVersionIsRefusedWithIt() {
        var bytes = message().bytes
        bytes[0] = 4
        #expect(throws: MatrixCryptoError.unsupportedVersion(4)) { try OlmMessage(bytes: bytes) }
        #expect(throws: MatrixCryptoError.olmMessageMalformed) { try OlmMessage(bytes: []) }
    }

    @Test func tooShortForTheMACOrMissingAFieldIsMalformed() {
        #expect(throws: MatrixCryptoError.olmMessageMalformed) { try OlmMessage(bytes: [3, 0, 0, 0]) }
        let noCiphertext = framed {
            $0.writeBytes(field: 1, ratchetKey)
            $0.writeVarint(field: 2, 0)
        }
        #expect(throws: MatrixCryptoError.olmMessageMalformed) { try OlmMessage(bytes: noCiphertext) }
        let shortKey = framed {
            $0.writeBytes(field: 1, [1, 2, 3])
            $0.writeVarint(field: 2, 0)
            $0.writeBytes(field: 4, [1])
        }
        #expect(throws: MatrixCryptoError.olmMessageMalformed) { try OlmMessage(bytes: shortKey) }
        let wrongWireType = framed {
            $0.writeBytes(field: 1, ratchetKey)
            $0.writeBytes(field: 2, [0])
            $0.writeBytes(field: 4, [1])
        }
        #expect(throws: MatrixCryptoError.olmMessageMalformed) { try OlmMessage(bytes: wrongWireType) }
    }

    @Test func aRepeatedFieldIsRefusedAndAnUnknownOneSkipped() throws {
        let repeated = framed {
            $0.writeBytes(field: 1, ratchetKey)
            $0.writeVarint(field: 2, 0)
            $0.writeVarint(field: 2, 1)
            $0.writeBytes(field: 4, [1])
        }
        #expect(throws: MatrixCryptoError.wireDuplicateField(2)) { try OlmMessage(bytes: repeated) }
        let extra = framed {
            $0.writeBytes(field: 1, ratchetKey)
            $0.writeVarint(field: 2, 5)
            $0.writeVarint(field: 9, 77)
            $0.writeBytes(field: 4, [1])
        }
        #expect(try OlmMessage(bytes: extra).chainIndex == 5)
    }

    @Test func aTruncatedOrOverlongChainIndexIsRefused() {
        // The MAC is all 0xFF so that the body, which stops before it, ends inside the varint.
        let body = [UInt8]([3, 0x0A, 32]) + ratchetKey + [0x22, 1, 9, 0x10, 0xFF]
        #expect(throws: MatrixCryptoError.varintTruncated) {
            try OlmMessage(bytes: body + [UInt8](repeating: 0xFF, count: 8))
        }
        let overlong = [UInt8]([3, 0x0A, 32]) + ratchetKey + [0x22, 1, 9, 0x10, 0x81, 0x00]
        #expect(throws: MatrixCryptoError.varintOverlong) {
            try OlmMessage(bytes: overlong + [UInt8](repeating: 0, count: 8))
        }
    }

    @Test func aPreKeyMessageCarriesTheSessionKeysAndParsesBack() throws {
        let keys = OlmSessionKeys(
            identityKey: [UInt8](repeating: 1, count: 32), baseKey: [UInt8](repeating: 2, count: 32),
            oneTimeKey: [UInt8](repeating: 3, count: 32))
        let preKey = OlmPreKeyMessage(sessionKeys: keys, message: message())
        #expect(Array(preKey.bytes.prefix(3)) == [3, 0x0A, 32])
        #expect(preKey.bytes[3] == 3)
        let parsed = try OlmPreKeyMessage(bytes: preKey.bytes)
        #expect(parsed == preKey)
        #expect(parsed.sessionKeys == keys)
        #expect(parsed.message == message())
        #expect(parsed.sessionID == keys.sessionID)
        let viaBase64 = try OlmEncryptedMessage(type: 0, body: UnpaddedBase64.encode(preKey.bytes))
        #expect(viaBase64 == .preKey(preKey))
        #expect(viaBase64.type == 0)
        #expect(viaBase64.body == UnpaddedBase64.encode(preKey.bytes))
    }

    @Test func aPreKeyMessageMissingAKeyOrWithABadInnerMessageIsRefused() {
        var writer = ProtoWriter(prefix: [3])
        writer.writeBytes(field: 1, [UInt8](repeating: 3, count: 32))
        writer.writeBytes(field: 2, [UInt8](repeating: 2, count: 32))
        writer.writeBytes(field: 4, message().bytes)
        #expect(throws: MatrixCryptoError.olmMessageMalformed) { try OlmPreKeyMessage(bytes: writer.bytes) }
        writer = ProtoWriter(prefix: [3])
        for field in UInt32(1)...3 {
            writer.writeBytes(field: field, [UInt8](repeating: 3, count: 32))
        }
        writer.writeBytes(field: 4, [4] + message().bytes.dropFirst())
        #expect(throws: MatrixCryptoError.unsupportedVersion(4)) { try OlmPreKeyMessage(bytes: writer.bytes) }
    }

    @Test func anUnknownMessageTypeOrBadBase64IsRefused() {
        #expect(throws: MatrixCryptoError.olmMessageTypeUnknown(2)) {
            try OlmEncryptedMessage(type: 2, bytes: message().bytes)
        }
        #expect(throws: MatrixCryptoError.invalidBase64) { try OlmEncryptedMessage(type: 1, body: "not base64!") }
        let normal = OlmEncryptedMessage.normal(message())
        #expect(normal.type == 1)
        #expect(normal.bytes == message().bytes)
    }
}
