import MatrixTestSupport

@testable import Matrix

extension MatrixBotHarness {
    /// A reaction with `key` to `eventID`, as clients send it.
    static func reaction(_ key: String, to eventID: String) -> JSONValue {
        ["m.relates_to": ["rel_type": "m.annotation", "event_id": .string(eventID), "key": .string(key)]]
    }

    /// The preview answering `command`, and its buttons' event ids in order, with their keys.
    func preview(
        answering command: String, in room: String
    ) async throws -> (MatrixTestEvent, [(id: String, key: String)]) {
        let preview = try await answer(to: command, in: room)
        let botUser = botUser, shown = preview.eventID
        var buttons: [(id: String, key: String)] = []
        for _ in 0..<3 {
            let button = try await alice.waitForEvent(in: room) {
                $0.sender == botUser && $0.type == "m.reaction" && $0.relatesTo == shown
            }
            buttons.append((button.eventID, button.content["m.relates_to"]?["key"]?.stringValue ?? ""))
        }
        return (preview, buttons)
    }
}
