import Foundation
import GifSources
import Testing

@testable import Matrix

/// What the bot learns of the homeserver's membership annotations, and the lean sync filter
/// that knowledge lets it use.
@Suite struct MembershipAnnotationsTests {
    static let bot = "@bot:l"

    func event(_ id: String, membership: String?) -> JSONValue {
        var object: [String: JSONValue] = [
            "event_id": .string(id), "type": "m.room.message", "sender": "@a:l",
            "content": ["msgtype": "m.text", "body": "!about"],
        ]
        if let membership { object["unsigned"] = ["membership": .string(membership)] }
        return .object(object)
    }

    /// A batch with a room for each list of timeline events.
    func batch(_ rooms: [JSONValue]...) throws -> SyncResponse {
        var join: [String: JSONValue] = [:]
        for (index, events) in rooms.enumerated() {
            join["!r\(index):l"] = ["timeline": ["events": .array(events)]]
        }
        let json: JSONValue = ["next_batch": "s1", "rooms": ["join": .object(join)]]
        return try SyncResponse(parsing: try json.encoded())
    }

    @Test func aBatchSaysWhetherEveryTimelineEventWasAnnotated() throws {
        #expect(try batch().membershipAnnotation == .noEvents)
        #expect(try batch([]).membershipAnnotation == .noEvents)
        #expect(
            try batch([event("$a", membership: "join")], [event("$b", membership: "leave")]).membershipAnnotation
                == .everyEvent
        )
        #expect(
            try batch([event("$a", membership: "join")], [event("$b", membership: nil)]).membershipAnnotation
                == .missing)
    }

    @Test func theOwnEventsAreLeftOutOnceEveryEventOfABatchIsAnnotatedAndNeverAgainAfterOneIsNot() {
        var annotations = MembershipAnnotations()
        #expect(!annotations.leavesOutOwnEvents)
        // Each batch, whether it changes what the sync leaves out, and whether it leaves them out after.
        let steps: [(SyncResponse.MembershipAnnotation, changes: Bool, leavesOut: Bool)] = [
            (.noEvents, false, false),
            (.missing, false, false),  // a homeserver that does not annotate keeps the own events
            (.everyEvent, true, true),
            (.noEvents, false, true),
            (.everyEvent, false, true),
            (.missing, true, false),
            (.everyEvent, false, false),  // not trusted again in this process
        ]
        for (index, step) in steps.enumerated() {
            let changed = annotations.learn(from: step.0)
            #expect(changed == step.changes, "step \(index)")
            #expect(annotations.leavesOutOwnEvents == step.leavesOut, "step \(index)")
        }
        #expect(annotations.knowledge == .unreliable)
    }

    @Test func theLeanFilterLeavesOutOnlyTheBotsOwnTimelineEvents() {
        let full = MatrixClient.syncFilter(userID: Self.bot, leavingOutOwnEvents: false)
        let lean = MatrixClient.syncFilter(userID: Self.bot, leavingOutOwnEvents: true)
        #expect(full["room"]?["timeline"]?["not_senders"] == nil)
        #expect(lean["room"]?["timeline"]?["not_senders"] == [.string(Self.bot)])
        guard case .object(var timeline) = lean["room"]?["timeline"] else {
            Issue.record("no timeline filter")
            return
        }
        timeline["not_senders"] = nil
        #expect(JSONValue.object(timeline) == full["room"]?["timeline"], "the same otherwise")
        #expect(lean["room"]?["state"] == full["room"]?["state"])
    }
}
