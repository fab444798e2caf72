import Testing

@testable import MatrixCrypto

/// No single changed bit anywhere in a message or a session key gets through: each is refused
/// (at parsing or at decryption) and nothing is decrypted.
@Suite struct MegolmMutationTests {
    @Test func everySingleBitFlipOfAMessageIsRefused() throws {
        var outbound = MegolmOutboundSession()
        outbound.advance(to: 300)
        let key = outbound.sessionKey
        let message = try outbound.encrypt(Array("flip me".utf8)).bytes
        var accepted: [Int] = []
        for bit in 0..<(message.count * 8) {
            var bytes = message
            bytes[bit / 8] ^= UInt8(1 << (bit % 8))
            var inbound = try MegolmInboundSession(sessionKey: key)
            if let parsed = try? MegolmMessage(bytes: bytes), (try? inbound.decrypt(parsed)) != nil {
                accepted.append(bit)
            }
        }
        #expect(accepted.isEmpty)
    }

    @Test func everySingleBitFlipOfASessionKeyIsRefused() throws {
        let key = MegolmOutboundSession().sessionKey.bytes
        var accepted: [Int] = []
        for bit in 0..<(key.count * 8) {
            var bytes = key
            bytes[bit / 8] ^= UInt8(1 << (bit % 8))
            if (try? MegolmSessionKey(bytes: bytes)) != nil { accepted.append(bit) }
        }
        #expect(accepted.isEmpty)
    }

    @Test func everyTruncationOfAMessageIsRefused() throws {
        var outbound = MegolmOutboundSession()
        var inbound = try MegolmInboundSession(sessionKey: outbound.sessionKey)
        let message = try outbound.encrypt(Array("cut me".utf8)).bytes
        for length in 0..<message.count {
            let prefix = Array(message.prefix(length))
            if let parsed = try? MegolmMessage(bytes: prefix) {
                #expect(throws: (any Error).self) { try inbound.decrypt(parsed) }
            }
        }
    }
}
