import BotTestSupport
import Foundation
import GifBotCore
import GiphyStandIn
import Logging
import MatrixCrypto
import MatrixTestSupport
import NIOHTTP1
import Testing

@testable import Matrix

/// The bot's device cross-signed against a real Synapse, judged by a real mautrix peer with
/// Element's policy: a first start creates the identity; a start with a lost store (a new
/// device) is signed again from secret storage with the recovery key, and without it the
/// identity is left alone and the device stays unsigned, as the log and `/readyz` say.
@Suite("Cross-signing on Synapse")
struct CrossSigningBootstrapTests {
    /// A login of the bot account with fresh device keys published, as the e2ee adapter does it.
    struct BotDevice {
        let client: MatrixClient
        let userID: String
        let deviceID: String
        let deviceKeys: CanonicalJSONValue

        static func login(_ harness: MatrixBotHarness) async throws -> BotDevice {
            let client = MatrixClient(
                http: MatrixHTTP(client: harness.testBot.httpClient, baseURL: harness.server.baseURL),
                timing: MatrixTiming())
            let login = try await client.login(user: harness.botUser, password: harness.botPassword, deviceID: nil)
            client.accessToken.replace(with: login.tokens.accessToken)
            let keys = try OlmAccount().deviceKeys(userID: login.userID, deviceID: login.deviceID)
            _ = try await client.canonicalRequest(.POST, "/_matrix/client/v3/keys/upload", body: ["device_keys": keys])
            return BotDevice(client: client, userID: login.userID, deviceID: login.deviceID, deviceKeys: keys)
        }

        func bootstrap(
            _ configuration: MatrixConfiguration, status: AdapterStatus, harness: MatrixBotHarness
        ) async -> CrossSigningOutcome {
            await CrossSigningBootstrap(
                client: client, userID: userID, configuration: configuration, status: status,
                logger: harness.logs.logger(label: "cross-signing", level: .trace)
            ).ensureSigned(device: deviceKeys)
        }

        func published() async throws -> PublishedCrossSigning {
            try await client.ownCrossSigning(userID: userID)
        }
    }

    func peerVerdict(_ harness: MatrixBotHarness, device: BotDevice) async throws -> CrossSigningPeer.Verdict {
        try await CrossSigningPeer.verdict(
            homeserver: harness.server.baseURL, peer: harness.alice.user.userID, password: "alice-password",
            user: device.userID, deviceID: device.deviceID)
    }

    @Test("created on first start, kept without the recovery key, recovered on a new device with it")
    func lifecycle() async throws {
        try await withMatrixBot { harness in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xsign-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let keyFile = directory.appendingPathComponent("matrix-recovery-key").path
            var configuration = await harness.configuration()
            configuration.recoveryKeyFile = keyFile
            let status = AdapterStatus(kind: "matrix", name: "xsign")

            // First start: the identity is created and the device signed.
            let first = try await BotDevice.login(harness)
            #expect(
                await first.bootstrap(configuration, status: status, harness: harness)
                    == .createdIdentity(recoveryKeyFile: keyFile))
            let mode = try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let recoveryKey = try #require(try RecoveryKeyFile(path: keyFile).read())
            _ = try RecoveryKey.decode(recoveryKey)
            let created = try await first.published()
            let master = try #require(created.masterKey)
            #expect(created.isCrossSigned(deviceID: first.deviceID, userID: first.userID))
            #expect(try await peerVerdict(harness, device: first) == .init(trust: "CROSS_SIGNED_TOFU", master: master))
            #expect(harness.logs.text.contains("recovery key was written to \(keyFile)"))
            #expect(await status.readinessWarnings().isEmpty)

            // A restart of the same device: nothing to do.
            #expect(await first.bootstrap(configuration, status: status, harness: harness) == .alreadySigned)

            // The store and the key file lost, no recovery key: a new device stays unsigned and
            // the identity is not reset.
            try FileManager.default.removeItem(atPath: keyFile)
            let second = try await BotDevice.login(harness)
            #expect(
                await second.bootstrap(configuration, status: status, harness: harness)
                    == .unsigned(.recoveryKeyMissing))
            #expect(try await second.published().masterKey == master)
            #expect(!FileManager.default.fileExists(atPath: keyFile), "no new recovery key may be made")
            let warning = try #require(await status.readinessWarnings().first)
            #expect(warning.contains("device \(second.deviceID) not cross-signed"))
            #expect(warning.contains("matrix.recovery_key"))
            #expect(harness.logs.text.contains("The Matrix device is not cross-signed"))
            #expect(try await peerVerdict(harness, device: second).trust == "UNVERIFIED")

            // A recovery key of another account's storage opens nothing.
            configuration.recoveryKey = RecoveryKey.encode(SecretStorageKey.generate())
            #expect(
                await second.bootstrap(configuration, status: status, harness: harness) == .unsigned(.recoveryKeyWrong))

            // With the recovery key: signed from secret storage, trusted by the peer, same identity.
            configuration.recoveryKey = recoveryKey
            #expect(await second.bootstrap(configuration, status: status, harness: harness) == .signedWithRecoveryKey)
            #expect(try await second.published().masterKey == master)
            #expect(try await peerVerdict(harness, device: second) == .init(trust: "CROSS_SIGNED_TOFU", master: master))
            #expect(await status.readinessWarnings().isEmpty)

            // The recovery key never reached a log line, in any spelling.
            let logs = harness.logs.text
            #expect(!logs.contains(recoveryKey))
            #expect(!logs.contains(recoveryKey.replacingOccurrences(of: " ", with: "")))
        }
    }

    @Test("when the homeserver asks for authentication, the password is given in its session")
    func userInteractiveAuthentication() async throws {
        try await withMatrixBot { harness in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xsign-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            var configuration = await harness.configuration()
            configuration.recoveryKeyFile = directory.appendingPathComponent("matrix-recovery-key").path
            let device = try await BotDevice.login(harness)
            let status = AdapterStatus(kind: "matrix", name: "xsign")
            #expect(await device.bootstrap(configuration, status: status, harness: harness).isSigned)

            // Replacing published keys always needs authentication (MSC3967 spares only the first).
            var replacement = CrossSigningKeySet.generate()
            defer { replacement.erase() }
            let objects = try replacement.publishedObjects(userID: device.userID)
            func publish(password: String?) async throws(CrossSigningFailure) {
                try await CrossSigningUpload(client: device.client, userID: device.userID, password: password)
                    .publish(objects)
            }
            await #expect(throws: CrossSigningFailure.passwordNeeded) { try await publish(password: nil) }
            await #expect(throws: CrossSigningFailure.passwordRefused) { try await publish(password: "wrong") }
            try await publish(password: harness.botPassword)
            #expect(try await device.published().masterKey == replacement[.master].publicKey)
        }
    }

    @Test("a key already in the file (an interrupted first start), or a configured one, becomes the account's")
    func givenRecoveryKeys() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xsign-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for source in ["file", "setting"] {
            try await withMatrixBot { harness in
                let key = SecretStorageKey.generate()
                let keyFile = directory.appendingPathComponent("key-\(source)").path
                var configuration = await harness.configuration()
                configuration.recoveryKeyFile = keyFile
                if source == "file" {
                    try RecoveryKeyFile(path: keyFile).write(RecoveryKey.encode(key))
                } else {
                    configuration.recoveryKey = RecoveryKey.encode(key)
                }
                let device = try await BotDevice.login(harness)
                let outcome = await device.bootstrap(
                    configuration, status: AdapterStatus(kind: "matrix", name: "xsign"), harness: harness)
                #expect(outcome == .createdIdentity(recoveryKeyFile: source == "file" ? keyFile : nil))
                #expect(try RecoveryKeyFile(path: keyFile).read() == (source == "file" ? RecoveryKey.encode(key) : nil))
                let storage = SecretStorageAccountData(client: device.client, userID: device.userID)
                let keyID = try await storage.openDefaultKey(key)
                var secret = try await storage.secret("m.cross_signing.self_signing", keyID: keyID, key: key)
                defer { secret.withUnsafeMutableBufferPointer { $0.initialize(repeating: 0) } }
                let published = try await device.published()
                #expect(try CrossSigningKeyPair(secret: secret).publicKey == published.selfSigningKey)
                #expect(published.isCrossSigned(deviceID: device.deviceID, userID: device.userID))
            }
        }
    }
}
