import Foundation
import MatrixCrypto
import Testing

@testable import Matrix

/// The signed objects of cross-signing, checked without a homeserver.
@Suite("Cross-signing payloads")
struct CrossSigningPayloadTests {
    let userID = "@gifbot:example.org"

    @Test("the master key signs the self-signing and user-signing keys, each object names its usage")
    func publishedObjects() throws {
        var keys = CrossSigningKeySet.generate()
        defer { keys.erase() }
        let objects = try keys.publishedObjects(userID: userID)
        #expect(Set(objects.keys) == ["master_key", "self_signing_key", "user_signing_key"])
        let master = keys[.master].publicKey
        #expect(objects["master_key"] == keys[.master].publicKeyObject(userID: userID, usage: .master))
        for (member, usage) in [("self_signing_key", "self_signing"), ("user_signing_key", "user_signing")] {
            let object = try #require(objects[member])
            #expect(object["usage"] == [.string(usage)])
            #expect(object["user_id"]?.stringValue == userID)
            try JSONSigning.verify(object, userID: userID, deviceID: master, publicKeyBase64: master)
            #expect(PublishedCrossSigning.publicKey(of: object, userID: userID, usage: usage) != nil)
        }
        #expect(
            PublishedCrossSigning.publicKey(
                of: try #require(objects["self_signing_key"]), userID: userID, usage: "master")
                == nil)
    }

    /// A `/keys/query` answer holding `keys`' public objects and one device.
    func answer(_ keys: CrossSigningKeySet, device: CanonicalJSONValue) throws -> CanonicalJSONValue {
        let objects = try keys.publishedObjects(userID: userID)
        return [
            "master_keys": .object([userID: objects["master_key"]!]),
            "self_signing_keys": .object([userID: objects["self_signing_key"]!]),
            "device_keys": .object([userID: .object(["DEVICE": device])]),
        ]
    }

    @Test("a device counts as cross-signed only with the published self-signing key's valid signature")
    func deviceSignature() throws {
        let keys = CrossSigningKeySet.generate()
        let device = try OlmAccount().deviceKeys(userID: userID, deviceID: "DEVICE")
        let unsigned = PublishedCrossSigning(keysQuery: try answer(keys, device: device), userID: userID)
        #expect(unsigned.masterKey == keys[.master].publicKey)
        #expect(unsigned.selfSigningKey == keys[.selfSigning].publicKey)
        #expect(!unsigned.isCrossSigned(deviceID: "DEVICE", userID: userID))

        let signed = try keys[.selfSigning].sign(device, userID: userID)
        #expect(
            PublishedCrossSigning(keysQuery: try answer(keys, device: signed), userID: userID)
                .isCrossSigned(deviceID: "DEVICE", userID: userID))
        // The device's own signature is kept beside the new one.
        #expect(signed["signatures"]?[userID]?["ed25519:DEVICE"] == device["signatures"]?[userID]?["ed25519:DEVICE"])

        // Signed by the user-signing key instead: not cross-signed.
        let wrong = try keys[.userSigning].sign(device, userID: userID)
        #expect(
            !PublishedCrossSigning(keysQuery: try answer(keys, device: wrong), userID: userID)
                .isCrossSigned(deviceID: "DEVICE", userID: userID))
    }

    @Test("a self-signing key the master key did not sign is not taken")
    func unsignedSelfSigningKey() throws {
        let keys = CrossSigningKeySet.generate()
        let other = CrossSigningKeySet.generate()
        var query = try answer(keys, device: [:]).objectValue!
        query["self_signing_keys"] = .object([userID: try other.publishedObjects(userID: userID)["self_signing_key"]!])
        let published = PublishedCrossSigning(keysQuery: .object(query), userID: userID)
        #expect(published.masterKey == keys[.master].publicKey)
        #expect(published.selfSigningKey == nil)
    }

    @Test("a private key round-trips through its secret-storage form, and never shows in a description")
    func secretForm() throws {
        var key = CrossSigningKeyPair.generate()
        var secret = key.secret
        let restored = try CrossSigningKeyPair(secret: secret)
        #expect(restored.publicKey == key.publicKey)
        let text = String(decoding: secret, as: UTF8.self)
        #expect(!String(describing: key).contains(text))
        #expect(!String(reflecting: key).contains(text))
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains(text))
        #expect(throws: MatrixCryptoError.invalidKey) { try CrossSigningKeyPair(secret: Array("c2hvcnQ".utf8)) }
        secret.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) }
        key.erase()
        #expect(throws: MatrixCryptoError.invalidKey) { try key.sign(["a": 1], userID: userID) }
    }

    @Test("only a flow of the password alone is answered with the password")
    func passwordFlow() {
        #expect(CrossSigningUpload.offersPassword(["flows": [["stages": ["m.login.password"]]], "session": "s"]))
        #expect(!CrossSigningUpload.offersPassword(["flows": [["stages": ["m.login.sso"]]]]))
        #expect(
            !CrossSigningUpload.offersPassword(["flows": [["stages": ["m.login.password", "m.login.email.identity"]]]]))
        #expect(!CrossSigningUpload.offersPassword([:]))
    }

    @Test("the recovery key file is written with mode 0600, read back, and absent reads as nil")
    func recoveryKeyFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rkf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = RecoveryKeyFile(path: directory.appendingPathComponent("matrix-recovery-key").path)
        #expect(try file.read() == nil)
        let key = RecoveryKey.encode(SecretStorageKey.generate())
        try file.write(key)
        #expect(try file.read() == key)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(throws: CrossSigningFailure.self) {
            try RecoveryKeyFile(path: directory.appendingPathComponent("missing/dir/key").path).write(key)
        }
    }

    @Test("failures tell the operator what to do and name no secret")
    func failureAdvice() {
        #expect(CrossSigningFailure.recoveryKeyMissing.description.contains("set matrix.recovery_key"))
        #expect(CrossSigningFailure.recoveryKeyMissing.description.contains("never resets"))
        #expect(CrossSigningFailure.passwordNeeded.description.contains("matrix.password"))
    }
}
