import Foundation
import MatrixTestSupport

@testable import Matrix

extension MatrixE2EEPeerTests {
    /// Registers a peer user, starts the bot encrypting for every device (`share_keys_with: all`)
    /// with only that user allowed to invite it, and runs one `phase` of the peer as that user
    /// with `arguments` added. Returns what the peer saw and who it was.
    func runPeerWithEncryptingBot(
        _ phase: String, harness: MatrixBotHarness, password: String, arguments: [String] = []
    ) async throws -> (result: PeerResult, user: MatrixTestUser) {
        let peer = try await harness.server.registerUser(SynapseServer.uniqueLocalpart("peer"), password: password)
        var configuration = await harness.configuration(inviteAllow: [peer.userID])
        configuration.timing.syncTimeout = .seconds(1)
        configuration.encryption = MatrixEncryptionConfiguration(shareKeysWith: .all, storeKey: Self.storeKey)
        harness.startBot(configuration)
        let store = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: store) }
        let common = [
            "--homeserver", harness.server.baseURL, "--bot", harness.botUser, "--user", peer.userID,
            "--password", password,
        ]
        return (try await runPeer(phase, common + arguments, store: store), peer)
    }
}
