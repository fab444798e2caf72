import Foundation
import Logging
import MatrixCrypto
import Testing

@testable import Matrix

/// Forwarded room keys are taken only for a session the bot asked for, from the user it asked,
/// naming one of that user's devices as the creator, and sent by the creator itself or by a
/// device of that user its owner verified (cross-signed).
@Suite struct ForwardedKeyTrustTests {
    typealias Side = TwoDevicesTests.Side

    let room = "!room:hs"
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    struct World {
        let laptop: Side
        let phone: Side
        let mallory: Side
        let requests = RoomKeyRequests()
        let directory: DeviceDirectory
        let query: @Sendable ([String]) async throws -> CanonicalJSONValue

        var trust: ForwardedKeyTrust { ForwardedKeyTrust(requests: requests, directory: directory, query: query) }
    }

    /// Alice's laptop and phone (the phone cross-signed when `phoneVerified`), mallory, and the
    /// bot's directory answering `/keys/query` with them.
    func withWorld(phoneVerified: Bool, _ body: (World) async throws -> Void) async throws {
        let laptop = try await Side(user: "@alice:hs", device: "LAPTOP")
        let phone = try await Side(user: "@alice:hs", device: "PHONE")
        let mallory = try await Side(user: "@mallory:hs", device: "MALLORY")
        let sides = [laptop, phone, mallory]
        do {
            let keys = CrossSigningKeySet.generate()
            let objects = try keys.publishedObjects(userID: "@alice:hs")
            var phoneKeys = try await phone.device.signedDeviceKeys()
            if phoneVerified { phoneKeys = try keys[.selfSigning].sign(phoneKeys, userID: "@alice:hs") }
            let answer: CanonicalJSONValue = [
                "device_keys": [
                    "@alice:hs": ["LAPTOP": try await laptop.device.signedDeviceKeys(), "PHONE": phoneKeys],
                    "@mallory:hs": ["MALLORY": try await mallory.device.signedDeviceKeys()],
                ],
                "master_keys": ["@alice:hs": objects["master_key"]!],
                "self_signing_keys": ["@alice:hs": objects["self_signing_key"]!],
            ]
            let pins = try await IdentityPins(
                state: laptop.fixture.state, policy: .warn, logger: Logger(label: "test"), now: { Date() })
            let directory = try await DeviceDirectory(
                state: laptop.fixture.state, pins: pins, logger: Logger(label: "test"))
            try await body(
                World(laptop: laptop, phone: phone, mallory: mallory, directory: directory, query: { _ in answer }))
        } catch {
            for side in sides { try? await side.fixture.close() }
            throw error
        }
        for side in sides { try await side.fixture.close() }
    }

    /// A forwarded key of `outbound` naming `creator`, as the device `from` sent it over Olm.
    func forwarded(
        _ outbound: MegolmOutboundSession, creator: Side, from: Side, chain: [String] = []
    ) throws
        -> (ReceivedRoomKey, MatrixDevice.OlmPayload)
    {
        let export = try MegolmInboundSession(sessionKey: outbound.sessionKey).exportAtFirstKnownIndex()
        let payload = MatrixDevice.OlmPayload(
            type: RoomKeys.forwardedRoomKeyType,
            content: [
                "algorithm": .string(RoomKeys.megolmAlgorithm), "room_id": .string(room),
                "session_id": .string(outbound.sessionID), "session_key": .string(export.base64),
                "sender_key": .string(creator.device.identityKeys.curve25519),
                "sender_claimed_ed25519_key": .string(creator.device.identityKeys.ed25519),
                "forwarding_curve25519_key_chain": .array(chain.map { .string($0) }),
            ], senderKey: from.device.identityKeys.curve25519, claimedEd25519: from.device.identityKeys.ed25519)
        return (try ReceivedRoomKey(payload), payload)
    }

    @Test func aKeyTheBotDidNotAskForIsRefusedEvenFromItsCreator() async throws {
        try await withWorld(phoneVerified: true) { world in
            let outbound = MegolmOutboundSession()
            let (key, payload) = try forwarded(outbound, creator: world.laptop, from: world.laptop)
            #expect(await world.trust.refusal(of: key, payload: payload, from: "@alice:hs", now: now) == .notRequested)
            await world.requests.asked(
                roomID: room, sessionID: outbound.sessionID, userID: "@alice:hs",
                senderKey: world.laptop.device.identityKeys.curve25519, now: now)
            #expect(await world.trust.refusal(of: key, payload: payload, from: "@alice:hs", now: now) == nil)
            #expect(
                await world.trust.refusal(
                    of: key, payload: payload, from: "@alice:hs", now: now + RoomKeyRequests.maximumAge + 1)
                    == .notRequested, "a request expires")
        }
    }

    @Test func aKeyFromAnotherUserOrNamingAnotherCreatorIsRefused() async throws {
        try await withWorld(phoneVerified: true) { world in
            let outbound = MegolmOutboundSession()
            await world.requests.asked(
                roomID: room, sessionID: outbound.sessionID, userID: "@alice:hs",
                senderKey: world.laptop.device.identityKeys.curve25519, now: now)
            // Mallory names herself as the creator of alice's session id (a forged export would do).
            let (own, ownPayload) = try forwarded(outbound, creator: world.mallory, from: world.mallory)
            #expect(
                await world.trust.refusal(of: own, payload: ownPayload, from: "@mallory:hs", now: now) == .notRequested)
            // Mallory relays a key naming alice's laptop.
            let (relayed, relayedPayload) = try forwarded(outbound, creator: world.laptop, from: world.mallory)
            #expect(
                await world.trust.refusal(of: relayed, payload: relayedPayload, from: "@mallory:hs", now: now)
                    == .notRequested)
            // Alice's phone names itself, but the event named the laptop.
            let (phone, phonePayload) = try forwarded(outbound, creator: world.phone, from: world.phone)
            #expect(
                await world.trust.refusal(of: phone, payload: phonePayload, from: "@alice:hs", now: now)
                    == .notRequested)
        }
    }

    @Test func aKeyWithoutTheEventsSenderKeyMustNameOneOfTheSendersDevices() async throws {
        try await withWorld(phoneVerified: true) { world in
            let outbound = MegolmOutboundSession()
            await world.requests.asked(
                roomID: room, sessionID: outbound.sessionID, userID: "@alice:hs", senderKey: nil, now: now)
            let (key, payload) = try forwarded(outbound, creator: world.mallory, from: world.laptop)
            #expect(
                await world.trust.refusal(of: key, payload: payload, from: "@alice:hs", now: now) == .unknownCreator)
            let (laptop, laptopPayload) = try forwarded(outbound, creator: world.laptop, from: world.laptop)
            #expect(await world.trust.refusal(of: laptop, payload: laptopPayload, from: "@alice:hs", now: now) == nil)
        }
    }

    @Test(arguments: [false, true])
    func anotherDeviceOfTheSenderForwardsOnlyWhenVerified(phoneVerified: Bool) async throws {
        try await withWorld(phoneVerified: phoneVerified) { world in
            let outbound = MegolmOutboundSession()
            await world.requests.asked(
                roomID: room, sessionID: outbound.sessionID, userID: "@alice:hs",
                senderKey: world.laptop.device.identityKeys.curve25519, now: now)
            let (key, payload) = try forwarded(outbound, creator: world.laptop, from: world.phone)
            #expect(
                await world.trust.refusal(of: key, payload: payload, from: "@alice:hs", now: now)
                    == (phoneVerified ? nil : .untrustedForwarder))
            // A chain through a device that is not the sender's is refused however verified the phone.
            let (chained, chainedPayload) = try forwarded(
                outbound, creator: world.laptop, from: world.phone,
                chain: [world.mallory.device.identityKeys.curve25519])
            #expect(
                await world.trust.refusal(of: chained, payload: chainedPayload, from: "@alice:hs", now: now)
                    == .untrustedForwarder)
        }
    }
}
