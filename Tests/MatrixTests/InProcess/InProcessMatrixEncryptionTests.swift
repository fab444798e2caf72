import Foundation
import GifBotCore
import GiphyStandIn
import MatrixCrypto
import MatrixState
import Synchronization
import Testing

@testable import Matrix

/// The bot in encrypted rooms on the in-process homeserver, against an in-process encrypting
/// device of alice's: room keys shared with her device, commands opened, late keys, encrypted
/// media. (Real peers, cross-signing and Element's key policy stay with the Synapse suites.)
@Suite(.timeLimit(.minutes(1))) struct InProcessMatrixEncryptionTests {
    /// Encryption on, keys shared with every device (the test's peer is not cross-signed).
    static func encrypting(_ harness: InProcessMatrixBot) -> MatrixConfiguration {
        var configuration = harness.configuration()
        configuration.encryption = MatrixEncryptionConfiguration(
            shareKeysWith: .all, storeKey: MatrixStoreKey(secret: "the in-process store key"))
        return configuration
    }

    /// A running encrypting bot, alice's device, an encrypted room with both in it, and the
    /// bot's device.
    static func encryptedRoom(_ harness: InProcessMatrixBot) async throws -> (InProcessPeer, String, String) {
        let alice = try await InProcessPeer.start(harness.alice, device: "ALICEPHONE", on: harness.homeserver)
        harness.start(encrypting(harness))
        let room = try await harness.roomWithBot(encrypted: true)
        let botDevice = try #require(try await harness.homeserver.waitForDeviceKeys(of: harness.botUser).first)
        return (alice, room, botDevice)
    }

    @Test func anEncryptedCommandIsAnsweredEncryptedAndTheAskersDeviceCanReadIt() async throws {
        try await withInProcessMatrixBot { harness in
            let (alice, room, botDevice) = try await Self.encryptedRoom(harness)
            try await alice.shareRoomKey(in: room, with: harness.botUser, device: botDevice)
            let command = try await alice.say("!about", in: room)
            let answer = try await harness.answer(to: command.eventID, in: room)
            #expect(answer.type == "m.room.encrypted", "nothing in the clear")
            #expect(answer.body == nil)
            let opened = try await alice.open(answer)
            #expect(opened["type"]?.string == "m.room.message")
            #expect(opened["room_id"]?.string == room)
            #expect(opened["content"]?["body"]?.string?.isEmpty == false)
            #expect(opened["content"]?["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.string == command.eventID)
        }
    }

    /// A room's Megolm session lives in memory only: its messages write nothing of it, and a
    /// restarted bot never continues it (a ratchet a power cut rolled back would encrypt two
    /// messages under one key), but starts a new one and shares it again.
    @Test func aRoomsSessionIsNeverStoredAndARestartedBotStartsANewOne() async throws {
        try await withInProcessMatrixBot { harness in
            let alice = try await InProcessPeer.start(harness.alice, device: "ALICEPHONE", on: harness.homeserver)
            let first = harness.start(Self.encrypting(harness))
            let room = try await harness.roomWithBot(encrypted: true)
            let botDevice = try #require(try await harness.homeserver.waitForDeviceKeys(of: harness.botUser).first)
            try await alice.shareRoomKey(in: room, with: harness.botUser, device: botDevice)
            var sessions: [String] = []
            for _ in 0..<3 {
                let command = try await alice.say("!about", in: room)
                let answer = try await harness.answer(to: command.eventID, in: room)
                #expect(try await alice.open(answer)["type"]?.string == "m.room.message")
                sessions.append(answer.content["session_id"]?.string ?? "")
            }
            #expect(Set(sessions).count == 1 && sessions[0] != "", "one session for the three: \(sessions)")
            let sessionWrites = harness.state.cryptoWrites.withLock {
                $0.filter { $0.kinds.contains { $0.hasPrefix("megolm_outbound") } }
            }
            #expect(sessionWrites.isEmpty, "nothing of the session is written: \(sessionWrites)")

            await first.stop()
            harness.start(Self.encrypting(harness))
            let command = try await alice.say("!about", in: room)
            let answer = try await harness.answer(to: command.eventID, in: room)
            #expect(answer.content["session_id"]?.string != sessions[0], "a new session after the restart")
            #expect(
                try await alice.open(answer)["content"]?["body"]?.string?.isEmpty == false,
                "its key went to alice's device")
        }
    }

    @Test func aCommandWhoseKeyComesLateIsAnsweredWhenItComesAndOnlyThen() async throws {
        try await withInProcessMatrixBot { harness in
            let (alice, room, botDevice) = try await Self.encryptedRoom(harness)
            let command = try await alice.say("!about", in: room)
            // The bot asks alice's devices for the missing key; it has not answered meanwhile.
            let request = try await harness.homeserver.waitForToDevice(
                "m.room_key_request", to: alice.deviceID, of: harness.alice)
            #expect(request["content"]?["action"]?.string == "request")
            #expect(await harness.answers(to: command.eventID, in: room).isEmpty)

            try await alice.shareRoomKey(in: room, with: harness.botUser, device: botDevice)
            let answer = try await harness.answer(to: command.eventID, in: room)
            #expect(try await alice.open(answer)["content"]?["body"]?.string?.isEmpty == false)
            let marker = try await alice.say("!about", in: room)
            _ = try await harness.answer(to: marker.eventID, in: room)
            #expect(await harness.answers(to: command.eventID, in: room).count == 1, "answered once")
        }
    }

    @Test func aGIFInAnEncryptedRoomIsUploadedEncryptedAndItsKeyTravelsInTheEvent() async throws {
        try await withInProcessMatrixBot { harness in
            let (alice, room, botDevice) = try await Self.encryptedRoom(harness)
            try await alice.shareRoomKey(in: room, with: harness.botUser, device: botDevice)
            let command = try await alice.say("!gif cat", in: room)
            let content = try await alice.open(try await harness.answer(to: command.eventID, in: room))["content"]
            #expect(content?["msgtype"]?.string == "m.image")
            #expect(content?["url"] == nil, "the clear-text url is for plain rooms")
            let file = try #require(content?["file"])
            let uploaded = try #require(await harness.homeserver.download(file["url"]?.string ?? ""))
            #expect(uploaded.count == 30_000)
            #expect(!uploaded.starts(with: Array("GIF8".utf8)), "the homeserver holds ciphertext")
            #expect(file["key"]?["alg"]?.string == "A256CTR")
            #expect(file["hashes"]?["sha256"]?.string?.isEmpty == false)
            // Encrypted where the download lay: what alice's device decrypts is the GIF.
            let opened = try AttachmentCipher.decrypt(
                uploaded, file: try EncryptedFile(jsonBytes: Array(try JSONEncoder().encode(file))))
            #expect(opened.count == 30_000 && opened.starts(with: Array("GIF8".utf8)))
            // The GIF's upload and its thumbnail's are remembered in one write, unsynced: a record
            // a power cut takes costs an upload again.
            #expect(content?["info"]?["thumbnail_file"]?["url"]?.string?.isEmpty == false)
            let uploadWrites = harness.state.cryptoWrites.withLock {
                $0.filter { $0.kinds.contains("encrypted_upload") }
            }
            #expect(
                uploadWrites == [.init(kinds: ["encrypted_upload", "encrypted_upload"], durability: .unsynced)],
                "\(uploadWrites)")
            let uploadReads = { harness.state.cryptoNamedReads.withLock { $0["encrypted_upload"] ?? 0 } }
            #expect(uploadReads() == 0, "never uploaded (`RecordedUploads`): not looked up")

            // The same GIF again (a search with one result) is found in one read, not uploaded again.
            harness.standIn.override(
                "/v1/gifs/search", with: MatrixBotHarness.catSearch(harness.standIn, ids: ["catgif1"]))
            let uploads = await harness.homeserver.requests(containing: "/media/v3/upload").count
            let again = try await alice.say("!gif kitten", in: room)
            let second = try await alice.open(try await harness.answer(to: again.eventID, in: room))["content"]
            #expect(second?["file"]?["url"] == file["url"])
            #expect(await harness.homeserver.requests(containing: "/media/v3/upload").count == uploads)
            #expect(uploadReads() == 1)
        }
    }

    /// In an encrypted room too the thumbnail is fetched while the GIF still downloads, and
    /// both are encrypted: the GIF's answer is held, the thumbnail's request comes before.
    @Test func anEncryptedThumbnailIsFetchedBesideTheGIF() async throws {
        try await withInProcessMatrixBot { harness in
            let held = harness.holdingTheGIF(for: .seconds(2))
            let (alice, room, botDevice) = try await Self.encryptedRoom(harness)
            try await alice.shareRoomKey(in: room, with: harness.botUser, device: botDevice)
            let command = try await alice.say("!gif cat", in: room)
            let content = try await alice.open(try await harness.answer(to: command.eventID, in: room))["content"]
            let thumbnail = try #require(content?["info"]?["thumbnail_file"])
            let uploaded = try #require(await harness.homeserver.download(thumbnail["url"]?.string ?? ""))
            let opened = try AttachmentCipher.decrypt(
                uploaded, file: try EncryptedFile(jsonBytes: Array(try JSONEncoder().encode(thumbnail))))
            #expect(opened == TestGIF.bytes(forMediaPath: held.thumbnail), "the smallest rendition")
            #expect(harness.thumbnailWasAskedFor(whileHolding: held))
        }
    }

    /// The first room key to several new devices starts an Olm session with each and stores them
    /// all in one synced write, before the key is sent; each device opens the answer.
    @Test func aRoomKeyToNewDevicesStoresTheirSessionsInOneWrite() async throws {
        try await withInProcessMatrixBot { harness in
            let (alice, room, botDevice) = try await Self.encryptedRoom(harness)
            var others: [InProcessPeer] = []
            for name in ["ALICELAPTOP", "ALICETABLET"] {
                others.append(try await InProcessPeer.start(harness.alice, device: name, on: harness.homeserver))
            }
            try await alice.shareRoomKey(in: room, with: harness.botUser, device: botDevice)
            let sessionWrites = {
                harness.state.cryptoWrites.withLock { $0.filter { $0.kinds.allSatisfy { $0 == "olm_session" } } }
            }
            #expect(sessionWrites().isEmpty)
            let command = try await alice.say("!about", in: room)
            let answer = try await harness.answer(to: command.eventID, in: room)
            #expect(
                sessionWrites() == [.init(kinds: Array(repeating: "olm_session", count: 3), durability: .synced)],
                "\(sessionWrites())")
            for peer in [alice] + others {
                #expect(try await peer.open(answer)["content"]?["body"]?.string?.isEmpty == false)
            }
        }
    }

    /// Encrypted uploads' records wait as plain ones do (`PendingUploadRecords`): the first are
    /// written at once, the next wait out the interval, are found while they wait, and are
    /// written as the adapter stops.
    @Test func encryptedUploadsWithinTheIntervalAreFoundWhileTheyWaitAndRecordedTogether() async throws {
        try await withInProcessMatrixBot { harness in
            let alice = try await InProcessPeer.start(harness.alice, device: "ALICEPHONE", on: harness.homeserver)
            var configuration = Self.encrypting(harness)
            configuration.timing.bookkeepingInterval = .seconds(3600)
            // A long poll: every answer brings something from others, none comes back empty.
            configuration.timing.syncTimeout = .seconds(50)
            let running = harness.start(configuration)
            let room = try await harness.roomWithBot(encrypted: true)
            let botDevice = try #require(try await harness.homeserver.waitForDeviceKeys(of: harness.botUser).first)
            try await harness.homeserver.waitUntilSyncing(harness.botUser, leavingOutOwnEvents: true)
            try await alice.shareRoomKey(in: room, with: harness.botUser, device: botDevice)
            let recordWrites = {
                harness.state.cryptoWrites.withLock { $0.filter { $0.kinds.contains("encrypted_upload") } }
            }
            let answer = { (text: String) async throws -> JSONValue? in
                let command = try await alice.say(text, in: room)
                return try await alice.open(try await harness.answer(to: command.eventID, in: room))["content"]
            }
            let search = "/v1/gifs/search"
            harness.standIn.override(search, with: MatrixBotHarness.catSearch(harness.standIn, ids: ["catgif1"]))
            _ = try await answer("!gif cat")
            #expect(recordWrites().count == 1, "nothing written before: at once")

            harness.standIn.override(search, with: MatrixBotHarness.catSearch(harness.standIn, ids: ["catgif2"]))
            let second = try await answer("!gif cats")
            #expect(recordWrites().count == 1, "within the interval: waiting")
            let uploads = await harness.homeserver.requests(containing: "/media/v3/upload").count
            #expect(uploads == 4, "two GIFs and their thumbnails")

            // The same GIF again is found among the waiting records: not uploaded again.
            let again = try await answer("!gif kittens")
            #expect(again?["file"]?["url"] != nil && again?["file"]?["url"] == second?["file"]?["url"])
            #expect(await harness.homeserver.requests(containing: "/media/v3/upload").count == uploads)

            await running.stop()
            let writes = recordWrites()
            #expect(writes.count == 2, "written as the adapter stopped")
            #expect(writes.last == .init(kinds: ["encrypted_upload", "encrypted_upload"], durability: .unsynced))
        }
    }

    /// A position the homeserver forgot is followed by a sync from none, which names no device
    /// changes made in the gap: the devices of alice the bot knew are asked for again before
    /// its next room key goes to them.
    @Test func afterAForgottenSyncPositionTheKnownDevicesAreAskedForAgain() async throws {
        try await withInProcessMatrixBot { harness in
            let alice = try await InProcessPeer.start(harness.alice, device: "ALICEPHONE", on: harness.homeserver)
            let configuration = Self.encrypting(harness)
            let first = harness.start(configuration)
            let room = try await harness.roomWithBot(encrypted: true)
            let botDevice = try #require(try await harness.homeserver.waitForDeviceKeys(of: harness.botUser).first)
            try await alice.shareRoomKey(in: room, with: harness.botUser, device: botDevice)
            let command = try await alice.say("!about", in: room)
            #expect(try await alice.open(try await harness.answer(to: command.eventID, in: room))["type"] != nil)
            await first.stop()

            let botUser = harness.botUser
            let queries = {
                await harness.homeserver.requests(containing: "/keys/query").filter { $0.userID == botUser }
            }
            // A restart on the stored position: its queries are the start's own (the bot's
            // account), alice's devices being known and current.
            let beforeRestart = await queries().count
            let second = harness.start(configuration)
            let again = try await alice.say("!about", in: room)
            #expect(try await alice.open(try await harness.answer(to: again.eventID, in: room))["type"] != nil)
            await second.stop()
            let restartQueries = await queries().count - beforeRestart

            try await harness.state.setAdapterState(
                "matrix:\(configuration.homeserver):\(configuration.user):next_batch", to: "999999",
                durability: .synced)
            let isBotSync: @Sendable (FakeRequest) -> Bool = { $0.userID == botUser && $0.path.hasSuffix("/sync") }
            let syncsBefore = await harness.homeserver.requests(containing: "/sync").filter(isBotSync).count
            let beforeGap = await queries().count
            harness.start(configuration)
            // The refused position, the sync from none, and the poll after it: what alice says
            // now comes after the start's "now".
            try await harness.homeserver.waitForRequests(count: syncsBefore + 3, matching: isBotSync)
            let afterGap = try await alice.say("!about", in: room)
            #expect(try await alice.open(try await harness.answer(to: afterGap.eventID, in: room))["type"] != nil)
            #expect(
                await queries().count - beforeGap > restartQueries,
                "alice's devices asked for after the gap, besides the start's own")
        }
    }
}
