import Foundation
import GifBotCore
import GiphyStandIn
import MatrixTestSupport
import Testing

@testable import Matrix

extension MatrixE2EEPeerTests {
    /// Issue 31, item 6: dave (matrix-nio, his device cross-signed by an identity he uploads) is
    /// pinned by the bot, then replaces his identity on Synapse as a reset does. Under
    /// `identity_change: block` the bot's next answer is encrypted with a session dave does not
    /// get: he is told why (`m.room_key.withheld`, `m.unverified`) and `/readyz` names him. Once
    /// the operator accepts the new identity (what `gifbot matrix accept-identity` runs, on the
    /// bot's store while it runs), his next command is answered readably, without a restart.
    @Test func aChangedIdentityGetsNoRoomKeyUntilTheOperatorAcceptsIt() async throws {
        try await withMatrixBot { harness in
            let dave = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("peer"), password: "peer-password-7")
            var configuration = await harness.configuration(inviteAllow: [dave.userID])
            configuration.timing.syncTimeout = .seconds(1)
            configuration.encryption = MatrixEncryptionConfiguration(identityChange: .block, storeKey: Self.storeKey)
            let bot = harness.startBot(configuration)
            let store = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: store) }
            let arguments = [
                "--homeserver", harness.server.baseURL, "--bot", harness.botUser, "--user", dave.userID,
                "--password", "peer-password-7",
            ]

            let pinned = try await runPeer("identity", arguments + ["--step", "pin"], store: store)
            #expect(pinned.answers?.first?.decrypted == true, "the first identity is trusted")
            #expect(await bot.adapter.status.readinessWarnings().filter { $0.contains("identity changed") } == [])

            let reset = try await runPeer("identity", arguments + ["--step", "reset"], store: store)
            let answer = try #require(reset.answers?.first)
            #expect(!answer.decrypted, "no room key for the new identity")
            let withheld = try #require(reset.withheld?.first, "dave is told why")
            #expect(withheld.code == "m.unverified" && withheld.sessionID == answer.sessionID)
            #expect(withheld.reason?.contains("identity changed") == true)
            let warnings = await bot.adapter.status.readinessWarnings()
            #expect(warnings.contains { $0.contains("room keys withheld from 1 user (\(dave.userID))") }, "\(warnings)")
            #expect(harness.logs.text.contains("A user's cross-signing identity changed: room keys are withheld"))

            let review = try await IdentityReview.open(
                configuration: configuration, storeKey: Self.storeKey, store: harness.store)
            let listed = try await review.changes()
            #expect(listed.first?.user == dave.userID && listed.first?.identity.masterKey == pinned.masterKey)
            #expect(listed.first?.identity.unaccepted == reset.masterKey)
            guard case .accepted = try await review.accept(dave.userID) else {
                Issue.record("dave's waiting identity is accepted")
                return
            }
            let accepted = try await runPeer("identity", arguments + ["--step", "after-accept"], store: store)
            #expect(accepted.answers?.first?.decrypted == true, "the running bot follows the acceptance")
            #expect(await bot.adapter.status.readinessWarnings().filter { $0.contains("identity changed") } == [])
        }
    }
}
