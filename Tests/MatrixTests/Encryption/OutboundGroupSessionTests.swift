import Foundation
import MatrixCrypto
import Testing

@testable import Matrix

/// When the bot's room session must give way to a new one: after the room's count of messages or
/// its period, and as soon as a device it was shared with is no longer a member's eligible
/// device with the same key. New devices alone only get the key.
@Suite struct OutboundGroupSessionTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func device(_ user: String, _ id: String, key: String? = nil) -> DeviceInfo {
        DeviceInfo(
            userID: user, deviceID: id, curve25519: key ?? "curve-\(user)-\(id)", ed25519: "ed-\(user)-\(id)",
            isCrossSigned: true)
    }

    /// A session shared with `devices`.
    func session(
        sharedWith devices: [DeviceInfo], rotation: OutboundGroupSession.Rotation = .init()
    )
        -> OutboundGroupSession
    {
        var session = OutboundGroupSession(session: MegolmOutboundSession(), rotation: rotation, now: start)
        for device in devices {
            session.sharedWith[device.address] = .init(userID: device.userID, curve25519: device.curve25519)
        }
        return session
    }

    @Test func aSessionSharedWithNobodyLastsWhateverTheRoomIs() {
        let fresh = session(sharedWith: [])
        #expect(!fresh.isExpired(now: start, eligible: [device("@a:hs", "A")], members: []))
    }

    @Test func theRoomsCountOfMessagesAndPeriodEndIt() {
        var rotation = OutboundGroupSession.Rotation()
        rotation.messages = 3
        rotation.period = 3600
        let alice = device("@alice:hs", "PHONE")
        var record = session(sharedWith: [alice], rotation: rotation)
        record.messageCount = 2
        #expect(!record.isExpired(now: start + 3599, eligible: [alice], members: ["@alice:hs"]))
        #expect(record.isExpired(now: start + 3600, eligible: [alice], members: ["@alice:hs"]), "the period")
        record.messageCount = 3
        #expect(record.isExpired(now: start, eligible: [alice], members: ["@alice:hs"]), "the count")
    }

    @Test func aNewDeviceOrMemberAloneDoesNotEndIt() {
        let alice = device("@alice:hs", "PHONE")
        let record = session(sharedWith: [alice])
        let eligible = [alice, device("@alice:hs", "LAPTOP"), device("@bob:hs", "BOB")]
        #expect(!record.isExpired(now: start, eligible: eligible, members: ["@alice:hs", "@bob:hs"]))
    }

    @Test func aMemberWhoLeftEndsIt() {
        let alice = device("@alice:hs", "PHONE"), bob = device("@bob:hs", "BOB")
        let record = session(sharedWith: [alice, bob])
        #expect(record.isExpired(now: start, eligible: [alice, bob], members: ["@alice:hs"]))
    }

    @Test func aDeviceThatWentAwayOrIsNoLongerEligibleEndsIt() {
        let phone = device("@alice:hs", "PHONE"), laptop = device("@alice:hs", "LAPTOP")
        let record = session(sharedWith: [phone, laptop])
        #expect(record.isExpired(now: start, eligible: [phone], members: ["@alice:hs"]))
        // The same device twice stands for no other.
        #expect(record.isExpired(now: start, eligible: [phone, phone], members: ["@alice:hs"]))
    }

    @Test func aDeviceWhoseKeyChangedEndsIt() {
        let phone = device("@alice:hs", "PHONE")
        let record = session(sharedWith: [phone])
        let rekeyed = device("@alice:hs", "PHONE", key: "another-curve-key")
        #expect(record.isExpired(now: start, eligible: [rekeyed], members: ["@alice:hs"]))
    }

    @Test func theRoomsRotationSettingsAreBounded() {
        func rotation(_ content: JSONValue) -> OutboundGroupSession.Rotation { .init(encryptionState: content) }
        let defaults = OutboundGroupSession.Rotation()
        #expect(defaults.period == 7 * 24 * 3600 && defaults.messages == 100)
        let chosen = rotation(["rotation_period_ms": .number(2 * 3600 * 1000), "rotation_period_msgs": .number(10)])
        #expect(chosen.period == 2 * 3600 && chosen.messages == 10)
        let extreme = rotation(["rotation_period_ms": .number(1), "rotation_period_msgs": .number(1_000_000)])
        #expect(extreme.period == 3600 && extreme.messages == 10_000, "at least an hour, at most 10,000 messages")
        let long = rotation(["rotation_period_ms": .number(30 * 24 * 3600 * 1000)])
        #expect(long.period == 7 * 24 * 3600, "at most a week")
        let nonsense = rotation(["rotation_period_ms": .number(-5), "rotation_period_msgs": .string("many")])
        #expect(nonsense == defaults)
    }
}
