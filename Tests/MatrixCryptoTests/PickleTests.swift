import Testing

@testable import MatrixCrypto

@Suite struct PickleTests {
    @Test func fieldsRoundTripInOrder() throws {
        var writer = PickleWriter(version: 7)
        writer.write(UInt8(0xAB))
        writer.write(true)
        writer.write(UInt32(0x0102_0304))
        writer.write(UInt64.max - 1)
        writer.writeFixed([1, 2, 3])
        writer.writeBytes([9, 8, 7, 6])
        writer.writeString("ключ")
        writer.writeCount(2)

        var reader = try PickleReader(bytes: writer.bytes, supportedVersions: 1...7)
        #expect(reader.version == 7)
        #expect(try reader.readUInt8() == 0xAB)
        #expect(try reader.readBool())
        #expect(try reader.readUInt32() == 0x0102_0304)
        #expect(try reader.readUInt64() == UInt64.max - 1)
        #expect(try reader.readFixed(count: 3) == [1, 2, 3])
        #expect(try reader.readBytes(maximumLength: 4) == [9, 8, 7, 6])
        #expect(try reader.readString(maximumLength: 64) == "ключ")
        #expect(try reader.readCount(maximum: 2) == 2)
        try reader.finish()
    }

    @Test func integersAreBigEndianAfterTheVersion() {
        var writer = PickleWriter(version: 1)
        writer.write(UInt32(0x0A0B_0C0D))
        #expect(writer.bytes == [0, 0, 0, 1, 0x0A, 0x0B, 0x0C, 0x0D])
    }

    @Test func aNewerVersionIsRefusedWithItsNumber() {
        let bytes = PickleWriter(version: 3).bytes
        #expect(throws: MatrixCryptoError.pickleVersionUnsupported(3)) {
            try PickleReader(bytes: bytes, supportedVersions: 1...2)
        }
    }

    @Test func tooShortForAVersionIsMalformed() {
        #expect(throws: MatrixCryptoError.pickleMalformed) {
            try PickleReader(bytes: [0, 0, 1], supportedVersions: 1...1)
        }
    }

    @Test func aLengthBeyondTheMaximumIsRefusedBeforeReading() throws {
        var writer = PickleWriter(version: 1)
        writer.writeBytes([UInt8](repeating: 0, count: 33))
        var reader = try PickleReader(bytes: writer.bytes, supportedVersions: 1...1)
        #expect(throws: MatrixCryptoError.pickleMalformed) { try reader.readBytes(maximumLength: 32) }
    }

    @Test func aLengthBeyondTheBytesLeftIsMalformed() throws {
        var writer = PickleWriter(version: 1)
        writer.write(UInt32.max)
        var reader = try PickleReader(bytes: writer.bytes, supportedVersions: 1...1)
        #expect(throws: MatrixCryptoError.pickleMalformed) { try reader.readBytes(maximumLength: Int.max) }
    }

    @Test func aCountAboveTheOwnersLimitIsMalformed() throws {
        var writer = PickleWriter(version: 1)
        writer.writeCount(101)
        var reader = try PickleReader(bytes: writer.bytes, supportedVersions: 1...1)
        #expect(throws: MatrixCryptoError.pickleMalformed) { try reader.readCount(maximum: 100) }
    }

    @Test func trailingBytesAndBadFlagsAreMalformed() throws {
        var writer = PickleWriter(version: 1)
        writer.write(UInt8(2))
        var reader = try PickleReader(bytes: writer.bytes, supportedVersions: 1...1)
        #expect(throws: MatrixCryptoError.pickleMalformed) { try reader.finish() }
        #expect(throws: MatrixCryptoError.pickleMalformed) { try reader.readBool() }
    }

    @Test func truncatedIntegersAreMalformed() throws {
        var reader = try PickleReader(bytes: [0, 0, 0, 1, 0, 0, 0], supportedVersions: 1...1)
        #expect(throws: MatrixCryptoError.pickleMalformed) { try reader.readUInt32() }
    }

    @Test func descriptionsDoNotShowTheBytes() throws {
        var writer = PickleWriter(version: 1)
        writer.writeFixed([0xDE, 0xAD, 0xBE, 0xEF])
        #expect(!writer.description.contains("222"))
        #expect(writer.description == "PickleWriter(8 bytes)")
    }
}
