import Foundation

@testable import Matrix

/// `/sync`: what changed for the caller since a position, long-polled.
extension FakeHomeserver {
    func sync(_ route: FakeRoute, caller: Caller) async throws(FakeAnswer) -> FakeAnswer {
        let since: Int
        if let token = route.query["since"] {
            guard let parsed = Int(token), parsed <= position else {
                throw .error(400, "M_UNKNOWN_POS", "unknown position")
            }
            since = parsed
        } else {
            since = 0
        }
        // A filter's id, or (as the specification allows) its JSON text.
        let filter = route.query["filter"].flatMap { text in
            text.hasPrefix("{") ? try? JSONValue.parse(Data(text.utf8)) : filters[text]
        }
        syncedFrom[caller.userID] = since
        syncFilter[caller.userID] = filter
        wakeWaiters()
        let timeout = Duration.milliseconds(Int(route.query["timeout"] ?? "0") ?? 0)
        // Delivered: a to-device message is kept until a sync from a later position shows it
        // arrived.
        accounts[caller.userID]?.devices[caller.deviceID]?.inbox.removeAll { $0.position <= since }
        let deadline = ContinuousClock.now + timeout
        while true {
            let batch = batch(for: caller, since: since, initial: route.query["since"] == nil, filter: filter)
            if batch.hasNews || ContinuousClock.now >= deadline || Task.isCancelled {
                syncAnswers.append(
                    SyncAnswer(
                        userID: caller.userID, filter: filter, eventIDs: batch.eventIDs, ownEvents: batch.ownEvents))
                return .ok(batch.json)
            }
            await changed(before: deadline)
        }
    }

    private struct Batch {
        var json: JSONValue
        var hasNews: Bool
        var eventIDs: [String] = []
        var ownEvents = 0
    }

    /// What changed for `caller` since `since`; an `initial` sync (no position) names no device
    /// list changes, as Synapse's does not: it is not a change from anything.
    private func batch(for caller: Caller, since: Int, initial: Bool, filter: JSONValue?) -> Batch {
        var join: [String: JSONValue] = [:]
        var invite: [String: JSONValue] = [:]
        var leave: [String: JSONValue] = [:]
        var eventIDs: [String] = []
        var ownEvents = 0
        let timelineTypes = filter?["room"]?["timeline"]?["types"]?.arrayValue?.compactMap(\.string)
        let stateTypes = filter?["room"]?["state"]?["types"]?.arrayValue?.compactMap(\.string)
        let limit = filter?["room"]?["timeline"]?["limit"]?.int ?? 10
        let notSenders = Set(filter?["room"]?["timeline"]?["not_senders"]?.arrayValue?.compactMap(\.string) ?? [])
        for room in rooms.values {
            guard let member = room.stateEvent("m.room.member", caller.userID), member.position > 0 else { continue }
            switch member.membership {
            case "join":
                let newlyJoined = member.position > since
                let membership = room.memberships(of: caller.userID)
                // A room new to the caller comes with its recent history, as Synapse sends it.
                let fresh = room.timeline.filter {
                    (newlyJoined || $0.position > since) && Self.allows(timelineTypes, $0.type)
                        && !notSenders.contains($0.sender)
                        && room.isVisible($0, membership: membership[$0.position])
                }
                guard newlyJoined || !fresh.isEmpty else { continue }
                let shown = fresh.suffix(limit)
                let limited = shown.count < fresh.count
                let start = shown.first?.position ?? Int.max
                // A room new to the caller arrives with its state; a gap, with what changed in it.
                let state =
                    newlyJoined || limited
                    ? room.state.values.filter {
                        $0.position < start && (newlyJoined || $0.position > since) && Self.allows(stateTypes, $0.type)
                    }
                    .sorted { $0.position < $1.position } : []
                eventIDs += shown.map(\.eventID)
                ownEvents += shown.count { $0.sender == caller.userID }
                let events = shown.map { annotatesMembership ? $0.annotated(membership[$0.position]) : $0.json }
                join[room.roomID] = [
                    "timeline": ["events": .array(events), "limited": .bool(limited)],
                    "state": ["events": .array(state.map(\.json))],
                ]
            case "invite" where member.position > since:
                let shared = ["m.room.create", "m.room.join_rules", "m.room.name", "m.room.encryption"]
                    .compactMap { room.stateEvent($0) }
                invite[room.roomID] = ["invite_state": ["events": .array((shared + [member]).map(\.stripped))]]
            case "leave", "ban":
                guard member.position > since else { continue }
                leave[room.roomID] = ["timeline": ["events": [member.json]]]
            default: continue
            }
        }
        let device = accounts[caller.userID]?.devices[caller.deviceID]
        let toDevice = (device?.inbox ?? []).filter { $0.position > since }.map(\.event)
        let changed = initial ? [] : devicesChanged(for: caller.userID, since: since)
        var json: [String: JSONValue] = [
            "next_batch": .string(String(position)),
            "rooms": ["join": .object(join), "invite": .object(invite), "leave": .object(leave)],
            "to_device": ["events": .array(toDevice)],
            "device_lists": ["changed": .array(changed.map { .string($0) }), "left": []],
        ]
        if let device {
            json["device_one_time_keys_count"] = ["signed_curve25519": .number(Double(device.oneTimeKeys.count))]
            json["device_unused_fallback_key_types"] = .array(
                device.fallbackKeys.keys.filter { !device.usedFallbackKeys.contains($0) }
                    .compactMap { $0.split(separator: ":").first.map { .string(String($0)) } })
        }
        let hasNews = !join.isEmpty || !invite.isEmpty || !leave.isEmpty || !toDevice.isEmpty || !changed.isEmpty
        return Batch(
            json: .object(json), hasNews: hasNews, eventIDs: eventIDs, ownEvents: ownEvents)
    }

    /// Filter types as the specification reads them: exact, or a prefix ending in `*`.
    private static func allows(_ types: [String]?, _ type: String) -> Bool {
        guard let types else { return true }
        return types.contains { $0 == type || ($0.hasSuffix("*") && type.hasPrefix($0.dropLast())) }
    }

    /// Users whose keys changed since `since` and who share a room with `userID`, and those who
    /// began to share one (a join of either), as the specification's `device_lists.changed` says.
    private func devicesChanged(for userID: String, since: Int) -> [String] {
        var changed = Set(keyChanges.filter { $0.value > since && sharesRoom(userID, $0.key) }.keys)
        for room in rooms.values where room.membership(of: userID) == "join" {
            let ownJoin = room.stateEvent("m.room.member", userID)?.position ?? 0
            for member in room.members("join") where member != userID {
                let theirJoin = room.stateEvent("m.room.member", member)?.position ?? 0
                if max(ownJoin, theirJoin) > since { changed.insert(member) }
            }
        }
        return changed.sorted()
    }

    /// Whether two users share a joined room (or are the same user): whose key changes a
    /// client hears of.
    func sharesRoom(_ one: String, _ other: String) -> Bool {
        one == other || rooms.values.contains { $0.membership(of: one) == "join" && $0.membership(of: other) == "join" }
    }

    /// Returns when the server moves on or at `deadline`, whichever is first, or when cancelled.
    func changed(before deadline: ContinuousClock.Instant) async {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        waiters[id] = continuation
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in stream { return }
            }
            group.addTask { try? await Task.sleep(until: deadline) }
            await group.next()
            group.cancelAll()
        }
        waiters[id] = nil
    }

    /// Whether `filter` leaves `userID`'s own events out of room timelines (`not_senders`).
    static func leavesOut(_ userID: String, _ filter: JSONValue?) -> Bool {
        filter?["room"]?["timeline"]?["not_senders"]?.arrayValue?.contains(.string(userID)) ?? false
    }

    /// Returns once `userID` polls with a filter that leaves its own events out, or (`leavingOut`
    /// false) one that does not.
    func waitUntilSyncing(
        _ userID: String, leavingOutOwnEvents leavingOut: Bool, timeout: Duration = .seconds(10)
    )
        async throws
    {
        _ = try await waitFor(timeout: timeout) { server in
            server.syncFilter[userID].map { Self.leavesOut(userID, $0) == leavingOut } == true ? true : nil
        }
    }

    /// Returns once `userID` polls from the server's latest position: it has handled everything
    /// so far, its own events coming back included.
    func waitUntilCaughtUp(_ userID: String, timeout: Duration = .seconds(10)) async throws {
        let now = position
        _ = try await waitFor(timeout: timeout) { server in (server.syncedFrom[userID] ?? -1) >= now ? true : nil }
    }

    /// The first event in `roomID` after `earlier` (already there or to come) that `matches`;
    /// throws after `timeout`.
    func waitForEvent(
        in roomID: String, after earlier: FakeEvent? = nil, timeout: Duration = .seconds(10),
        where matches: @Sendable (FakeEvent) -> Bool
    ) async throws -> FakeEvent {
        let start = earlier?.position ?? 0
        return try await waitFor(timeout: timeout) { server in
            server.events(in: roomID).first { $0.position > start && matches($0) }
        }
    }
}

/// What one `/sync` answer held, for tests of what the bot asks for.
struct SyncAnswer: Sendable {
    let userID: String
    /// The filter the sync asked for, nil for none.
    let filter: JSONValue?
    /// The timeline events, every room's.
    let eventIDs: [String]
    /// Timeline events the caller sent itself.
    let ownEvents: Int

    var timelineEvents: Int { eventIDs.count }

    /// Whether the filter left the caller's own events out of room timelines.
    var leftOutOwnEvents: Bool { FakeHomeserver.leavesOut(userID, filter) }
}

struct FakeHomeserverTimeout: Error, CustomStringConvertible {
    var description: String { "what the test waited for did not come in time" }
}
