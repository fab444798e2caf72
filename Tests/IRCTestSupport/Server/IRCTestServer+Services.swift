import Foundation
import TestServerSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Atheme on its own, for tests of SASL when services are gone or hang (InspIRCd only).
///
/// What InspIRCd does, as observed: with Atheme stopped it no longer lists `sasl` in CAP LS
/// and NAKs `CAP REQ :sasl`; a client that had `sasl` acknowledged before gets no answer to
/// AUTHENTICATE. With Atheme paused it still offers `sasl=PLAIN,EXTERNAL`, ACKs it, and
/// AUTHENTICATE is never answered: the case for a client's SASL timeout.
extension IRCTestServer {
    /// Stops Atheme alone and returns once InspIRCd has noticed, i.e. CAP LS no longer offers
    /// SASL mechanisms.
    public func stopServices() async throws {
        try requireServices("stopServices()")
        try await ServerScripts.run("stop.sh", arguments: [directory.path, "atheme"], instance: directory)
        let port = ports.relaxed
        let directory = directory
        var lastNudge = ContinuousClock.now
        try await Readiness.poll(
            "SASL still offered after stopping Atheme", timeout: .seconds(15),
            log: { InstanceDirectory.logTail(directory) }
        ) {
            guard let offered = await PortProbe.capabilities(port: port) else { return false }
            if (offered["sasl"] ?? "").isEmpty {
                return true
            }
            // When Atheme dies within ~0.1 s of linking, InspIRCd can miss the closed link (its
            // edge-triggered read took the burst but not the EOF behind it) until it next
            // writes there. A user registering makes it write (the UID goes to all servers).
            if ContinuousClock.now - lastNudge > .milliseconds(500) {
                await Self.registerThrowawayUser(port: port)
                lastNudge = ContinuousClock.now
            }
            return false
        }
    }

    /// Starts Atheme again after `stopServices()`; returns once SASL is usable.
    public func startServices() async throws {
        try requireServices("startServices()")
        if let pid = JobFiles.pid(directory, "atheme"), ProcessStatus.isAlive(pid) {
            try await waitUntilReady()
            return
        }
        try await ServerScripts.run(
            "start-inspircd-atheme.sh", environment: scriptEnvironment(only: "services"),
            instance: directory)
        try await waitUntilReady()
    }

    /// Freezes Atheme (SIGSTOP): SASL stays offered and acknowledged, but AUTHENTICATE gets no
    /// answer until `resumeServices()`, or until InspIRCd drops the silent link after its
    /// server ping timeout (60 to 120 s).
    public func pauseServices() async throws {
        try requireServices("pauseServices()")
        try signalServices(SIGSTOP)
    }

    /// Lets a paused Atheme run again (SIGCONT); it then answers what it was sent meanwhile.
    public func resumeServices() async throws {
        try requireServices("resumeServices()")
        try signalServices(SIGCONT)
    }

    private func requireServices(_ operation: String) throws {
        guard kind == .inspircdAtheme else {
            throw IRCTestServerError.unsupported("\(operation) needs InspIRCd + Atheme, not \(kind)")
        }
    }

    private func signalServices(_ signal: Int32) throws {
        guard let pid = JobFiles.pid(directory, "atheme"), ProcessStatus.isAlive(pid), kill(pid, signal) == 0 else {
            throw IRCTestServerError.notReady("Atheme is not running", log: InstanceDirectory.logTail(directory))
        }
    }

    private static func registerThrowawayUser(port: Int) async {
        let nick = "linkcheck\(Int.random(in: 1000...9999))"
        if let client = try? await TestIRCClient.connect(port: port, nick: nick, timeout: .seconds(3)) {
            await client.quit()
        }
    }
}
