import FuzzSupport
import MatrixCrypto

// A Megolm message (m.megolm.v1.aes-sha2 ciphertext): decoded, then decrypted by the inbound
// session of the genuine messages. Invariants: no crash; the message keeps its bytes and its
// base64 form; only a genuine message decrypts (no modified message is accepted: the Ed25519
// signature covers all of it), to its own plaintext and index.

public enum MegolmMessageFuzz: FuzzTarget {
    public static func prepare() {
        SeedFiles.writeIfRequested(FuzzFixtures.seeds("megolm", FuzzFixtures.megolmMessages.map(\.bytes)))
        _ = FuzzFixtures.megolmMessages
    }

    public static func fuzz(_ bytes: [UInt8]) {
        guard let message = try? MegolmMessage(bytes: bytes) else { return }
        invariant(message.bytes == bytes, "decoded message does not keep its bytes: \(hex(bytes))")
        let again = try? MegolmMessage(base64: message.base64)
        invariant(again == message, "base64 does not decode to the same message: \(hex(bytes))")

        var session = FuzzFixtures.megolmInbound
        guard let decrypted = try? session.decrypt(message) else { return }
        let genuine = FuzzFixtures.megolmMessages.firstIndex { $0.bytes == bytes }
        invariant(genuine != nil, "a modified message was accepted: \(hex(bytes))")
        if let genuine {
            invariant(
                decrypted.plaintext == FuzzFixtures.plaintexts[genuine], "message \(genuine) gave another plaintext")
            invariant(
                decrypted.messageIndex == UInt32(genuine), "message \(genuine) gave index \(decrypted.messageIndex)")
        }
    }
}
