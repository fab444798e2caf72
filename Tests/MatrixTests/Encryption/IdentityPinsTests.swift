import Foundation
import GiphyStandIn
import MatrixCrypto
import Testing

@testable import Matrix

/// Item 6 of the hardening issue: the first cross-signing identity (master key) seen for a user
/// is pinned; a change is logged and listed under `/readyz`, and under `block` the bot shares no
/// room key with the user until an operator accepts the new identity (`IdentityReview`, what
/// `gifbot matrix accept-identity` runs), read back by the running bot without a restart.
@Suite struct IdentityPinsTests {
    static let room = "!pins:hs"
    static let alice = "@alice:hs"

    @Test func theFirstMasterKeyIsPinnedAndAnotherOneFollowsThePolicy() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        guard case .pinned(let first) = PinnedIdentity.observe("K1", pinned: nil, policy: .block, now: now) else {
            Issue.record("the first key seen must be pinned")
            return
        }
        #expect(first.masterKey == "K1" && first.changedAt == nil && !first.isShown(now: now))
        #expect(PinnedIdentity.observe("K1", pinned: first, policy: .block, now: now) == .unchanged)
        #expect(PinnedIdentity.observe(nil, pinned: first, policy: .block, now: now) == .unchanged)

        guard case .changed(let warned) = PinnedIdentity.observe("K2", pinned: first, policy: .warn, now: now) else {
            Issue.record("under warn, another key is a change")
            return
        }
        #expect(warned.masterKey == "K2" && warned.replaced == "K1" && !warned.isWithholding)
        #expect(warned.isShown(now: now.addingTimeInterval(PinnedIdentity.warningPeriod - 1)))
        #expect(!warned.isShown(now: now.addingTimeInterval(PinnedIdentity.warningPeriod + 1)))

        guard case .changed(let blocked) = PinnedIdentity.observe("K2", pinned: first, policy: .block, now: now) else {
            Issue.record("under block, another key is a change")
            return
        }
        #expect(blocked.masterKey == "K1" && blocked.unaccepted == "K2" && blocked.isWithholding)
        #expect(blocked.isShown(now: now.addingTimeInterval(PinnedIdentity.warningPeriod * 10)), "until accepted")
        #expect(PinnedIdentity.observe("K2", pinned: blocked, policy: .block, now: now) == .unchanged)
        guard case .reverted(let back) = PinnedIdentity.observe("K1", pinned: blocked, policy: .block, now: now) else {
            Issue.record("going back to the pinned key ends the wait")
            return
        }
        #expect(back.masterKey == "K1" && !back.isWithholding)

        var accepted = blocked
        accepted.accept()
        #expect(accepted.masterKey == "K2" && accepted.replaced == "K1" && !accepted.isWithholding)
        #expect(!accepted.isShown(now: now))
    }

    /// Alice's device and the cross-signing identity that signed it, as `/keys/query` shows them.
    struct Alice {
        let device: MatrixDevice
        var identity = CrossSigningKeySet.generate()

        func publish(on standIn: EncryptionStandIn) async throws {
            let objects = try identity.publishedObjects(userID: IdentityPinsTests.alice)
            let signed = try identity[.selfSigning].sign(
                try await device.signedDeviceKeys(), userID: IdentityPinsTests.alice)
            try standIn.answer(
                "/_matrix/client/v3/keys/query",
                [
                    "device_keys": [IdentityPinsTests.alice: ["ALICE": signed]],
                    "master_keys": [IdentityPinsTests.alice: objects["master_key"]!],
                    "self_signing_keys": [IdentityPinsTests.alice: objects["self_signing_key"]!],
                ])
        }
    }

    /// A room of alice and the bot, alice's one-time key ready to claim, to-device sends accepted.
    func prepare(_ standIn: EncryptionStandIn) async throws -> Alice {
        let device = try await standIn.peer(Self.alice, device: "ALICE")
        let uploads = MatrixDeviceTests.Uploads()
        try await device.publishKeys(.init(), upload: uploads.upload)
        let oneTimeKeys = try #require(uploads.last?["one_time_keys"]?.objectValue)
        try standIn.answer(
            "/_matrix/client/v3/keys/claim",
            ["one_time_keys": [Self.alice: ["ALICE": .object(oneTimeKeys)]]])
        let roomPath = EncryptionStandIn.roomPath(Self.room)
        try standIn.answer(
            roomPath + "/joined_members", ["joined": [Self.alice: [:], "@bot:hs": [:]]])
        try standIn.answer(roomPath + "/members", ["chunk": []])
        try standIn.answer(roomPath + "/state/m.room.history_visibility/", ["history_visibility": "shared"])
        try standIn.answer(roomPath + "/state/m.room.encryption/", ["algorithm": "m.megolm.v1.aes-sha2"])
        standIn.server.override(pathsUnder: "/_matrix/client/v3/sendToDevice/", with: StandInResponse(json: "{}"))
        let alice = Alice(device: device)
        try await alice.publish(on: standIn)
        return alice
    }

    /// The to-device events of `type` the bot has sent alice's device so far.
    func sentToAlice(_ standIn: EncryptionStandIn, type: String) throws -> [CanonicalJSONValue] {
        try standIn.server.requests.filter {
            $0.method == "PUT" && $0.path.hasPrefix("/_matrix/client/v3/sendToDevice/\(type)/")
        }.compactMap { request in
            try CanonicalJSON.parse(request.body)["messages"]?[Self.alice]?["ALICE"]
        }
    }

    /// The bot encrypts a message in the room; alice's keys are queried again first when
    /// `changed` (as after `device_lists.changed`).
    func botSpeaks(_ bot: EncryptionStandIn.Bot, afterChange changed: Bool = false) async throws {
        if changed { await bot.encryption.directory.markChanged([Self.alice]) }
        _ = try await bot.encryption.outbound.encrypt(
            ["msgtype": "m.text", "body": "a GIF"], type: "m.room.message", in: Self.room)
    }

    @Test func underWarnANewIdentityIsTrustedLoggedAndShownUntilAcknowledged() async throws {
        try await EncryptionStandIn.with { standIn in
            var alice = try await prepare(standIn)
            let bot = try await standIn.bot(identityChange: .warn)
            let pins = bot.encryption.directory.pins
            try await botSpeaks(bot)
            #expect(try sentToAlice(standIn, type: RoomKeys.encryptedType).count == 1)
            #expect(await pins.readinessWarning() == nil, "a first identity is no change")

            alice.identity = CrossSigningKeySet.generate()
            try await alice.publish(on: standIn)
            try await botSpeaks(bot, afterChange: true)
            // Her device, now signed by the new identity, keeps the session it has: nothing rotates.
            #expect(try sentToAlice(standIn, type: RoomKeys.encryptedType).count == 1)
            #expect(try sentToAlice(standIn, type: RoomKeys.withheldType).isEmpty)
            let warning = try #require(await pins.readinessWarning())
            #expect(warning.contains("new identity trusted for 1 user (@alice:hs)"))
            #expect(standIn.logs.text.contains("A user's cross-signing identity changed: the new one is trusted"))

            let review = IdentityReview(state: standIn.fixture.state)
            #expect(try await review.changes(now: standIn.clock.now).map(\.user) == [Self.alice])
            guard case .acknowledged = try await review.accept(Self.alice) else {
                Issue.record("an accepted change is acknowledged")
                return
            }
            #expect(await pins.readinessWarning() == nil, "read back from the store at once")
            #expect(try await review.accept(Self.alice) == .nothingToAccept)
            #expect(try await review.accept("@nobody:hs") == .unknownUser)
        }
    }

    @Test func underBlockTheChangedUserGetsNoRoomKeyUntilAnOperatorAcceptsIt() async throws {
        try await EncryptionStandIn.with { standIn in
            var alice = try await prepare(standIn)
            let bot = try await standIn.bot(identityChange: .block)
            let pins = bot.encryption.directory.pins
            try await botSpeaks(bot)
            #expect(try sentToAlice(standIn, type: RoomKeys.encryptedType).count == 1)

            let first = alice.identity[.master].publicKey
            alice.identity = CrossSigningKeySet.generate()
            try await alice.publish(on: standIn)
            try await botSpeaks(bot, afterChange: true)
            #expect(try sentToAlice(standIn, type: RoomKeys.encryptedType).count == 1, "no key for the new identity")
            let withheld = try sentToAlice(standIn, type: RoomKeys.withheldType)
            #expect(withheld.count == 1)
            #expect(withheld.first?["code"]?.stringValue == "m.unverified")
            #expect(withheld.first?["reason"]?.stringValue?.contains("identity changed") == true)
            let warning = try #require(await pins.readinessWarning())
            #expect(warning.contains("room keys withheld from 1 user (@alice:hs)"))
            #expect(standIn.logs.text.contains("room keys are withheld from them until an operator accepts it"))
            // Nor after a restart: the change is stored.
            let restarted = try await standIn.bot(identityChange: .block)
            #expect(await restarted.encryption.directory.pins.withheld(among: [Self.alice]) == [Self.alice])

            let review = IdentityReview(state: standIn.fixture.state)
            let listed = try await review.changes(now: standIn.clock.now)
            #expect(listed.map(\.user) == [Self.alice])
            #expect(listed.first?.identity.masterKey == first)
            #expect(listed.first?.identity.unaccepted == alice.identity[.master].publicKey)
            guard case .accepted(let identity) = try await review.accept(Self.alice) else {
                Issue.record("a waiting identity is accepted")
                return
            }
            #expect(identity.masterKey == alice.identity[.master].publicKey)

            // The running bot reads the acceptance back: the next message's key reaches her.
            try await botSpeaks(bot)
            #expect(try sentToAlice(standIn, type: RoomKeys.encryptedType).count == 2)
            #expect(await pins.readinessWarning() == nil)
        }
    }

    /// An operator who switches from `block` to `warn` leaves no one waiting.
    @Test func aChangeLeftWaitingUnderBlockIsTrustedOnceThePolicyIsWarn() async throws {
        try await EncryptionStandIn.with { standIn in
            var alice = try await prepare(standIn)
            let bot = try await standIn.bot(identityChange: .block)
            try await botSpeaks(bot)
            alice.identity = CrossSigningKeySet.generate()
            try await alice.publish(on: standIn)
            try await botSpeaks(bot, afterChange: true)
            #expect(await bot.encryption.directory.pins.withheld(among: [Self.alice]) == [Self.alice])

            let warned = try await standIn.bot(identityChange: .warn)
            #expect(await warned.encryption.directory.pins.withheld(among: [Self.alice]).isEmpty)
            let warning = try #require(await warned.encryption.directory.pins.readinessWarning())
            #expect(warning.contains("new identity trusted for 1 user"))
        }
    }
}
