import Foundation
import Logging
import MatrixCrypto
import Testing

@testable import Matrix

/// What the directory lists. The devices of several users come in the order of their addresses
/// (user, then device id), whatever order the users are asked in, after a user's devices change,
/// and after a restart: each user's devices are kept in order, so a room's sorted members need no
/// sort per message. A device whose identity keys changed is not listed.
@Suite struct DeviceDirectoryListingTests {
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

    /// A device id keeps its identity keys: a listing that gives it others leaves it out (an
    /// attack or a bug), and the user's other devices stay.
    @Test func aDeviceWhoseIdentityKeysChangedIsLeftOut() async throws {
        let bot = try await Side(user: "@bot:hs", device: "BOT")
        let phone = try await Side(user: "@alice:hs", device: "PHONE")
        let tablet = try await Side(user: "@alice:hs", device: "TABLET")
        let impostor = try await Side(user: "@alice:hs", device: "PHONE")
        let sides = [bot, phone, tablet, impostor]
        do {
            let pins = try await IdentityPins(
                state: bot.fixture.state, policy: .warn, logger: Logger(label: "test"), now: { Date() })
            let directory = try await DeviceDirectory(
                state: bot.fixture.state, pins: pins, logger: Logger(label: "test"))
            func listing(_ listed: [Side]) async throws -> CanonicalJSONValue {
                var devices: [String: CanonicalJSONValue] = [:]
                for side in listed { devices[side.device.deviceID] = try await side.device.signedDeviceKeys() }
                return ["device_keys": ["@alice:hs": .object(devices)]]
            }
            let first = try await listing([phone, tablet])
            let before = await directory.devices(of: ["@alice:hs"]) { _ in first }
            #expect(
                before.map(\.curve25519) == [
                    phone.device.identityKeys.curve25519, tablet.device.identityKeys.curve25519,
                ])
            await directory.markChanged(["@alice:hs"])
            let second = try await listing([impostor, tablet])
            let after = await directory.devices(of: ["@alice:hs"]) { _ in second }
            #expect(after.map(\.deviceID) == ["TABLET"])
            #expect(await directory.device(of: "@alice:hs", curve25519: impostor.device.identityKeys.curve25519) == nil)
        } catch {
            for side in sides { try? await side.fixture.close() }
            throw error
        }
        for side in sides { try await side.fixture.close() }
    }
}
