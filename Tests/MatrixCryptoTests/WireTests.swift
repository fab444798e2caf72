import MatrixCrypto
import Testing

@Suite struct VarintTests {
    static let encodings: [(UInt64, [UInt8])] = [
        (0, [0x00]), (1, [0x01]), (127, [0x7F]), (128, [0x80, 0x01]), (300, [0xAC, 0x02]),
        (UInt64(UInt32.max), [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
        (UInt64.max, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
    ]

    @Test(arguments: encodings)
    func encodesAndReadsBack(value: UInt64, encoding: [UInt8]) throws {
        #expect(Varint.encode(value) == encoding)
        var position = 0
        #expect(try Varint.read(from: encoding[...], at: &position) == value)
        #expect(position == encoding.count)
    }

    @Test func readsFromTheMiddleOfASlice() throws {
        let bytes: [UInt8] = [0xAA, 0xAC, 0x02, 0x05]
        var position = 1
        #expect(try Varint.read(from: bytes[1...], at: &position) == 300)
        #expect(position == 3)
        #expect(try Varint.read(from: bytes[1...], at: &position) == 5)
    }

    @Test(arguments: [[], [0x80], [0xFF, 0xFF], [0xAC]] as [[UInt8]])
    func refusesATruncatedVarint(bytes: [UInt8]) {
        var position = 0
        #expect(throws: MatrixCryptoError.varintTruncated) { try Varint.read(from: bytes[...], at: &position) }
        #expect(position == 0)
    }

    @Test func refusesAVarintWiderThan64Bits() {
        let elevenBytes = [UInt8](repeating: 0xFF, count: 10) + [0x01]
        let tenthTooLarge = [UInt8](repeating: 0xFF, count: 9) + [0x02]
        for bytes in [elevenBytes, tenthTooLarge] {
            var position = 0
            #expect(throws: MatrixCryptoError.varintOverflow) { try Varint.read(from: bytes[...], at: &position) }
        }
    }

    @Test func refusesAVarintWiderThan32BitsWhereA32BitValueIsExpected() throws {
        var position = 0
        let bytes = Varint.encode(UInt64(UInt32.max) + 1)
        #expect(throws: MatrixCryptoError.varintOverflow) { try Varint.readUInt32(from: bytes[...], at: &position) }
        #expect(position == 0)
        #expect(try Varint.readUInt32(from: Varint.encode(UInt64(UInt32.max))[...], at: &position) == UInt32.max)
    }

    @Test(arguments: [[0x80, 0x00], [0xAC, 0x82, 0x00], [0x81, 0x80, 0x80, 0x00]] as [[UInt8]])
    func refusesAnOverlongVarint(bytes: [UInt8]) {
        var position = 0
        #expect(throws: MatrixCryptoError.varintOverlong) { try Varint.read(from: bytes[...], at: &position) }
    }
}

@Suite struct ProtoFieldTests {
    @Test func writesAndReadsTheFieldsOfAMegolmLikeBody() throws {
        var writer = ProtoWriter(prefix: [0x03])
        writer.writeVarint(field: 1, 65_536)
        writer.writeBytes(field: 2, [1, 2, 3])
        #expect(writer.bytes == [0x03, 0x08, 0x80, 0x80, 0x04, 0x12, 0x03, 1, 2, 3])
        let fields = try ProtoReader.fields(of: writer.bytes[1...], unique: [1, 2])
        #expect(fields == [.varint(number: 1, value: 65_536), .bytes(number: 2, value: [1, 2, 3][...])])
    }

    @Test func keepsUnknownFieldsForTheCallerToSkip() throws {
        var writer = ProtoWriter()
        writer.writeBytes(field: 7, [9])
        writer.writeVarint(field: 1, 4)
        let fields = try ProtoReader.fields(of: writer.bytes[...], unique: [1])
        #expect(fields.map(\.number) == [7, 1])
    }

    @Test func refusesALengthBeyondTheInput() {
        let bytes: [UInt8] = [0x12, 0x05, 1, 2, 3, 4]
        #expect(throws: MatrixCryptoError.wireTruncated) { try ProtoReader.fields(of: bytes[...], unique: []) }
        let hugeLength: [UInt8] = [0x12] + Varint.encode(UInt64.max)
        #expect(throws: MatrixCryptoError.wireTruncated) { try ProtoReader.fields(of: hugeLength[...], unique: []) }
    }

    @Test func refusesAFieldTruncatedInsideItsValue() {
        let bytes: [UInt8] = [0x08, 0x80]
        #expect(throws: MatrixCryptoError.varintTruncated) { try ProtoReader.fields(of: bytes[...], unique: []) }
    }

    @Test(arguments: [UInt8(1), 3, 4, 5, 6, 7])
    func refusesWireTypesTheFormatsDoNotUse(wireType: UInt8) {
        let bytes: [UInt8] = [0x08 | wireType, 0x00]
        #expect(throws: MatrixCryptoError.wireUnsupportedType(wireType)) {
            try ProtoReader.fields(of: bytes[...], unique: [])
        }
    }

    @Test func refusesFieldNumberZero() {
        let bytes: [UInt8] = [0x00, 0x01]
        #expect(throws: MatrixCryptoError.wireInvalidFieldNumber) { try ProtoReader.fields(of: bytes[...], unique: []) }
    }

    @Test func refusesARepeatedKnownField() {
        var writer = ProtoWriter()
        writer.writeVarint(field: 1, 1)
        writer.writeVarint(field: 1, 2)
        #expect(throws: MatrixCryptoError.wireDuplicateField(1)) {
            try ProtoReader.fields(of: writer.bytes[...], unique: [1])
        }
    }
}
