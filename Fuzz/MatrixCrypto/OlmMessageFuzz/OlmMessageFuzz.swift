import FuzzSupport
import MatrixCrypto

// An Olm normal message (type 1) as it arrives in an m.room.encrypted event, decoded and then
// decrypted by a session that holds the genuine messages' chain. Invariants: no crash; the
// message keeps its bytes and base64 body; and no input other than a genuine message decrypts
// (a modified message is never accepted), and a genuine one gives its own plaintext.

public enum OlmMessageFuzz: FuzzTarget {
    public static func prepare() {
        SeedFiles.writeIfRequested(FuzzFixtures.seeds("normal", FuzzFixtures.normalMessages.map(\.bytes)))
        _ = FuzzFixtures.bobSession
    }

    public static func fuzz(_ bytes: [UInt8]) {
        guard let message = try? OlmEncryptedMessage(type: OlmEncryptedMessage.normalType, bytes: bytes) else { return }
        invariant(message.bytes == bytes, "decoded message does not keep its bytes: \(hex(bytes))")
        invariant(message.type == OlmEncryptedMessage.normalType, "type changed")
        let again = try? OlmEncryptedMessage(type: OlmEncryptedMessage.normalType, body: message.body)
        invariant(again == message, "base64 body does not decode to the same message: \(hex(bytes))")

        var session = FuzzFixtures.bobSession
        guard let plaintext = try? session.decrypt(message) else { return }
        let genuine = FuzzFixtures.normalMessages.firstIndex { $0.bytes == bytes }
        invariant(genuine != nil, "a modified message was accepted: \(hex(bytes))")
        if let genuine {
            invariant(
                plaintext == FuzzFixtures.plaintexts[genuine], "genuine message \(genuine) gave another plaintext")
        }
    }
}
