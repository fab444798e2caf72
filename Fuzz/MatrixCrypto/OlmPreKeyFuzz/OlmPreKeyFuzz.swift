import FuzzSupport
import MatrixCrypto

// An Olm pre-key message (type 0): decoded, then given to an account whose one-time key the
// genuine messages claim, as Alice's. Invariants: no crash; the message keeps its bytes and base64
// body; an inbound session is created only from a genuine message, with its plaintext, and the
// one-time key is used up only then.
//
// "Genuine" means the same session keys and the same inner message, byte for byte (the inner
// message's MAC covers it; the session keys enter the key agreement). The pre-key envelope around
// them has no MAC of its own, in the specification as in libolm and vodozemac: like them we skip
// unknown fields and take the fields in any order, so an envelope with an extra unknown field or
// its fields reordered is the same message and is accepted. No other change is.

public enum OlmPreKeyFuzz: FuzzTarget {
    public static func prepare() {
        SeedFiles.writeIfRequested(FuzzFixtures.seeds("pre-key", FuzzFixtures.preKeyMessages.map(\.bytes)))
        _ = FuzzFixtures.preKeyMessages
    }

    public static func fuzz(_ bytes: [UInt8]) {
        guard let message = try? OlmPreKeyMessage(bytes: bytes) else { return }
        invariant(message.bytes == bytes, "decoded message does not keep its bytes: \(hex(bytes))")
        let again = try? OlmPreKeyMessage(base64: UnpaddedBase64.encode(bytes))
        invariant(again == message, "base64 does not decode to the same message: \(hex(bytes))")

        var account = FuzzFixtures.bobAccount
        let keysBefore = account.oneTimeKeyCount
        guard
            let inbound = try? account.createInboundSession(
                theirIdentityKey: FuzzFixtures.aliceIdentityKey, preKeyMessage: message)
        else {
            invariant(account.oneTimeKeyCount == keysBefore, "a refused message used up a one-time key: \(hex(bytes))")
            return
        }
        let genuine = FuzzFixtures.preKeyMessages.firstIndex {
            $0.sessionKeys == message.sessionKeys && $0.message.bytes == message.message.bytes
        }
        invariant(genuine != nil, "a modified pre-key message was accepted: \(hex(bytes))")
        if let genuine {
            invariant(
                inbound.plaintext == FuzzFixtures.plaintexts[genuine],
                "genuine message \(genuine) gave another plaintext")
            invariant(inbound.session.matches(preKeyMessage: message), "the new session does not match its message")
        }
    }
}
