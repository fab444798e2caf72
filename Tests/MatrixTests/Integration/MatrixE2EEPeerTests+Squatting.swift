import Foundation
import GiphyStandIn
import MatrixTestSupport
import Testing

@testable import Matrix

extension MatrixE2EEPeerTests {
    /// Issue 31, item 1: a second member sends the bot a key of alice's session id before alice's
    /// own key comes, either alice's session key re-sent as the member's own `m.room_key` (alice's
    /// command with its `sender_key`, or without it as newer clients send it), or
    /// (once the bot has asked alice for the key) a forged export as an `m.forwarded_room_key`
    /// naming the member as its creator. Sessions kept by room and session id alone took the
    /// first and refused alice's key, and alice's command went unanswered; kept by their
    /// creator too, alice's key opens her command, and the forged forward is refused at warning.
    @Test(arguments: ["room-key", "room-key-without-sender-key", "forwarded"])
    func anotherMembersKeyOfTheSameSessionIDDoesNotSilenceItsCreator(variant: String) async throws {
        try await withMatrixBot { harness in
            let alice = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("peer"), password: "peer-password-5")
            let mallory = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("peer"), password: "peer-password-6")
            var configuration = await harness.configuration(inviteAllow: [alice.userID])
            configuration.timing.syncTimeout = .seconds(1)
            configuration.encryption = MatrixEncryptionConfiguration(shareKeysWith: .all, storeKey: Self.storeKey)
            harness.startBot(configuration)
            let store = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: store) }
            let result = try await runPeer(
                "squat",
                [
                    "--homeserver", harness.server.baseURL, "--bot", harness.botUser, "--user", alice.userID,
                    "--password", "peer-password-5", "--second-user", mallory.userID, "--second-password",
                    "peer-password-6", "--variant", variant,
                ], store: store)
            #expect(result.answers?.first?.decrypted == true, "alice's command was answered")
            if variant == "forwarded" {
                #expect(
                    result.keyRequests?.contains { $0.sessionID == result.sessionID } == true,
                    "the bot had asked alice for the session mallory forged")
                let refused = harness.logs.text.split(separator: "\n").filter { $0.contains("Refused a room key") }
                #expect(
                    refused.contains { $0.contains("warning") && $0.contains("did not ask that user") },
                    "\(refused)")
            }
        }
    }
}
