import Foundation
import Logging
import MatrixCrypto
import Testing

@testable import Matrix

/// The devices of several users come in the order of their addresses (user, then device id),
/// whatever order the users are asked in, after a user's devices change, and after a restart:
/// each user's devices are kept in order, so a room's sorted members need no sort per message.
@Suite struct DeviceDirectoryOrderTests {
    typealias Side = TwoDevicesTests.Side

    @Test func devicesComeInTheOrderOfTheirAddresses() async throws {
        let bot = try await Side(user: "@bot:hs", device: "BOT")
        var sides = [bot]
        do {
            func side(_ user: String, _ device: String) async throws -> Side {
                let made = try await Side(user: user, device: device)
                sides.append(made)
                return made
            }
            let aaron = try await side("@aaron:hs", "AARON")
            let zed = try await side("@alice:hs", "ZED")
            let alpha = try await side("@alice:hs", "ALPHA")
            let mid = try await side("@alice:hs", "MID")
            let bob = try await side("@bob:hs", "BOB")
            func answer(alice: [Side]) async throws -> CanonicalJSONValue {
                var listed: [String: CanonicalJSONValue] = [:]
                for side in alice { listed[side.device.deviceID] = try await side.device.signedDeviceKeys() }
                return [
                    "device_keys": [
                        "@aaron:hs": ["AARON": try await aaron.device.signedDeviceKeys()],
                        "@alice:hs": .object(listed),
                        "@bob:hs": ["BOB": try await bob.device.signedDeviceKeys()],
                    ]
                ]
            }
            func directory() async throws -> DeviceDirectory {
                let pins = try await IdentityPins(
                    state: bot.fixture.state, policy: .warn, logger: Logger(label: "test"), now: { Date() })
                return try await DeviceDirectory(state: bot.fixture.state, pins: pins, logger: Logger(label: "test"))
            }
            func ids(_ directory: DeviceDirectory, _ users: [String], _ answer: CanonicalJSONValue) async -> [String] {
                await directory.devices(of: users) { _ in answer }.map(\.deviceID)
            }
            let sorted = ["@aaron:hs", "@alice:hs", "@bob:hs"]
            let first = try await directory()
            let before = try await answer(alice: [zed, alpha])
            #expect(await ids(first, sorted, before) == ["AARON", "ALPHA", "ZED", "BOB"])
            #expect(await ids(first, sorted.reversed(), before) == ["AARON", "ALPHA", "ZED", "BOB"])
            #expect(await ids(first, ["@alice:hs", "@alice:hs"], before) == ["ALPHA", "ALPHA", "ZED", "ZED"])

            // Alice's devices change: her new list, in order, in its place.
            await first.markChanged(["@alice:hs"])
            let after = try await answer(alice: [zed, mid])
            #expect(await ids(first, sorted, after) == ["AARON", "MID", "ZED", "BOB"])
            // Read back from the store by a restart, in the same order.
            #expect(await ids(try await directory(), sorted, after) == ["AARON", "MID", "ZED", "BOB"])
        } catch {
            for side in sides { try? await side.fixture.close() }
            throw error
        }
        for side in sides { try await side.fixture.close() }
    }
}
