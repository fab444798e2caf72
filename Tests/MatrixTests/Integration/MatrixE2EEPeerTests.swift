import BotTestSupport
import Crypto
import Foundation
import GifBotApp
import GiphyStandIn
import MatrixTestSupport
import Prometheus
import TestServerSupport
import Testing

@testable import Matrix

/// GifBot in encrypted rooms with real encrypting peers: matrix-nio (vodozemac) clients driven
/// by Tests/MatrixPeer/room_peer.py from the crypto virtual environment
/// (`scripts/crypto-cross-check --install-only` makes it; `GIFBOT_CRYPTO_VENV` overrides where).
@Suite(.timeLimit(.minutes(5))) struct MatrixE2EEPeerTests {
    static let storeKey = MatrixStoreKey(secret: "store key of the e2ee peer tests")

    struct Answer: Decodable {
        let eventID: String
        let decrypted: Bool
        let sessionID: String?
        let msgtype: String?
        let body: String?

        enum CodingKeys: String, CodingKey {
            case eventID = "event_id", sessionID = "session_id", decrypted, msgtype, body
        }
    }

    struct Withheld: Decodable {
        let code: String?
        let roomID: String?
        let sessionID: String?
        let reason: String?

        enum CodingKeys: String, CodingKey { case code, reason, roomID = "room_id", sessionID = "session_id" }
    }

    struct KeyRequest: Decodable {
        let sessionID: String?
        let action: String?

        enum CodingKeys: String, CodingKey { case sessionID = "session_id", action }
    }

    struct PeerResult: Decodable {
        let ok: Bool
        let error: String?
        let answers: [Answer]?
        let gifSHA256: String?
        let imageHasURL: Bool?
        let bobDecryptedImage: Bool?
        let replayAnswered: Bool?
        let withheld: [Withheld]?
        let keyRequests: [KeyRequest]?
        let sessionID: String?
        let answerCount: Int?
        let invitations: Int?
        let directAlgorithm: String?
        let link: Answer?
        let linkWasEncrypted: Bool?
        let invitedGotKey: Bool?
        let masterKey: String?

        enum CodingKeys: String, CodingKey {
            case ok, error, answers, withheld, invitations, link
            case directAlgorithm = "direct_algorithm", linkWasEncrypted = "link_was_encrypted"
            case invitedGotKey = "invited_got_key", masterKey = "master_key"
            case gifSHA256 = "gif_sha256", imageHasURL = "image_has_url", bobDecryptedImage = "bob_decrypted_image"
            case replayAnswered = "replay_answered"
            case keyRequests = "key_requests", sessionID = "session_id", answerCount = "answer_count"
        }
    }

    /// Runs one phase of the peer; its output goes to a file shown when it fails.
    func runPeer(_ phase: String, _ arguments: [String], store: URL) async throws -> PeerResult {
        let result = store.appendingPathComponent("\(phase).json")
        let (status, text) = try await CryptoPeers.run(
            "room_peer.py",
            arguments: ["--phase", phase, "--store", store.path, "--result", result.path] + arguments,
            folder: store, log: "\(phase).log")
        let data = try #require(
            FileManager.default.contents(atPath: result.path), "peer \(phase) wrote no result: \(text.suffix(3000))")
        let parsed = try JSONDecoder().decode(PeerResult.self, from: data)
        #expect(status == 0 && parsed.ok, "peer \(phase): \(parsed.error ?? "") \(text.suffix(3000))")
        return parsed
    }

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-peer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func anEncryptedConversationWithNioPeersAcrossARestart() async throws {
        try await withMatrixBot { harness in
            let alice = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("peer"), password: "peer-password-1")
            let bob = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("peer"), password: "peer-password-2")
            var configuration = await harness.configuration(inviteAllow: [alice.userID, bob.userID])
            configuration.timing.syncTimeout = .seconds(1)
            configuration.encryption = MatrixEncryptionConfiguration(shareKeysWith: .all, storeKey: Self.storeKey)
            let registry = harness.testBot.runtime.metrics.registry
            var bot = harness.startBot(configuration)
            let store = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: store) }
            let common = [
                "--homeserver", harness.server.baseURL, "--bot", harness.botUser, "--user", alice.userID,
                "--password", "peer-password-1",
            ]
            let first = try await runPeer(
                "conversation",
                common + ["--second-user", bob.userID, "--second-password", "peer-password-2", "--rotation-msgs", "3"],
                store: store)
            let answers = try #require(first.answers)
            try #require(answers.count == 7)
            #expect(answers.allSatisfy { $0.decrypted }, "every answer decrypts")
            let seen = answers.map { "\($0.sessionID?.prefix(6) ?? "-") \($0.body ?? "-")" }
            let expected = SHA256.hash(data: TestGIF.bytes(forMediaPath: "/media/catgif1/30000.gif"))
                .map { String(format: "%02x", $0) }.joined()
            #expect(answers[0].msgtype == "m.image")
            #expect(first.gifSHA256 == expected, "the decrypted attachment is the GIF the stand-in served")
            #expect(first.imageHasURL == false, "an encrypted image carries `file`, not `url`")
            #expect(first.bobDecryptedImage == true, "a second member's device got the key too")
            #expect(answers[1].msgtype == "m.notice", "!fav answered")
            #expect(answers[1].body?.contains("Saved") == true, "!fav saved it: \(seen)")
            #expect(answers[2].body?.contains("Your favorites (1") == true, "!favs lists the favourite: \(seen)")
            let sessions = answers.map(\.sessionID)
            #expect(sessions.allSatisfy { $0 != nil })
            #expect(sessions[0] == sessions[1], "one session while nothing changes")
            #expect(sessions[2] != sessions[1], "a member left: a new session")
            // Session 2: the !favs header and its list (two events), then the first !about: three
            // messages, so the next one opens session 3.
            #expect(sessions[2] == sessions[3], "\(seen)")
            #expect(sessions[4] != sessions[3], "rotated after rotation_period_msgs (3): \(seen)")
            #expect(sessions[4] == sessions[5], "\(seen)")
            #expect(first.replayAnswered == false, "a replayed event is not answered")
            #expect(harness.logs.text.contains("reason=replay"), "the replay was refused as one")
            let metrics = registry.emitToString()
            #expect(metrics.contains(#"gifbot_matrix_encrypted_events_total{result="replay"} 1"#), "\(metrics)")
            #expect(metrics.contains(#"gifbot_matrix_encrypted_events_total{result="decrypted"} 7"#), "\(metrics)")
            #expect(metrics.contains("gifbot_matrix_room_keys_shared_total"), "\(metrics)")
            #expect(metrics.contains("gifbot_matrix_one_time_keys"), "\(metrics)")

            // The restart comes after a soft logout (issue 33): the bot's access token expired
            // while it was down and its refresh token was spent elsewhere, so it logs in again
            // with its password, to the same device, whose keys the members' clients still hold.
            await bot.stop()
            let login = try await MatrixLoginLifetimeTests.storedLogin(configuration, harness)
            try await harness.server.spendRefreshToken(try #require(login.refreshToken))
            try await Task.sleep(for: .seconds(max(0, try #require(login.expiresAt).timeIntervalSinceNow) + 1))
            bot = harness.startBot(configuration)
            let second = try await runPeer("after-restart", common, store: store)
            let after = try #require(second.answers?.first)
            #expect(after.decrypted, "the conversation goes on after the restart")
            // The bot's room keys live as long as its process: the restarted bot shared a new one.
            #expect(after.sessionID != nil && !sessions.contains(after.sessionID), "a new session: \(seen)")
            #expect(harness.logs.text.contains("logging in again to the same device"))
            #expect(try await MatrixLoginLifetimeTests.storedLogin(configuration, harness).deviceID == login.deviceID)
            #expect(after.body?.contains("Your favorites (1") == true, "the favourite is still there")
            #expect(!harness.logs.text.contains("!gif cat"), "no decrypted text in the log")
        }
    }

    @Test func aDeviceThatIsNotCrossSignedGetsTheKeyWithheld() async throws {
        try await withMatrixBot { harness in
            let carol = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("peer"), password: "peer-password-3")
            var configuration = await harness.configuration(inviteAllow: [carol.userID])
            configuration.timing.syncTimeout = .seconds(1)
            configuration.encryption = MatrixEncryptionConfiguration(storeKey: Self.storeKey)
            #expect(configuration.encryption.shareKeysWith == .crossSigned, "Element's policy is the default")
            harness.startBot(configuration)
            let store = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: store) }
            let result = try await runPeer(
                "withheld",
                [
                    "--homeserver", harness.server.baseURL, "--bot", harness.botUser, "--user", carol.userID,
                    "--password", "peer-password-3",
                ], store: store)
            let answer = try #require(result.answers?.first)
            #expect(!answer.decrypted, "the unverified device cannot read the answer")
            #expect(result.withheld?.contains { $0.code == "m.unverified" } == true, "and is told why")
        }
    }

    /// In an encrypted direct message made as Element makes them (`is_direct`, trusted private chat).
    /// The key comes as the sender shares it late (`m.room_key`), or as Element answers the bot's
    /// request (`m.forwarded_room_key`, the session exported at index 0).
    @Test(arguments: [false, true])
    func aCommandWhoseKeyComesLateIsAnsweredOnceAfterOneKeyRequest(forwarded: Bool) async throws {
        try await withMatrixBot { harness in
            let (result, _) = try await runPeerWithEncryptingBot(
                "late-key", harness: harness, password: "peer-password-4", arguments: forwarded ? ["--forward"] : [])
            let requests = try #require(result.keyRequests)
            #expect(requests.count == 1, "one request for the missing session")
            #expect(requests.first?.sessionID == result.sessionID && requests.first?.action == "request")
            #expect(result.answers?.first?.decrypted == true, "answered once the key came")
            #expect(result.answerCount == 1, "and only once")
        }
    }
}
