import Foundation
import GifBotCore
import GiphyStandIn
import MatrixTestSupport
import Storage
import Testing

@testable import Matrix

/// The bot's Matrix login outlives its tokens (issue 33), on Synapse, whose test configuration
/// makes the access tokens of clients that ask for a refresh token expire after 60 seconds: the
/// bot refreshes before expiry, across a restart, as the same device, and keeps answering; a
/// device an admin logs out is replaced by a new one, with which the bot answers again; a
/// password changed under it stops the adapter with a clear reason. (After a soft logout, the
/// password login to the same device, in an encrypted room: `MatrixE2EEPeerTests`.)
@Suite(.timeLimit(.minutes(4))) struct MatrixLoginLifetimeTests {
    static let refreshed = "Refreshed the Matrix access token"

    /// The login the bot stored for `configuration`'s account.
    static func storedLogin(
        _ configuration: MatrixConfiguration, _ harness: MatrixBotHarness
    ) async throws
        -> StoredMatrixLogin
    {
        let text = try #require(try await harness.store.adapterState(configuration.loginStateKey))
        return try JSONDecoder().decode(StoredMatrixLogin.self, from: Data(text.utf8))
    }

    /// The bot answers `!about` in `room`.
    func expectAnswer(in room: String, _ harness: MatrixBotHarness) async throws {
        let command = try await harness.alice.sendText("!about", to: room)
        let answer = try await harness.answer(to: command, in: room)
        #expect(answer.body?.contains("GifBot") == true, "\(answer.body ?? "")")
    }

    @Test func theBotRefreshesItsTokenBeforeExpiryAndAcrossARestartAsTheSameDevice() async throws {
        try await withMatrixBot { harness in
            let admin = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("admin"), password: "admin-password", admin: true)
            let configuration = await harness.configuration()
            let bot = harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            let first = try await Self.storedLogin(configuration, harness)
            // Registering the bot's account made a device too.
            let devices = Set(try await harness.server.devices(of: harness.botUser, as: admin))
            #expect(devices.contains(first.deviceID))
            let issued = try #require(first.issuedAt), expires = try #require(first.expiresAt)
            #expect(first.refreshToken != nil)
            // Synapse counts the lifetime from when it answers, which a loaded machine delays.
            let lifetime = expires.timeIntervalSince(issued)
            #expect(lifetime > 30 && lifetime <= 60.5, "lifetime \(lifetime) s")

            #expect(await harness.logs.waitFor(Self.refreshed, timeout: .seconds(75)))
            let second = try await Self.storedLogin(configuration, harness)
            #expect(second.deviceID == first.deviceID && second.accessToken != first.accessToken)
            #expect(second.refreshToken != first.refreshToken)
            #expect(try #require(second.issuedAt) < expires, "refreshed only after the token expired")
            try await expectAnswer(in: room, harness)

            // A restart resumes the stored, refreshed login: no new device, and it refreshes on.
            await bot.stop()
            harness.startBot(configuration)
            try await expectAnswer(in: room, harness)
            #expect(await harness.logs.waitFor(Self.refreshed, count: 2, timeout: .seconds(75)))
            let third = try await Self.storedLogin(configuration, harness)
            #expect(third.deviceID == first.deviceID && third.accessToken != second.accessToken)
            try await expectAnswer(in: room, harness)
            #expect(Set(try await harness.server.devices(of: harness.botUser, as: admin)) == devices)
            for secret in [first, second, third].flatMap({ [$0.accessToken, $0.refreshToken ?? ""] }) {
                #expect(!harness.logs.text.contains(secret), "a token in the log")
            }
        }
    }

    @Test func aDeviceAnAdminLoggedOutIsReplacedByANewOne() async throws {
        try await withMatrixBot { harness in
            let admin = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("admin"), password: "admin-password", admin: true)
            let configuration = await harness.configuration()
            harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            try await expectAnswer(in: room, harness)
            let first = try await Self.storedLogin(configuration, harness)
            let devices = Set(try await harness.server.devices(of: harness.botUser, as: admin))

            try await harness.server.deleteDevice(first.deviceID, of: harness.botUser, as: admin)
            // Said while the bot has no device: answered once it has a new one, and only once.
            let meanwhile = try await harness.alice.sendText("!about", to: room)
            #expect(await harness.logs.waitFor("logging in as a new device", timeout: .seconds(30)))
            #expect(await harness.logs.waitFor("Logged in to Matrix", count: 2, timeout: .seconds(30)))
            let second = try await Self.storedLogin(configuration, harness)
            #expect(second.deviceID != first.deviceID)
            try await harness.expectEachAnsweredOnce([meanwhile], in: room)
            let now = Set(try await harness.server.devices(of: harness.botUser, as: admin))
            #expect(now == devices.subtracting([first.deviceID]).union([second.deviceID]))
        }
    }

    /// The password changed and every device logged out: the configured password no longer
    /// works, so the adapter stops, and `/readyz` says why, instead of retrying for ever.
    @Test func aPasswordChangedWithAllDevicesLoggedOutStopsTheAdapterWithAClearError() async throws {
        try await withMatrixBot { harness in
            let admin = try await harness.server.registerUser(
                SynapseServer.uniqueLocalpart("admin"), password: "admin-password", admin: true)
            let configuration = await harness.configuration()
            let bot = harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            try await expectAnswer(in: room, harness)

            try await harness.server.resetPassword(of: harness.botUser, to: "another-password-9", as: admin)
            let started = ContinuousClock.now
            _ = try? await bot.task.value
            #expect(ContinuousClock.now - started < .seconds(30), "stops instead of retrying")
            #expect(harness.logs.text.contains("logging in as a new device"))
            let problem = try #require(await bot.adapter.status.readinessProblem())
            #expect(problem.contains("Matrix login as \(harness.botUser) refused: M_FORBIDDEN"), "\(problem)")
            #expect(!harness.logs.text.contains(harness.botPassword))
        }
    }
}
