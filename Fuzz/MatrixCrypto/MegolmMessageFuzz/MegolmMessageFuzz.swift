import FuzzSupport
import MatrixCrypto
import MatrixCryptoFuzzSupport

// A Megolm message (m.megolm.v1.aes-sha2 ciphertext): decoded, then decrypted by the inbound
// session of the genuine messages. Invariants: no crash; the message keeps its bytes and its
// base64 form; only a genuine message decrypts (no modified message is accepted: the Ed25519
// signature covers all of it), to its own plaintext and index.

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    SeedFiles.writeIfRequested(FuzzFixtures.seeds("megolm", FuzzFixtures.megolmMessages.map(\.bytes)))
    _ = FuzzFixtures.megolmMessages
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMegolmMessage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let message = try? MegolmMessage(bytes: bytes) else { return 0 }
    invariant(message.bytes == bytes, "decoded message does not keep its bytes: \(hex(bytes))")
    let again = try? MegolmMessage(base64: message.base64)
    invariant(again == message, "base64 does not decode to the same message: \(hex(bytes))")

    var session = FuzzFixtures.megolmInbound
    guard let decrypted = try? session.decrypt(message) else { return 0 }
    let genuine = FuzzFixtures.megolmMessages.firstIndex { $0.bytes == bytes }
    invariant(genuine != nil, "a modified message was accepted: \(hex(bytes))")
    if let genuine {
        invariant(decrypted.plaintext == FuzzFixtures.plaintexts[genuine], "message \(genuine) gave another plaintext")
        invariant(decrypted.messageIndex == UInt32(genuine), "message \(genuine) gave index \(decrypted.messageIndex)")
    }
    return 0
}
