import Crypto
import Testing

@testable import MatrixCrypto

@Suite struct MegolmSessionTests {
    @Test func roundTripsMessagesThroughTheSessionKey() throws {
        var outbound = MegolmOutboundSession()
        var inbound = try MegolmInboundSession(sessionKeyBase64: outbound.sessionKey.base64)
        #expect(inbound.sessionID == outbound.sessionID)
        #expect(inbound.firstKnownIndex == 0)
        #expect(inbound.isAuthenticated)
        for index in 0..<3 {
            let text = #"{"type":"m.room.message","content":{"body":"gif \#(index) 🎞️"}}"#
            let message = try outbound.encrypt(text)
            let decrypted = try inbound.decrypt(base64: message)
            #expect(decrypted.text == text)
            #expect(decrypted.messageIndex == UInt32(index))
        }
        #expect(outbound.messageIndex == 3)
    }

    @Test func theSessionKeyHasTheSpecifiedLayout() throws {
        let outbound = MegolmOutboundSession()
        let key = outbound.sessionKey
        #expect(key.bytes.count == 229)
        #expect(key.bytes[0] == 2)
        #expect(key.bytes[1..<5] == [0, 0, 0, 0])
        #expect(UnpaddedBase64.encode(key.bytes[133..<165]) == outbound.sessionID)
        #expect(outbound.publicKey.isValidSignature(key.bytes[165...], for: key.bytes[..<165]))
        #expect(try MegolmSessionKey(base64: key.base64) == key)
    }

    @Test func theMessageHasTheSpecifiedLayout() throws {
        var outbound = MegolmOutboundSession()
        let message = try outbound.encrypt(Array("hello".utf8))
        let bytes = message.bytes
        #expect(bytes[0] == 3)
        #expect(bytes[1] == 0x08 && bytes[2] == 0x00)  // field 1 (varint): index 0
        #expect(bytes[3] == 0x12 && bytes[4] == 16)  // field 2 (bytes): one AES block
        #expect(bytes.count == 1 + 4 + 16 + 8 + 64)
        #expect(outbound.publicKey.isValidSignature(bytes[(bytes.count - 64)...], for: bytes[..<(bytes.count - 64)]))
        #expect(try MegolmMessage(base64: message.base64) == message)
    }

    /// The indices the issue names, each decrypted by a session that knows index 0 and by one
    /// that has just decrypted the message before (the latest-ratchet path).
    @Test func decryptsAtIndicesAcrossTheRatchetBoundaries() throws {
        var outbound = MegolmOutboundSession()
        let key = outbound.sessionKey
        var messages: [(UInt32, MegolmMessage)] = []
        for index: UInt32 in [0, 1, 255, 256, 65_536, 65_537, 1 << 24] {
            outbound.advance(to: index)
            messages.append((index, try outbound.encrypt(Array("message \(index)".utf8))))
        }
        var inOrder = try MegolmInboundSession(sessionKey: key)
        for (index, message) in messages {
            var fresh = try MegolmInboundSession(sessionKey: key)
            #expect(try fresh.decrypt(message).text == "message \(index)")
            #expect(try inOrder.decrypt(message).messageIndex == index)
        }
        // Out of order too: back to index 1 after 2^24, from the initial ratchet.
        #expect(try inOrder.decrypt(messages[1].1).text == "message 1")
    }

    @Test func aSessionKeyFromALaterIndexCannotReadEarlierMessages() throws {
        var outbound = MegolmOutboundSession()
        outbound.advance(to: 255)
        let early = try outbound.encrypt(Array("255".utf8))
        let key = outbound.sessionKey
        #expect(key.index == 256)
        let late = try outbound.encrypt(Array("256".utf8))
        var inbound = try MegolmInboundSession(sessionKey: key)
        #expect(inbound.firstKnownIndex == 256)
        #expect(throws: MatrixCryptoError.unknownMessageIndex(firstKnown: 256, requested: 255)) {
            try inbound.decrypt(early)
        }
        #expect(try inbound.decrypt(late).text == "256")
    }

    @Test func exportsAtAnIndexAndImports() throws {
        var outbound = MegolmOutboundSession()
        let inbound = try MegolmInboundSession(sessionKey: outbound.sessionKey)
        var messages: [MegolmMessage] = []
        for index in 0..<300 { messages.append(try outbound.encrypt(Array("m\(index)".utf8))) }

        let exported = try inbound.export(at: 256)
        #expect(exported.bytes.count == 165)
        #expect(exported.bytes[0] == 1)
        #expect(exported.bytes[1..<5] == [0, 0, 1, 0])
        #expect(exported.index == 256)
        var imported = try MegolmInboundSession(exportedKeyBase64: exported.base64)
        #expect(imported.sessionID == outbound.sessionID)
        #expect(imported.firstKnownIndex == 256)
        #expect(!imported.isAuthenticated)
        #expect(try imported.decrypt(messages[299]).text == "m299")
        #expect(try imported.decrypt(messages[256]).text == "m256")
        #expect(throws: MatrixCryptoError.unknownMessageIndex(firstKnown: 256, requested: 255)) {
            try imported.decrypt(messages[255])
        }
        #expect(throws: MatrixCryptoError.unknownMessageIndex(firstKnown: 256, requested: 3)) {
            try imported.export(at: 3)
        }
        #expect(imported.exportAtFirstKnownIndex() == exported)
        #expect(try inbound.exportAtFirstKnownIndex() == inbound.export(at: 0))
    }

    @Test func aSessionKeyAndAnExportAtTheSameIndexCarryTheSameRatchet() throws {
        let outbound = MegolmOutboundSession()
        let inbound = try MegolmInboundSession(sessionKey: outbound.sessionKey)
        let exported = inbound.exportAtFirstKnownIndex()
        #expect(exported.bytes[1...] == outbound.sessionKey.bytes[1..<165])
    }

    @Test func describesSessionsWithoutKeyMaterial() throws {
        var outbound = MegolmOutboundSession()
        let key = outbound.sessionKey
        let inbound = try MegolmInboundSession(sessionKey: key)
        let message = try outbound.encrypt(Array("secret text".utf8))
        let ratchetText = UnpaddedBase64.encode(key.bytes[5..<133])
        for text in ["\(outbound)", "\(inbound)", "\(key)", "\(inbound.exportAtFirstKnownIndex())", "\(message)"] {
            #expect(!text.contains(ratchetText))
            #expect(!text.contains(key.base64))
            #expect(!text.contains("secret"))
        }
        #expect("\(outbound)".contains(outbound.sessionID))
    }
}
