import Foundation
import TestServerSupport
import Testing

/// A run that ends without stopping (a crash, SIGKILL) writes nothing itself: the next start
/// says so in the log (issue 20, item 10).
@Suite(.timeLimit(.minutes(3))) struct UncleanExitProcessTests {
    static let report = "The previous run did not exit cleanly"

    @Test func aStartAfterAKillSaysThePreviousRunDidNotExitCleanly() async throws {
        try await withConsole { harness in
            // With PostgreSQL the marker lives in systemd's state directory.
            let environment = harness.environment(
                ConsoleHarness.engine == "postgres" ? ["STATE_DIRECTORY": harness.directory.path] : [:])
            let first = try await harness.run(["console"], environment: environment, input: "!about\n")
            #expect(first.status == 0)
            let afterClean = try await harness.run(["console"], environment: environment, input: "!about\n")
            #expect(afterClean.status == 0)
            #expect(!afterClean.stderr.contains(Self.report), "a clean exit leaves nothing to report")

            let killed = try harness.launch(["console"], environment: environment)
            killed.write("!about\n")
            #expect(await killed.waitForOutput { !$0.isEmpty })
            #expect(await killed.killNow().status != 0)

            let afterKill = try await harness.run(["console"], environment: environment, input: "!about\n")
            #expect(afterKill.status == 0)
            let reports = afterKill.stderr.split(separator: "\n").filter { $0.contains(Self.report) }
            #expect(reports.count == 1, "stderr: \(afterKill.stderr)")
            #expect(reports.first?.contains("pid \(killed.processIdentifier) started ") == true)

            let again = try await harness.run(["console"], environment: environment, input: "!about\n")
            #expect(!again.stderr.contains(Self.report), "said once, at the start after the kill")
        }
    }

    @Test func aSecondBotOnTheSameDatabaseIsNotTakenForACrash() async throws {
        try await withConsole { harness in
            let environment = harness.environment(
                ConsoleHarness.engine == "postgres" ? ["STATE_DIRECTORY": harness.directory.path] : [:])
            let running = try harness.launch(["console"], environment: environment)
            running.write("!about\n")
            #expect(await running.waitForOutput { !$0.isEmpty })
            let second = try await harness.run(["console"], environment: environment, input: "!about\n")
            #expect(second.status == 0)
            #expect(!second.stderr.contains(Self.report), "the first bot still runs: \(second.stderr)")
            running.closeInput()
            #expect(await running.finish(timeout: .seconds(20)).status == 0)
            let next = try await harness.run(["console"], environment: environment, input: "!about\n")
            #expect(!next.stderr.contains(Self.report))
        }
    }
}
