import Foundation
import Testing

@testable import Matrix

/// Commands waiting for their room key: one request per session, released once, dropped when too old.
@Suite struct LateKeysTests {
    func event(_ id: String) -> RoomEvent {
        RoomEvent(eventID: id, type: "m.room.encrypted", sender: "@a:hs", content: [:], stateKey: nil)
    }

    @Test func eachSessionIsAskedForOnceAndEachEventReleasedOnceOrDroppedWhenTooOld() async {
        let late = LateKeys()
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(await late.park(event("$1"), roomID: "!r", sessionID: "s", now: start))
        #expect(await !late.park(event("$2"), roomID: "!r", sessionID: "s", now: start), "one request per session")
        #expect(await !late.park(event("$1"), roomID: "!r", sessionID: "s", now: start), "an event waits once")
        #expect(await late.park(event("$3"), roomID: "!r", sessionID: "t", now: start))

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
}
