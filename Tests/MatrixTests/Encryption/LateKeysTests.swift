import Foundation
import Testing

@testable import Matrix

/// Commands waiting for their room key: one request per session, released once, dropped when too
/// old; one sender can neither push the others' commands out nor make the bot ask over and over.
@Suite struct LateKeysTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    func event(_ id: String, from sender: String = "@a:hs") -> RoomEvent {
        RoomEvent(eventID: id, type: "m.room.encrypted", sender: sender, content: [:], stateKey: nil)
    }

    @Test func eachSessionIsAskedForOnceAndEachEventReleasedOnceOrDroppedWhenTooOld() async {
        let late = LateKeys()
        #expect(await late.park(event("$1"), roomID: "!r", sessionID: "s", now: start))
        #expect(await !late.park(event("$2"), roomID: "!r", sessionID: "s", now: start), "one request per session")
        #expect(await !late.park(event("$1"), roomID: "!r", sessionID: "s", now: start), "an event waits once")
        #expect(await late.park(event("$3", from: "@b:hs"), roomID: "!r", sessionID: "t", now: start))

        let none = await late.release(now: start + 10) { _ in false }
        #expect(none.ready.isEmpty && none.expired == 0)
        let some = await late.release(now: start + 20) { $0.sessionID == "s" }
        #expect(some.ready.map(\.event.eventID) == ["$1", "$2"])
        let again = await late.release(now: start + 30) { $0.sessionID == "s" }
        #expect(again.ready.isEmpty, "released once")
        let old = await late.release(now: start + LateKeys.maximumWait + 1) { _ in true }
        #expect(old.ready.isEmpty && old.expired == 1, "too old: never answered")
        #expect(await late.isEmpty)
    }

    @Test func aFloodFromOneMemberDoesNotPushOutAnothersCommand() async {
        let late = LateKeys()
        _ = await late.park(event("$command", from: "@alice:hs"), roomID: "!r", sessionID: "alice", now: start)
        for index in 0...100 {
            _ = await late.park(
                event("$junk\(index)", from: "@mallory:hs"), roomID: "!r", sessionID: "j\(index)", now: start)
        }
        #expect(await late.count <= LateKeys.maximumWaiting)
        let released = await late.release(now: start + 5) { $0.sessionID == "alice" }
        #expect(released.ready.map(\.event.eventID) == ["$command"], "the key came: the command is answered")
    }

    @Test func theQueueIsSharedOutWhenManyMembersFloodIt() async {
        let late = LateKeys()
        _ = await late.park(event("$command", from: "@alice:hs"), roomID: "!r", sessionID: "alice", now: start)
        for index in 0..<(LateKeys.maximumWaiting * 2) {
            _ = await late.park(
                event("$junk\(index)", from: "@mallory\(index % 20):hs"), roomID: "!r", sessionID: "j\(index)",
                now: start)
        }
        #expect(await late.count == LateKeys.maximumWaiting)
        let released = await late.release(now: start + 5) { $0.sessionID == "alice" }
        #expect(released.ready.map(\.event.eventID) == ["$command"])
    }

    @Test func oneSendersUnknownSessionsCauseOneKeyRequestPerInterval() async {
        let late = LateKeys()
        var requests = 0
        for index in 0..<50 where await late.park(event("$e\(index)"), roomID: "!r", sessionID: "s\(index)", now: start)
        {
            requests += 1
        }
        #expect(requests == 1)
        let later = start + LateKeys.requestInterval + 1
        #expect(await late.park(event("$next"), roomID: "!r", sessionID: "s1", now: later), "asked for again later")
        #expect(await !late.park(event("$more"), roomID: "!r", sessionID: "s2", now: later + 1))
        #expect(await late.park(event("$other", from: "@b:hs"), roomID: "!r", sessionID: "t", now: later + 1))
    }

    @Test func whatIsRememberedForRequestsStaysBoundedAndExpires() async {
        let late = LateKeys()
        for index in 0..<5_000 {
            _ = await late.park(
                event("$e\(index)", from: "@u\(index):hs"), roomID: "!r", sessionID: "s\(index)", now: start)
        }
        let tracked = await late.trackedRequests
        #expect(tracked.sessions <= 1_000 && tracked.senders <= 1_000)
        #expect(await late.count == LateKeys.maximumWaiting)
        // Once everything expired, a newcomer finds the records emptied.
        let later = start + LateKeys.maximumWait + 1
        _ = await late.release(now: later) { _ in false }
        #expect(await late.park(event("$late", from: "@new:hs"), roomID: "!r", sessionID: "new", now: later))
        let after = await late.trackedRequests
        #expect(after.sessions == 1 && after.senders == 1)
    }
}
