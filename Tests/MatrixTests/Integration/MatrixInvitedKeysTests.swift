import Foundation
import MatrixTestSupport
import Testing

@testable import Matrix

/// Room keys and invited members, with matrix-nio peers: a member invited and not yet joined
/// gets the key of what the bot says meanwhile (they read it once they join), unless the room's
/// history is visible only from a join, where they must not.
@Suite(.timeLimit(.minutes(3))) struct MatrixInvitedKeysTests {
    @Test(arguments: [("shared", true), ("invited", true), ("joined", false)])
    func anInvitedMemberGetsTheKeyAsTheRoomsHistoryVisibilitySays(visibility: String, getsKey: Bool) async throws {
        try await withMatrixBot { harness in
            let frank = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("peer"), password: "peer-password-7")
            let (result, _) = try await MatrixE2EEPeerTests().runPeerWithEncryptingBot(
                "invited-keys", harness: harness, password: "peer-password-6",
                arguments: [
                    "--second-user", frank.userID, "--second-password", "peer-password-7", "--visibility", visibility,
                ])
            #expect(result.answers?.first?.decrypted == true, "the joined member reads the answer")
            #expect(result.invitedGotKey == getsKey)
        }
    }
}
