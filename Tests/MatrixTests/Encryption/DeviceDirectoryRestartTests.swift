import Foundation
import Logging
import MatrixCrypto
import Synchronization
import Testing

@testable import Matrix

/// A user's devices that a sync said were out of date are asked for again before their next
/// use, even when the bot restarted in between: the sync position past that batch is stored, so
/// the homeserver does not say it again. A sync from no position (a forgotten one) puts every
/// known user's devices out of date.
@Suite struct DeviceDirectoryRestartTests {
    typealias Side = TwoDevicesTests.Side

    /// The bot's store (`bot`'s), alice's and bob's devices, and a `/keys/query` that answers
    /// with them and counts who it was asked for.
    struct World {
        let bot: Side
        let alice: Side
        let bob: Side
        let asked = QueryLog()
        let answer: CanonicalJSONValue

        /// A directory on the bot's store, as a start of the bot makes it.
        func directory() async throws -> DeviceDirectory {
            let pins = try await IdentityPins(
                state: bot.fixture.state, policy: .warn, logger: Logger(label: "test"), now: { Date() })
            return try await DeviceDirectory(state: bot.fixture.state, pins: pins, logger: Logger(label: "test"))
        }

        /// The devices `directory` gives for alice and bob, and the users it queried for them.
        func devices(_ directory: DeviceDirectory) async -> (devices: [String], queried: [String]) {
            asked.users.withLock { $0 = [] }
            let answer = answer
            let devices = await directory.devices(of: ["@alice:hs", "@bob:hs"]) { [asked] users in
                asked.users.withLock { $0 += users }
                return answer
            }
            return (devices.map(\.deviceID), asked.users.withLock { $0.sorted() })
        }
    }

    /// The users `/keys/query` was asked for.
    final class QueryLog: Sendable {
        let users = Mutex<[String]>([])
    }

    func withWorld(_ body: (World) async throws -> Void) async throws {
        let bot = try await Side(user: "@bot:hs", device: "BOT")
        let alice = try await Side(user: "@alice:hs", device: "ALICE")
        let bob = try await Side(user: "@bob:hs", device: "BOB")
        let sides = [bot, alice, bob]
        do {
            let answer: CanonicalJSONValue = [
                "device_keys": [
                    "@alice:hs": ["ALICE": try await alice.device.signedDeviceKeys()],
                    "@bob:hs": ["BOB": try await bob.device.signedDeviceKeys()],
                ]
            ]
            try await body(World(bot: bot, alice: alice, bob: bob, answer: answer))
        } catch {
            for side in sides { try? await side.fixture.close() }
            throw error
        }
        for side in sides { try await side.fixture.close() }
    }

    @Test func devicesMarkedChangedAreAskedForAgainAfterARestart() async throws {
        try await withWorld { world in
            let first = try await world.directory()
            let firstUse = await world.devices(first)
            #expect(firstUse.devices == ["ALICE", "BOB"])
            #expect(firstUse.queried == ["@alice:hs", "@bob:hs"])
            // Known and stored: a restart asks for nobody.
            #expect(await world.devices(try await world.directory()).queried == [])

            await first.markChanged(["@alice:hs", "@carol:hs"])
            // The restart comes before the bot's next use of alice's devices.
            let restarted = try await world.directory()
            let afterRestart = await world.devices(restarted)
            #expect(afterRestart.queried == ["@alice:hs"])
            #expect(afterRestart.devices == ["ALICE", "BOB"])
            // Asked for once: up to date again, in this run and the next.
            #expect(await world.devices(restarted).queried == [])
            #expect(await world.devices(try await world.directory()).queried == [])
        }
    }

    @Test func aSyncFromNoPositionPutsEveryKnownUserOutOfDate() async throws {
        try await withWorld { world in
            let first = try await world.directory()
            _ = await world.devices(first)
            await first.markAllOutdated()
            #expect(await world.devices(first).queried == ["@alice:hs", "@bob:hs"])

            await first.markAllOutdated()
            #expect(await world.devices(try await world.directory()).queried == ["@alice:hs", "@bob:hs"])
        }
    }

    @Test func aForgottenUserIsNoLongerOutOfDateAfterARestart() async throws {
        try await withWorld { world in
            let first = try await world.directory()
            _ = await world.devices(first)
            await first.markChanged(["@bob:hs"])
            await first.forget(["@bob:hs"])
            #expect(try await world.bot.fixture.state.loadAll(.outdatedDevices).isEmpty)
            // Bob left every shared room: asked for as a user first met, not as one out of date.
            let restarted = try await world.directory()
            #expect(await world.devices(restarted).queried == ["@bob:hs"])
        }
    }
}
