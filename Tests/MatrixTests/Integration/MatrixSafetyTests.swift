import Foundation
import GifBotCore
import GiphyStandIn
import MatrixState
import MatrixTestSupport
import Storage
import Testing

@testable import Matrix

/// Sizes that lie, tokens that do not work, and what a member can send to stop a sync.
@Suite(.timeLimit(.minutes(3))) struct MatrixSafetyTests {
    @Test func aRenditionLargerThanItClaimsIsCutOffWhileStreaming() async throws {
        try await withMatrixBot { harness in
            let base = harness.standIn.baseURL
            let gif: [String: Any] = [
                "type": "gif", "id": "liar1", "title": "Liar", "rating": "g",
                "images": [
                    // Claims 20 kB, serves 3 MB: the cap (100 kB) must hold whatever the claim.
                    "downsized": [
                        "url": "\(base)/media/liar1/3000000.gif", "width": "400", "height": "200", "size": "20000",
                    ],
                    "fixed_width_small": [
                        "url": "\(base)/media/liar1/2000.gif", "width": "100", "height": "50", "size": "2000",
                    ],
                ],
            ]
            let body = try JSONSerialization.data(withJSONObject: [
                "data": [gif], "pagination": ["total_count": 1, "count": 1, "offset": 0],
                "meta": ["status": 200, "msg": "OK", "response_id": "liar"],
            ])
            harness.standIn.override("/v1/gifs/search", with: StandInResponse(body: Array(body)))
            var configuration = await harness.configuration()
            configuration.maxUploadBytes = 100_000
            harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            let command = try await harness.alice.sendText("!gif liar", to: room)
            let image = try await harness.answer(to: command, in: room)
            #expect(image.msgtype == "m.image")
            #expect(image.content["info"]?["size"]?.intValue == 2000)
            #expect(
                try await harness.alice.downloadMedia(try #require(image.url))
                    == TestGIF.bytes(forMediaPath: "/media/liar1/2000.gif"))
            #expect(harness.logs.text.contains("larger than 100000 bytes"))
        }
    }

    /// A member's message nested 100 levels deep (Synapse takes events up to its JSON reader's
    /// 128 levels), far deeper than the bot reads (`JSONValue.deepestValueRead`): the sync that
    /// brings it is read all the same, that value as null, and the bot answers the next command.
    /// Refusing the answer instead would stop the bot's sync at that batch for good.
    @Test func aMessageNestedDeeperThanTheBotReadsDoesNotStopTheSync() async throws {
        try await withMatrixBot { harness in
            harness.startBot(await harness.configuration())
            let room = try await harness.roomWithBot()
            var nested: JSONValue = "bottom"
            for _ in 0..<100 { nested = [nested] }
            _ = try await harness.alice.sendRaw(["msgtype": "m.text", "body": "deep", "nested": nested], to: room)
            let command = try await harness.alice.sendText("!gif cat", to: room)
            #expect(try await harness.answer(to: command, in: room).msgtype == "m.image")
        }
    }

    @Test func aRefusedTokenWithoutAPasswordStopsTheAdapterWithAClearError() async throws {
        try await withMatrixBot { harness in
            var configuration = await harness.configuration()
            configuration.password = nil
            configuration.accessToken = "syt_not_a_real_token"
            let bot = harness.startBot(configuration)
            let started = ContinuousClock.now
            _ = try? await bot.task.value
            #expect(ContinuousClock.now - started < .seconds(10), "stops instead of retrying")
            #expect(harness.logs.text.contains("Matrix adapter stopped: no valid Matrix access token"))
            #expect(!harness.logs.text.contains("syt_not_a_real_token"))
            // `/readyz` says why, and what to do, without the log.
            let problem = try #require(await bot.adapter.status.readinessProblem())
            #expect(problem.contains("stopped: no valid Matrix access token"), "\(problem)")
            #expect(problem.contains("set matrix.access_token to a new one") && !problem.contains("syt_not"))
        }
    }

    /// A token and device stored by an earlier version (two rows), refused without
    /// `soft_logout` (revoked): one login, as a new device, stored the current way.
    @Test func aRefusedStoredTokenLeadsToOneNewLogin() async throws {
        try await withMatrixBot { harness in
            let configuration = await harness.configuration()
            let prefix = "matrix:\(configuration.homeserver):\(configuration.user)"
            try await harness.store.setAdapterState("\(prefix):access_token", to: "syt_revoked")
            try await harness.store.setAdapterState("\(prefix):device_id", to: "OLDDEVICE")
            harness.startBot(configuration)
            let room = try await harness.roomWithBot()
            let command = try await harness.alice.sendText("!about", to: room)
            #expect(try await harness.answer(to: command, in: room).body?.contains("Powered by GIPHY") == true)
            #expect(harness.logs.text.contains("logged the bot's Matrix device out; logging in as a new device"))
            #expect(harness.logs.text.components(separatedBy: "Logged in to Matrix").count == 2)
            let stored = try await MatrixLoginLifetimeTests.storedLogin(configuration, harness)
            #expect(stored.deviceID != "OLDDEVICE" && stored.accessToken != "syt_revoked")
            #expect(try await harness.store.adapterState("\(prefix):access_token") == "", "the old row is emptied")
        }
    }

    @Test func aSyncPositionTheHomeserverRejectsStartsFresh() async throws {
        try await withMatrixBot { harness in
            let configuration = await harness.configuration()
            try await harness.store.setAdapterState(
                "matrix:\(configuration.homeserver):\(configuration.user):next_batch", to: "s999999_bogus")
            let room = try await harness.alice.createRoom(name: "fresh", invite: [harness.botUser])
            harness.startBot(configuration)
            let botUser = harness.botUser
            _ = try await harness.alice.waitForEvent(in: room, timeout: .seconds(30)) {
                $0.stateKey == botUser && $0.membership == "join"
            }
            let command = try await harness.alice.sendText("!about", to: room)
            #expect(try await harness.answer(to: command, in: room).body?.contains("Powered by GIPHY") == true)
            #expect(harness.logs.text.contains("The homeserver forgot the sync position; starting from now"))
            #expect(
                harness.logs.text.components(separatedBy: "Sync failed; retrying").count == 1,
                "no retry loop on a refused position")
        }
    }
}
