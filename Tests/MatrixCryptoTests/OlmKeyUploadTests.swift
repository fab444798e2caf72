import Testing

@testable import MatrixCrypto

@Suite struct OlmKeyUploadTests {
    private let userID = "@gifbot:example.org"
    private let deviceID = "GIFBOTDEVICE"

    @Test func theDeviceKeysNameBothIdentityKeysAndVerify() throws {
        let account = OlmAccount()
        let deviceKeys = try account.deviceKeys(userID: userID, deviceID: deviceID)
        #expect(deviceKeys["user_id"] == .string(userID))
        #expect(deviceKeys["device_id"] == .string(deviceID))
        #expect(deviceKeys["algorithms"] == ["m.olm.v1.curve25519-aes-sha2", "m.megolm.v1.aes-sha2"])
        #expect(deviceKeys["keys"]?["curve25519:\(deviceID)"] == .string(account.identityKeys.curve25519))
        #expect(deviceKeys["keys"]?["ed25519:\(deviceID)"] == .string(account.identityKeys.ed25519))
        try JSONSigning.verify(
            deviceKeys, userID: userID, deviceID: deviceID, publicKeyBase64: account.identityKeys.ed25519)
        // Another device's key does not verify it.
        #expect(throws: MatrixCryptoError.badSignature) {
            try JSONSigning.verify(
                deviceKeys, userID: userID, deviceID: deviceID, publicKeyBase64: OlmAccount().identityKeys.ed25519)
        }
    }

    @Test func everyUnpublishedOneTimeKeyIsSignedUnderItsID() throws {
        var account = OlmAccount()
        account.generateOneTimeKeys(count: 3)
        let signed = try #require(try account.signedOneTimeKeys(userID: userID, deviceID: deviceID).objectValue)
        #expect(signed.count == 3)
        for (keyID, publicKey) in account.unpublishedOneTimeKeys {
            let object = try #require(signed["signed_curve25519:\(keyID)"])
            #expect(object["key"] == .string(publicKey))
            #expect(object["fallback"] == nil)
            try JSONSigning.verify(
                object, userID: userID, deviceID: deviceID, publicKeyBase64: account.identityKeys.ed25519)
            // A changed key no longer matches its signature.
            guard case .object(var tampered) = object else { continue }
            tampered["key"] = .string(OlmAccount().identityKeys.curve25519)
            #expect(throws: MatrixCryptoError.badSignature) {
                try JSONSigning.verify(
                    .object(tampered), userID: userID, deviceID: deviceID,
                    publicKeyBase64: account.identityKeys.ed25519)
            }
        }
        account.markKeysAsPublished()
        #expect(try account.signedOneTimeKeys(userID: userID, deviceID: deviceID) == .object([:]))
    }

    @Test func theFallbackKeyIsMarkedAsSuchAndSigned() throws {
        var account = OlmAccount()
        #expect(try account.signedFallbackKeys(userID: userID, deviceID: deviceID) == .object([:]))
        account.generateFallbackKey()
        let signed = try #require(try account.signedFallbackKeys(userID: userID, deviceID: deviceID).objectValue)
        let (keyID, publicKey) = try #require(account.unpublishedFallbackKey.first)
        let object = try #require(signed["signed_curve25519:\(keyID)"])
        #expect(object["key"] == .string(publicKey))
        #expect(object["fallback"] == .bool(true))
        try JSONSigning.verify(
            object, userID: userID, deviceID: deviceID, publicKeyBase64: account.identityKeys.ed25519)
    }

    @Test func theUploadBodyHoldsWhatIsUnpublished() throws {
        var account = OlmAccount()
        account.generateOneTimeKeys(count: 2)
        account.generateFallbackKey()
        let first = try account.keysUploadBody(userID: userID, deviceID: deviceID, includeDeviceKeys: true)
        #expect(first["device_keys"] != nil)
        #expect(first["one_time_keys"]?.objectValue?.count == 2)
        #expect(first["fallback_keys"]?.objectValue?.count == 1)
        account.markKeysAsPublished()
        let later = try account.keysUploadBody(userID: userID, deviceID: deviceID, includeDeviceKeys: false)
        #expect(later == .object(["one_time_keys": .object([:]), "fallback_keys": .object([:])]))
    }
}
