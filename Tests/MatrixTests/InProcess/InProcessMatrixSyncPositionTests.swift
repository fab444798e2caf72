import GiphyStandIn
import Synchronization
import Testing

@testable import Matrix

/// A busy bot's bookkeeping, its sync position (`SyncPositionWrites`) and the records of its
/// uploads (`PendingUploadRecords`; the encrypted ones' in `InProcessMatrixEncryptionTests`), is written once per interval, when it catches up, and
/// as the adapter stops, never left behind what the bot answered.
@Suite(.timeLimit(.minutes(1))) struct InProcessMatrixSyncPositionTests {
    /// Started with `interval` between writes and `poll` as the sync's long poll, in a room of
    /// alice's, syncing without its own events and caught up: nothing is waiting to be written.
    private static func settledBot(
        _ harness: InProcessMatrixBot, interval: Duration, poll: Duration
    ) async throws -> (RunningMatrixBot, String) {
        var configuration = harness.configuration()
        configuration.timing.bookkeepingInterval = interval
        configuration.timing.syncTimeout = poll
        let running = harness.start(configuration)
        let room = try await harness.roomWithBot()
        try await harness.homeserver.waitUntilSyncing(harness.botUser, leavingOutOwnEvents: true)
        return (running, room)
    }

    @Test func commandsWithinTheIntervalAreNotWrittenUntilTheAdapterStops() async throws {
        try await withInProcessMatrixBot { harness in
            // A long poll: every answer brings a command, none comes back empty.
            let (running, room) = try await Self.settledBot(harness, interval: .seconds(3600), poll: .seconds(50))
            let key = running.adapter.syncKey
            let settled = harness.state.writes(of: key)
            #expect(settled >= 1, "the first start's position, at once")
            var last = await harness.homeserver.say("!about", from: harness.alice, in: room)
            _ = try await harness.answer(to: last.eventID, in: room)
            for _ in 0..<3 {
                last = await harness.homeserver.say("!about", from: harness.alice, in: room)
                _ = try await harness.answer(to: last.eventID, in: room)
            }
            #expect(harness.state.writes(of: key) == settled, "four commands answered, none written")

            await running.stop()
            #expect(harness.state.writes(of: key) == settled + 1, "written once, as the adapter stopped")
            let stored = try #require(Int(try await harness.state.adapterState(key) ?? ""))
            #expect(stored >= last.position, "past the last command answered")
        }
    }

    @Test func theWaitingPositionIsWrittenWhenABatchBringsNothingNew() async throws {
        try await withInProcessMatrixBot { harness in
            // A short poll: an empty answer follows each command soon.
            let (running, room) = try await Self.settledBot(harness, interval: .seconds(3600), poll: .milliseconds(200))
            let key = running.adapter.syncKey
            let command = await harness.homeserver.say("!about", from: harness.alice, in: room)
            _ = try await harness.answer(to: command.eventID, in: room)
            // Written while the bot runs, an hour before the interval would have it: by the empty
            // answer after the command.
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(10)
            var stored = 0
            while stored < command.position, clock.now < deadline {
                stored = Int(try await harness.state.adapterState(key) ?? "") ?? 0
                if stored < command.position { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(stored >= command.position, "the position past the command, written")
        }
    }

    @Test func uploadsWithinTheIntervalAreFoundWhileTheyWaitAndRecordedTogether() async throws {
        try await withInProcessMatrixBot { harness in
            let (running, room) = try await Self.settledBot(harness, interval: .seconds(3600), poll: .seconds(50))
            let search = "/v1/gifs/search"
            harness.standIn.override(search, with: MatrixBotHarness.catSearch(harness.standIn, ids: ["catgif1"]))
            _ = try await harness.ask("!gif cat", in: room)
            #expect(harness.state.uploadWrites.load(ordering: .relaxed) == 1, "nothing written before: at once")

            harness.standIn.override(search, with: MatrixBotHarness.catSearch(harness.standIn, ids: ["catgif2"]))
            let second = try await harness.ask("!gif cats", in: room)
            #expect(harness.state.uploadWrites.load(ordering: .relaxed) == 1, "within the interval: waiting")
            let uploads = await harness.homeserver.requests(containing: "/media/v3/upload").count
            #expect(uploads == 4, "two GIFs and their thumbnails")

            // The same GIF again is found among the waiting records: not uploaded again.
            let again = try await harness.ask("!gif kittens", in: room)
            #expect(again.content["url"] == second.content["url"])
            #expect(await harness.homeserver.requests(containing: "/media/v3/upload").count == uploads)

            await running.stop()
            #expect(harness.state.uploadWrites.load(ordering: .relaxed) == 2, "written as the adapter stopped")
            #expect(harness.state.uploadCount == 4)
        }
    }
}
