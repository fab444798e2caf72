import Crypto
import Foundation
import GiphyStandIn
import MatrixTestSupport
import TestServerSupport
import Testing

@testable import Matrix

/// GifBot as a person using Element meets it: a mautrix-python peer (python-olm) with Element's
/// policy (room keys only for cross-signed devices, its own devices cross-signed), driven by
/// Tests/MatrixPeer/mautrix_peer.py, and the bot with its default policy (`share_keys_with:
/// cross-signed`), so each side reads the other only because both devices are cross-signed.
@Suite(.timeLimit(.minutes(3))) struct MatrixElementPolicyTests {
    struct PeerResult: Decodable {
        let ok: Bool
        let error: String?
        let botDevices: [String: String]?
        let imageMsgtype: String?
        let imageHasURL: Bool?
        let gifSHA256: String?
        let favBody: String?
        let favsBody: String?
        let imageRedacted: Bool?
        let secondDeviceRead: String?

        enum CodingKeys: String, CodingKey {
            case ok, error
            case botDevices = "bot_devices", imageMsgtype = "image_msgtype", imageHasURL = "image_has_url"
            case gifSHA256 = "gif_sha256", favBody = "fav_body", favsBody = "favs_body"
            case imageRedacted = "image_redacted"
            case secondDeviceRead = "second_device_read"
        }
    }

    /// Runs the peer; its output goes to a file shown when it fails.
    func runPeer(_ arguments: [String], folder: URL) async throws -> PeerResult {
        let result = folder.appendingPathComponent("result.json")
        let (status, text) = try await CryptoPeers.run(
            "mautrix_peer.py", arguments: ["--result", result.path] + arguments, folder: folder)
        let data = try #require(
            FileManager.default.contents(atPath: result.path), "the peer wrote no result: \(text.suffix(3000))")
        let parsed = try JSONDecoder().decode(PeerResult.self, from: data)
        #expect(status == 0 && parsed.ok, "peer: \(parsed.error ?? "") \(text.suffix(3000))")
        return parsed
    }

    @Test func anElementLikePeerAndTheBotReadEachOtherBecauseBothAreCrossSigned() async throws {
        try await withMatrixBot { harness in
            let peer = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("element"), password: "element-password-1")
            var configuration = await harness.configuration(inviteAllow: [peer.userID])
            configuration.timing.syncTimeout = .seconds(1)
            configuration.encryption = MatrixEncryptionConfiguration(storeKey: MatrixE2EEPeerTests.storeKey)
            #expect(configuration.encryption.shareKeysWith == .crossSigned, "the bot's default policy")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "gifbot-element-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            // Where the bot keeps the recovery key of the cross-signing identity it creates at
            // start (the app's default is beside its database; the harness has none).
            configuration.recoveryKeyFile = folder.appendingPathComponent("matrix-recovery-key").path
            harness.startBot(configuration)
            let result = try await runPeer(
                [
                    "--homeserver", harness.server.baseURL, "--bot", harness.botUser, "--user", peer.userID,
                    "--password", "element-password-1",
                ], folder: folder)
            let devices = try #require(result.botDevices)
            #expect(!devices.isEmpty && devices.values.allSatisfy { $0 == "CROSS_SIGNED_TOFU" }, "\(devices)")
            let expected = SHA256.hash(data: TestGIF.bytes(forMediaPath: "/media/catgif1/30000.gif"))
                .map { String(format: "%02x", $0) }.joined()
            #expect(result.imageMsgtype == "m.image")
            #expect(result.imageHasURL == false, "an encrypted image carries `file`, not `url`")
            #expect(result.gifSHA256 == expected, "the decrypted attachment is the GIF the stand-in served")
            #expect(result.favBody?.contains("Saved") == true, "!fav: \(result.favBody ?? "-")")
            #expect(result.favsBody?.contains("Your favorites (1") == true, "!favs: \(result.favsBody ?? "-")")
            #expect(result.imageRedacted == true, "!undo took the encrypted image back")
            #expect(result.secondDeviceRead != nil, "a new cross-signed device of the peer read the next message")
            #expect(!harness.logs.text.contains("!gif cat"), "no decrypted text in the log")
        }
    }
}
