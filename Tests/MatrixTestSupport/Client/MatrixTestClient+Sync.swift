import Foundation
import Matrix

extension MatrixTestClient {
    /// Filters sent inline with /sync (no filter upload needed). The first sync asks for no
    /// timeline at all: it only fixes the position. Later syncs take up to 1000 events per room,
    /// far more than a test sends between two polls, so no gap ("limited") loses events.
    ///
    /// Synapse answers a repeated /sync (same user, device, since, filter and timeout) from a
    /// 2-minute response cache, so a second client of the same user would get the first one's
    /// old start position and then see "old" events. A unique dummy `not_types` entry makes
    /// every start filter, and so every start position, fresh.
    static func startFilter() -> JSONValue {
        [
            "room": [
                "timeline": ["limit": 0, "not_types": .array([.string("mts.unique.\(UUID().uuidString)")])],
                "state": ["types": []], "ephemeral": ["types": []], "account_data": ["types": []],
            ],
            "presence": ["types": []],
            "account_data": ["types": []],
        ]
    }
    static let followFilter: JSONValue = [
        "room": ["timeline": ["limit": 1000], "ephemeral": ["types": []], "account_data": ["types": []]],
        "presence": ["types": []],
        "account_data": ["types": []],
    ]

    /// Fetches new events once: returns when some arrived or after `timeout` (long poll).
    /// Useful before reading `events(in:)`; `waitForEvent` syncs by itself.
    public func sync(timeout: Duration = .zero) async throws {
        try await ready()
        // One sync at a time: concurrent waiters share it instead of racing on `since`.
        if let running = syncInFlight {
            try await running.value
            return
        }
        let task = Task { try await self.performSync(timeout: timeout) }
        syncInFlight = task
        try await task.value
    }

    /// Waits for the first sync (retrying it once if it had failed).
    func ready() async throws {
        guard since == nil else { return }
        let position: String
        do {
            position = try await firstSync.value
        } catch {
            firstSync = Task { [server, user] in try await Self.startPosition(server: server, user: user) }
            position = try await firstSync.value
        }
        if since == nil { since = position }
    }

    private func performSync(timeout: Duration) async throws {
        // Cleared here, inside the actor, so a waiter woken by this sync never sees it as running.
        defer { syncInFlight = nil }
        guard let position = since else { return }
        let milliseconds = max(
            0, Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        let response = try await MatrixTestHTTP.send(
            "GET", baseURL: server.baseURL, path: "/_matrix/client/v3/sync",
            query: [
                "since": position, "timeout": String(milliseconds),
                "filter": Self.followFilter.jsonText, "set_presence": "offline",
            ],
            accessToken: user.accessToken,
            timeout: timeout + .seconds(30)
        )
        let json = try response.successJSON()
        for section in ["join", "leave"] {
            for (roomID, room) in json["rooms"]?[section]?.objectValue ?? [:] {
                for raw in room["timeline"]?["events"]?.arrayValue ?? [] {
                    record(MatrixTestEvent(raw), in: roomID)
                }
            }
        }
        for (roomID, room) in json["rooms"]?["invite"]?.objectValue ?? [:] {
            invitations[roomID] = room["invite_state"]?["events"]?.arrayValue ?? []
        }
        guard let next = json["next_batch"]?.stringValue else {
            throw MatrixRequestError(response, reason: "no next_batch")
        }
        since = next
    }

    private func record(_ event: MatrixTestEvent?, in roomID: String) {
        guard let event, seenEventIDs.insert(event.eventID).inserted else { return }
        timelines[roomID, default: []].append(event)
    }

    /// The `next_batch` of a sync without history: where this client starts following.
    static func startPosition(server: SynapseServer, user: MatrixTestUser) async throws -> String {
        try await MatrixTestHTTP.send(
            "GET", baseURL: server.baseURL, path: "/_matrix/client/v3/sync",
            query: ["timeout": "0", "filter": startFilter().jsonText, "set_presence": "offline"],
            accessToken: user.accessToken
        ).requiredString("next_batch")
    }
}
