import BotTestSupport
import Foundation
import GifBotCore
import GiphyStandIn
import Logging
import SQLKit
import SeededRandom
import Storage
import Testing

/// The store under a process that dies at any moment, and under a disk that fills up.
@Suite(.serialized, .timeLimit(.minutes(5))) struct StoreFaultTests {
    /// GIFs the stand-in knows, all rated g.
    static let gifIDs = ["l0NwGpoOVLTAyUJSo", "l396BoOTIFem9xqQU", "C7RCCFdaixA3u", "5EjYHxXlIWPn7UCQig"]
    static let alice = UserKey(network: "console", userID: "alice")

    @Test func sigkillAtRandomMomentsLosesNoConfirmedFavoriteAndInventsNone() async throws {
        try await withConsole { harness in
            var generator = SplitMix64(seed: 0x5EED_F00D)
            var stored = Set<String>()  // what the database held at the end of the last round
            for round in 1...20 {
                let bot = try harness.launch(["console", "--user", "alice"], environment: harness.environment())
                let commands = (0..<8).map { _ in
                    let id = Self.gifIDs.randomElement(using: &generator)!
                    return Bool.random(using: &generator) ? "!fav \(id)" : "!unfav \(id)"
                }
                // All commands at once, then the kill after a random number of their answers.
                let answersBeforeKill = Int.random(in: 0...commands.count, using: &generator)
                bot.write(commands.joined(separator: "\n") + "\n")
                #expect(
                    await bot.waitForOutput(timeout: .seconds(20)) {
                        $0.split(separator: "\n").count >= answersBeforeKill
                    })
                let output = await bot.killNow().stdoutLines
                let confirmed = output.count

                let expected = try Self.allowedStates(start: stored, commands: commands, answers: output)
                let database = try await Self.check(harness.databasePath)
                #expect(database.integrity == ["ok"], "round \(round)")
                #expect(database.incompleteRows == 0, "round \(round): a half-written favorite")
                for id in Self.gifIDs {
                    let present = database.favorites.contains(id)
                    #expect(
                        expected[id, default: [false]].contains(present),
                        "round \(round): \(id) is \(present ? "present" : "absent"); \(confirmed) of \(commands) confirmed: \(output)"
                    )
                }
                #expect(
                    Set(database.favorites).isSubset(of: Self.gifIDs), "round \(round): a favorite nobody asked for")
                stored = Set(database.favorites)
            }
        }
    }

    @Test func aFullDiskIsAShortErrorWritesNothingHalfAndIsRecoveredFrom() async throws {
        try await withConsole { harness in
            let bot = try harness.launch(
                ["console", "--user", "alice"], environment: harness.environment(), fileSizeSignalIgnored: true)
            let (first, second) = (Self.gifIDs[0], Self.gifIDs[1])
            #expect(try await GiphyFaultTests.ask(bot, "!fav \(first)", answers: 1).first?.hasPrefix("Saved ") == true)

            // No file of the process may grow past its first byte: every write fails as on a full disk.
            try await Self.limitFileSize(of: bot, to: "1")
            let whileFull = try await GiphyFaultTests.ask(bot, "!fav \(second)\n!unfav \(first)\n!favs", answers: 4)
            #expect(whileFull[0] == "Sorry, something went wrong on my side; please try again later.")
            #expect(whileFull[1] == "Sorry, something went wrong on my side; please try again later.")
            #expect(
                whileFull[2] == "Your favorites (1, page 1/1, newest first):",
                "reads still work; nothing was half-written")
            #expect(whileFull[3].contains("(\(first))"))

            try await Self.limitFileSize(of: bot, to: "unlimited")
            let after = try await GiphyFaultTests.ask(bot, "!fav \(second)\n!favs", answers: 4)
            #expect(after[0].hasPrefix("Saved "), "writes work again once there is room")
            #expect(after[1] == "Your favorites (2, page 1/1, newest first):")
            bot.closeInput()
            #expect(await bot.finish(timeout: .seconds(20)).status == 0)

            let database = try await Self.check(harness.databasePath)
            #expect(database.integrity == ["ok"])
            #expect(database.favorites == [second, first])
        }
    }

    /// Sets the soft RLIMIT_FSIZE of the bot with prlimit(1): an unprivileged stand-in for a disk
    /// filling up and being cleared (raising it again needs no privilege, unlike a hard limit).
    static func limitFileSize(of bot: GifbotProcess, to limit: String) async throws {
        let prlimit = Process()
        prlimit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        prlimit.arguments = ["--pid", String(bot.processIdentifier), "--fsize=\(limit):"]  // the soft limit only
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            prlimit.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try prlimit.run() } catch { continuation.resume(throwing: error) }
        }
        withExtendedLifetime(prlimit) {}
        try #require(status == 0, "prlimit --fsize=\(limit) failed")
    }

    /// For each GIF, the states it may be in after a kill: what the last answered command on
    /// it said, or what any later, unanswered command on it would have made it.
    static func allowedStates(start: Set<String>, commands: [String], answers: [String]) throws -> [String: Set<Bool>] {
        var confirmedState = Dictionary(uniqueKeysWithValues: gifIDs.map { ($0, start.contains($0)) })
        var allowed: [String: Set<Bool>] = [:]
        for (index, command) in commands.enumerated() {
            let id = String(try #require(command.split(separator: " ").last))
            if index < answers.count {
                let answer = answers[index]
                if answer.hasPrefix("Saved ") || answer.contains("is already one of your favorites") {
                    confirmedState[id] = true
                } else if answer.hasPrefix("Removed ") || answer.contains("is not one of your favorites") {
                    confirmedState[id] = false
                } else {
                    Issue.record("unexpected answer to \(command): \(answer)")
                }
            } else {
                allowed[id, default: []].insert(command.hasPrefix("!fav "))
            }
        }
        for (id, state) in confirmedState { allowed[id, default: []].insert(state) }
        return allowed
    }

    struct DatabaseState {
        let integrity: [String]
        let favorites: [String]
        let incompleteRows: Int
    }

    /// Opens the file as the next start would, and reads what a restarted bot would find.
    static func check(_ path: String) async throws -> DatabaseState {
        let store = try await SQLiteStore.open(path: path, logger: Logger(label: "check"))
        do {
            let integrity = try await store.database.raw("PRAGMA integrity_check").all().map {
                try $0.decode(column: "integrity_check", as: String.self)
            }
            let favorites = try await store.favorites(for: alice)
            let incomplete = favorites.filter { $0.title.isEmpty || $0.url.isEmpty || $0.gifID.isEmpty }.count
            try await store.close()
            return DatabaseState(integrity: integrity, favorites: favorites.map(\.gifID), incompleteRows: incomplete)
        } catch {
            try? await store.close()
            throw error
        }
    }
}
