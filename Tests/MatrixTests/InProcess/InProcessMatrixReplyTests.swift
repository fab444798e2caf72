import Foundation
import GifBotCore
import GiphyStandIn
import Synchronization
import Testing

@testable import Matrix

/// The adapter's answers on the in-process homeserver: joining on invitation, inline GIFs
/// uploaded once, the sync position across a restart, and the server's refusals and waits.
@Suite(.timeLimit(.minutes(1))) struct InProcessMatrixReplyTests {
    @Test func aCommandIsAnsweredWithAnInlineGIFUploadedOnceAndPostedAgainFromTheUpload() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            let first = try await harness.ask("!gif cat", in: room)
            #expect(first.content["msgtype"]?.string == "m.image")
            let uri = try #require(first.content["url"]?.string)
            #expect(await harness.homeserver.download(uri)?.count == 30_000, "the 30 kB rendition, uploaded whole")
            #expect(first.content["info"]?["mimetype"]?.string == "image/gif")
            let uploads = await harness.homeserver.requests(containing: "/media/v3/upload").count
            let recorded = harness.state.uploadCount
            #expect(uploads == 2 && recorded == 2, "the GIF and its thumbnail")
            #expect(harness.state.uploadWrites.load(ordering: .relaxed) == 1, "recorded in one write")
            #expect(
                harness.state.uploadReads.load(ordering: .relaxed) == 0,
                "neither was ever uploaded (`RecordedUploads`): not looked up")
            #expect(first.content["info"]?["thumbnail_url"]?.string?.hasPrefix("mxc://") == true)

            // The same GIF again (a search with one result) comes from the upload.
            harness.standIn.override(
                "/v1/gifs/search", with: MatrixBotHarness.catSearch(harness.standIn, ids: ["catgif1"]))
            let second = try await harness.ask("!gif kitten", in: room)
            #expect(second.content["url"]?.string == uri)
            #expect(await harness.homeserver.requests(containing: "/media/v3/upload").count == uploads, "nothing again")
            #expect(harness.state.uploadCount == recorded)
            #expect(
                harness.state.uploadReads.load(ordering: .relaxed) == 1, "the GIF and its thumbnail found in one read")
            #expect(second.content["info"]?["thumbnail_url"] == first.content["info"]?["thumbnail_url"])
        }
    }

    /// A restart learns which GIFs were uploaded before the first sync: a GIF uploaded by the
    /// run before is found in the store, a new one is not looked for there.
    @Test func aRestartLearnsWhichGIFsWereUploaded() async throws {
        try await withInProcessMatrixBot { harness in
            let search = "/v1/gifs/search"
            harness.standIn.override(search, with: MatrixBotHarness.catSearch(harness.standIn, ids: ["catgif1"]))
            let first = harness.start()
            let room = try await harness.roomWithBot()
            let posted = try await harness.ask("!gif cat", in: room)
            await first.stop()
            let uploads = await harness.homeserver.requests(containing: "/media/v3/upload").count
            #expect(uploads == 2 && harness.state.uploadCount == 2, "the GIF and its thumbnail, recorded")

            harness.start()
            let again = try await harness.ask("!gif kitten", in: room)
            #expect(again.content["url"] == posted.content["url"], "from the first run's upload")
            #expect(await harness.homeserver.requests(containing: "/media/v3/upload").count == uploads)
            #expect(harness.state.uploadReads.load(ordering: .relaxed) == 1, "found in one read")

            harness.standIn.override(search, with: MatrixBotHarness.catSearch(harness.standIn, ids: ["catgif2"]))
            _ = try await harness.ask("!gif cats", in: room)
            #expect(await harness.homeserver.requests(containing: "/media/v3/upload").count == uploads + 2)
            #expect(harness.state.uploadReads.load(ordering: .relaxed) == 1, "a new GIF is not looked for")
        }
    }

    @Test func theThumbnailIsTheSourcesStillUploadedAsTheImageItIs() async throws {
        try await withInProcessMatrixBot { harness in
            // A JPEG, as KLIPY's stills are: the upload and `thumbnail_info` say what it is.
            let still: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 1_500)
            harness.standIn.override("/stills/cat.jpg", with: StandInResponse(body: still, contentType: "image/jpeg"))
            harness.standIn.override(
                "/v1/gifs/search",
                with: MatrixBotHarness.catSearch(harness.standIn, ids: ["catgif1"], still: "/stills/cat.jpg"))
            harness.start()
            let room = try await harness.roomWithBot()
            let reply = try await harness.ask("!gif cat", in: room)
            let info = reply.content["info"]
            let thumbnail = try #require(info?["thumbnail_url"]?.string)
            #expect(await harness.homeserver.download(thumbnail) == still)
            #expect(await harness.homeserver.contentType(of: thumbnail) == "image/jpeg")
            #expect(info?["thumbnail_info"]?["mimetype"]?.string == "image/jpeg")
            #expect(info?["thumbnail_info"]?["size"]?.int == still.count)
            #expect(info?["mimetype"]?.string == "image/gif", "the GIF itself stays a GIF")
            let gif = try #require(reply.content["url"]?.string)
            #expect(await harness.homeserver.contentType(of: gif) == "image/gif")
            #expect(
                harness.standIn.requests(to: "/media/catgif1/2000.gif").isEmpty,
                "the small animated rendition is not fetched when there is a still")

            // A still that is no image is not uploaded: the GIF is posted without a thumbnail.
            harness.standIn.override("/stills/page.jpg", with: StandInResponse(json: #"{"not":"an image"}"#))
            harness.standIn.override(
                "/v1/gifs/search",
                with: MatrixBotHarness.catSearch(harness.standIn, ids: ["catgif2"], still: "/stills/page.jpg"))
            let uploads = await harness.homeserver.requests(containing: "/media/v3/upload").count
            let second = try await harness.ask("!gif cats", in: room)
            #expect(second.content["msgtype"]?.string == "m.image" && second.content["info"]?["thumbnail_url"] == nil)
            #expect(await harness.homeserver.requests(containing: "/media/v3/upload").count == uploads + 1)
        }
    }

    /// The thumbnail is fetched while the GIF still downloads, not after its upload: the GIF's
    /// answer is held, and the thumbnail's request must come before it is let go.
    @Test func theThumbnailIsFetchedBesideTheGIFNotAfterIt() async throws {
        try await withInProcessMatrixBot { harness in
            let held = harness.holdingTheGIF(for: .seconds(2))
            harness.start()
            let room = try await harness.roomWithBot()
            let reply = try await harness.ask("!gif cat", in: room)
            let thumbnail = try #require(reply.content["info"]?["thumbnail_url"]?.string)
            #expect(await harness.homeserver.download(thumbnail)?.count == 2_000, "the smallest rendition")
            #expect(harness.thumbnailWasAskedFor(whileHolding: held))
        }
    }

    @Test func aFirstSyncAsksForEachRoomsLastEventOnlyAndAnswersNothingOfIt() async throws {
        try await withInProcessMatrixBot { harness in
            // A room the bot is in before its first start, with commands said before it.
            let room = await harness.homeserver.createRoom(by: harness.alice, invite: [harness.botUser])
            try await harness.homeserver.join(harness.botUser, room)
            var said: [String] = []
            for index in 0..<3 {
                said.append(await harness.homeserver.say("!gif cat \(index)", from: harness.alice, in: room).eventID)
            }
            harness.start()
            // Past its first batch: syncing without its own events, which that batch taught it.
            try await harness.homeserver.waitUntilSyncing(harness.botUser, leavingOutOwnEvents: true)
            let answer = try await harness.ask("!about", in: room)
            #expect(answer.sender == harness.botUser)
            for event in said { #expect(await harness.answers(to: event, in: room).isEmpty, "said before the start") }
            func limit(_ answer: SyncAnswer) -> Int? { answer.filter?["room"]?["timeline"]?["limit"]?.int }
            let answers = await harness.homeserver.syncAnswers(of: harness.botUser)
            let first = try #require(answers.first)
            #expect(limit(first) == MatrixClient.firstSyncTimelineLimit && MatrixClient.firstSyncTimelineLimit == 1)
            #expect(first.eventIDs == [said[2]], "the room's last event only")
            #expect(answers.dropFirst().allSatisfy { limit($0) == MatrixClient.timelineLimit })
        }
    }

    @Test func onlyAllowedUsersInvitationsAreTaken() async throws {
        try await withInProcessMatrixBot { harness in
            let bob = await harness.homeserver.register("bob")
            harness.start()
            let bobsRoom = await harness.homeserver.createRoom(by: bob, invite: [harness.botUser])
            // Alice's invitation, made after bob's, is taken: by then bob's was seen and left.
            _ = try await harness.roomWithBot()
            #expect(await harness.homeserver.members(of: bobsRoom, "invite") == [harness.botUser])
            #expect(await harness.logs.waitFor("Ignored an invitation"))
        }
    }

    @Test func aRestartAnswersWhatWasSaidWhileDownOnceAndNothingEarlierAgain() async throws {
        try await withInProcessMatrixBot { harness in
            let running = harness.start()
            let room = try await harness.roomWithBot()
            let before = try await harness.ask("!about", in: room)
            await running.stop()

            let whileDown = await harness.homeserver.say("!about", from: harness.alice, in: room)
            harness.start()
            _ = try await harness.answer(to: whileDown.eventID, in: room)
            let marker = try await harness.ask("!about", in: room)
            #expect(marker.position > before.position)
            #expect(await harness.answers(to: whileDown.eventID, in: room).count == 1)
            #expect(await harness.answers(to: before.inReplyTo ?? "", in: room).count == 1, "not answered again")
        }
    }

    @Test func theSyncPositionIsWrittenForBatchesFromOthersNotForTheBotsOwnEchoes() async throws {
        try await withInProcessMatrixBot { harness in
            // A homeserver that does not annotate: the bot's own events come back.
            await harness.homeserver.setAnnotatesMembership(false)
            // Every batch from others written at once (`InProcessMatrixSyncPositionTests` has the
            // default interval's writes).
            var configuration = harness.configuration()
            configuration.timing.bookkeepingInterval = .zero
            let running = harness.start(configuration)
            let room = try await harness.roomWithBot()
            let commands = 5
            // Each reply seen back by the bot before the next command, so each comes back alone.
            for _ in 0..<commands {
                _ = try await harness.ask("!about", in: room)
                try await harness.homeserver.waitUntilCaughtUp(harness.botUser)
            }
            let key = running.adapter.syncKey
            let writes = harness.state.writes(of: key)
            // The fresh start, the invitation and each command; never a batch of the bot's own
            // join or replies, which come back as batches of their own.
            #expect(writes >= commands && writes <= commands + 2, "\(writes) writes")
            #expect(running.adapter.handledBatches >= 2 * commands, "\(running.adapter.handledBatches) batches")
        }
    }

    @Test func aRateLimitedSendWaitsAsAskedAndPostsOnce() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            await harness.homeserver.inject(.rateLimited(retryAfterMilliseconds: 300), times: 2) {
                $0.method == "PUT" && $0.path.contains("/send/m.room.message/")
            }
            let started = ContinuousClock.now
            let command = await harness.homeserver.say("!about", from: harness.alice, in: room)
            _ = try await harness.answer(to: command.eventID, in: room)
            #expect(ContinuousClock.now - started >= .milliseconds(600), "it waited as the server asked, twice")
            let sends = await harness.homeserver.requests(containing: "/send/m.room.message/")
            #expect(sends.count == 3)
            #expect(Set(sends.map(\.path)).count == 1, "one transaction id: one event however often it is sent")
            #expect(await harness.answers(to: command.eventID, in: room).count == 1)
        }
    }

    @Test func failingSyncsAreRetriedWithoutLosingACommand() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            await harness.homeserver.inject(.error(502, "HTTP_502", "bad gateway"), times: 3) {
                $0.path.hasSuffix("/sync")
            }
            // A long poll made before the faults ends with this; the syncs after it fail.
            _ = await harness.homeserver.say("hello", from: harness.alice, in: room)
            #expect(await harness.logs.waitFor("Sync failed; retrying"))
            let command = await harness.homeserver.say("!about", from: harness.alice, in: room)
            _ = try await harness.answer(to: command.eventID, in: room)
        }
    }

    @Test func aRoomsEncryptionCheckMetByAnOutageIsRetriedAndTheCommandAnswered() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            let isCheck: @Sendable (FakeRequest) -> Bool = { $0.path.contains("/state/m.room.encryption") }
            await harness.homeserver.inject(.error(502, "HTTP_502", "bad gateway"), times: 2, matching: isCheck)
            let reply = try await harness.ask("!about", in: room)
            #expect(reply.body?.contains("Powered by GIPHY") == true)
            #expect(await harness.homeserver.requests(containing: "/state/m.room.encryption").count == 3)
            #expect(harness.logs.text.contains("Matrix encryption check will be retried"))
        }
    }

    @Test func aRoomsEncryptionCheckRefusedCountsTheRoomEncryptedAndSaysNothingThere() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            await harness.homeserver.inject(.forbidden("no state for you"), times: 1) {
                $0.path.contains("/state/m.room.encryption")
            }
            let command = await harness.homeserver.say("!about", from: harness.alice, in: room)
            #expect(await harness.logs.waitFor("Could not check whether a room is encrypted; taking it as encrypted"))
            #expect(await harness.homeserver.requests(containing: "/state/m.room.encryption").count == 1, "not retried")
            // The next command's check passes: it is answered, the refused one never is.
            _ = try await harness.ask("!about", in: room)
            #expect(await harness.answers(to: command.eventID, in: room).isEmpty)
        }
    }

    @Test func aStoreThatCannotBeReadAtStartIsWaitedForNotTakenForNoLogin() async throws {
        try await withInProcessMatrixBot { harness in
            let first = harness.start()
            let room = try await harness.roomWithBot()
            let device = await harness.homeserver.devices(of: harness.botUser)
            await first.stop()
            let logins = await harness.homeserver.requests(containing: "/login").count

            harness.state.failsReads.withLock { $0 = true }
            harness.start()
            #expect(await harness.logs.waitFor("Could not read the stored Matrix login; retrying", count: 2))
            #expect(await harness.homeserver.requests(containing: "/login").count == logins, "no new login meanwhile")
            harness.state.failsReads.withLock { $0 = false }
            let reply = try await harness.ask("!about", in: room)
            #expect(reply.sender == harness.botUser)
            #expect(await harness.homeserver.devices(of: harness.botUser) == device, "the same device, its keys kept")
            #expect(await harness.homeserver.requests(containing: "/login").count == logins)
        }
    }

    @Test func aSoftLogoutLogsInAgainToTheSameDeviceAndAnswersTheGap() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            let devices = await harness.homeserver.devices(of: harness.botUser)
            await harness.homeserver.expireAccessTokens(of: harness.botUser)
            let reply = try await harness.ask("!about", in: room)
            #expect(reply.sender == harness.botUser)
            #expect(await harness.homeserver.devices(of: harness.botUser) == devices, "the same device")
        }
    }

    @Test func aDeletedDeviceLogsInAsANewOneAndAnswersTheGapOnce() async throws {
        try await withInProcessMatrixBot { harness in
            harness.start()
            let room = try await harness.roomWithBot()
            let old = try #require(await harness.homeserver.devices(of: harness.botUser).first)
            await harness.homeserver.deleteDevice(old, of: harness.botUser)
            let command = await harness.homeserver.say("!about", from: harness.alice, in: room)
            _ = try await harness.answer(to: command.eventID, in: room)
            let now = await harness.homeserver.devices(of: harness.botUser)
            #expect(now.count == 1 && now != [old], "a new device")
            let marker = try await harness.ask("!about", in: room)
            #expect(marker.sender == harness.botUser)
            #expect(await harness.answers(to: command.eventID, in: room).count == 1)
        }
    }
}
