import Foundation
import Logging
import MatrixCrypto

/// The sending side of encrypted rooms: one outbound Megolm session per room, shared over Olm
/// with every eligible device of the room's members (`recipients`) before its first message, withheld
/// (`m.unverified`) from the others (not cross-signed, or with a changed identity an operator has
/// yet to accept), and rotated when `OutboundGroupSession.isExpired` says so. Sessions live in
/// memory only (`OutboundGroupSession` says why): a process starts each room with a new one.
actor RoomKeySharing {
    private let device: MatrixDevice
    private let directory: DeviceDirectory
    private let client: MatrixClient
    private let sharing: MatrixEncryptionConfiguration.KeySharing
    private let metrics: EncryptionMetrics
    private let logger: Logger
    private let now: @Sendable () -> Date
    private var sessions: [String: OutboundGroupSession] = [:]
    /// Each room's recipients, sorted, and as a set for `OutboundGroupSession.isExpired`: both
    /// made when they are asked for, not with every message.
    private var members: [String: (sorted: [String], set: Set<String>)] = [:]
    private let keyless = KeylessDevices()
    /// Rooms with an encryption under way, and who waits for their turn in each (`takeTurn`).
    private var turns: [String: [CheckedContinuation<Void, Never>]] = [:]

    init(
        device: MatrixDevice, directory: DeviceDirectory, client: MatrixClient,
        sharing: MatrixEncryptionConfiguration.KeySharing, metrics: EncryptionMetrics, logger: Logger,
        now: @escaping @Sendable () -> Date
    ) {
        self.metrics = metrics
        self.device = device
        self.directory = directory
        self.client = client
        self.sharing = sharing
        self.logger = logger
        self.now = now
    }

    enum Failure: Error, CustomStringConvertible {
        case unencodable
        var description: String {
            switch self {
            case .unencodable: "the event cannot be encrypted (not canonical JSON)"
            }
        }
    }

    /// The room's members may have changed: ask again before the next message.
    func membershipChanged(in room: String) { members[room] = nil }

    /// Someone no longer shares a room with the bot: every room's members are asked again.
    func forgetMembers() { members = [:] }

    /// The `m.room.encrypted` content for an event of `type` with `content` in `room`.
    func encrypt(_ content: JSONValue, type: String, in room: String) async throws -> JSONValue {
        guard let inner = CanonicalJSONValue(content) else { throw Failure.unencodable }
        await takeTurn(in: room)
        defer { endTurn(in: room) }
        let (recipients, memberSet) = try await recipients(room)
        let client = client
        let devices = await directory.devices(of: recipients) { try await client.queryKeys($0) }
            .filter { $0.curve25519 != device.identityKeys.curve25519 }
        let awaitingOperator = await directory.pins.withheld(among: recipients)
        var eligible: [DeviceInfo] = [], ineligible: [DeviceInfo] = []
        for candidate in devices {
            if !awaitingOperator.contains(candidate.userID) && (sharing == .all || candidate.isCrossSigned) {
                eligible.append(candidate)
            } else {
                ineligible.append(candidate)
            }
        }
        var record: OutboundGroupSession
        if let existing = sessions[room], !existing.isExpired(now: now(), eligible: eligible, members: memberSet) {
            record = existing
        } else {
            if sessions[room] != nil {
                logger.debug("Rotating the room's Megolm session", metadata: ["room_id": "\(room)"])
            }
            let rotation = OutboundGroupSession.Rotation(encryptionState: try? await client.encryptionState(of: room))
            record = OutboundGroupSession(session: MegolmOutboundSession(), rotation: rotation, now: now())
        }
        let unshared = eligible.filter { record.sharedWith[$0.address] == nil }
        try await share(&record, with: unshared, room: room)
        let unwithheld = ineligible.filter { !record.withheldFrom.contains($0.address) }
        await withhold(&record, from: unwithheld, awaitingOperator: awaitingOperator, room: room)

        let plaintext: CanonicalJSONValue = ["type": .string(type), "content": inner, "room_id": .string(room)]
        let ciphertext = try record.session.encrypt(try CanonicalJSON.encodeString(plaintext))
        record.messageCount += 1
        // Within the room's turn, so no other message took this index meanwhile; in memory only,
        // so no restart continues it (`OutboundGroupSession`).
        sessions[room] = record
        var encrypted: [String: JSONValue] = [
            "algorithm": .string(RoomKeys.megolmAlgorithm), "sender_key": .string(device.identityKeys.curve25519),
            "ciphertext": .string(ciphertext), "session_id": .string(record.session.sessionID),
            "device_id": .string(device.deviceID),
        ]
        // Relations stay readable to the server (threads, reactions, edits), as the spec asks.
        if let relation = content["m.relates_to"] { encrypted["m.relates_to"] = relation }
        return .object(encrypted)
    }

    /// One encryption at a time in a room. Between reading the room's session and storing it one
    /// message further, `encrypt` waits (for the members' devices, a key claim, the key's
    /// sending): a second message in that window (a command's answer and a picker's post) would
    /// take the same message index of the same session, the same key and IV for two plaintexts.
    private func takeTurn(in room: String) async {
        guard turns[room] != nil else {
            turns[room] = []
            return
        }
        await withCheckedContinuation { turns[room, default: []].append($0) }
    }

    /// The next waiting encryption in `room` goes on, in the order they came.
    private func endTurn(in room: String) {
        guard var waiting = turns[room], !waiting.isEmpty else {
            turns[room] = nil
            return
        }
        let next = waiting.removeFirst()
        turns[room] = waiting
        next.resume()
    }

    /// Who gets the room's key: its joined members, and its invited ones too unless the room
    /// shows its history only from a member's join (`m.room.history_visibility` `joined`). An
    /// invited member of a room with `shared` or `invited` history reads, once they join, what
    /// was said since their invitation, as Element shares it; above all the login link the bot
    /// sends in the direct room it has just invited its asker to.
    private func recipients(_ room: String) async throws -> (sorted: [String], set: Set<String>) {
        if let known = members[room] { return known }
        var users = try await client.joinedMembers(of: room)
        if try await client.historyVisibility(of: room) != "joined" {
            users += try await client.invitedMembers(of: room)
        }
        let set = Set(users)
        let recipients = (sorted: set.sorted(), set: set)
        members[room] = recipients
        return recipients
    }

    /// Sends the session's key (`m.room_key`) over Olm to `devices`, claiming one-time keys for
    /// those without an Olm session. Devices that cannot be reached now are tried again with a
    /// later message: those whose keys ran out once `KeylessDevices` says so.
    private func share(
        _ record: inout OutboundGroupSession, with devices: [DeviceInfo], room: String
    ) async throws {
        guard !devices.isEmpty else { return }
        let session = record.session
        let date = now()
        var withoutSession: [DeviceInfo] = []
        for target in devices where await !device.hasOlmSession(with: target) {
            if keyless.isWorthClaiming(target, now: date) { withoutSession.append(target) }
        }
        if !withoutSession.isEmpty {
            let claimed = try await client.claimKeys(withoutSession)
            var unreached: [DeviceInfo] = []
            for target in withoutSession {
                guard let key = claimed["one_time_keys"]?[target.userID]?[target.deviceID]?.objectValue?.values.first
                else {
                    unreached.append(target)
                    continue
                }
                do { try await device.startOlmSession(with: target, oneTimeKey: key) } catch {
                    unreached.append(target)
                    logger.warning(
                        "A device's one-time key is not validly signed",
                        metadata: ["user": "\(target.userID)", "device": "\(target.deviceID)"])
                }
            }
            for (user, count) in keyless.remember(unreached, now: date) {
                logger.notice(
                    "Devices without a one-time key left get the room key later",
                    metadata: [
                        "user": "\(user)", "devices": "\(count)",
                        "retry_after_seconds": "\(Int(KeylessDevices.retryAfter))",
                    ])
            }
        }
        let roomKey: CanonicalJSONValue = [
            "algorithm": .string(RoomKeys.megolmAlgorithm), "room_id": .string(room),
            "session_id": .string(session.sessionID), "session_key": .string(session.sessionKey.base64),
        ]
        var messages: [String: [String: CanonicalJSONValue]] = [:]
        var reached: [DeviceInfo] = []
        // Every session in one write, stored before the messages are sent.
        for (target, content) in try await device.encryptOlm(type: RoomKeys.roomKeyType, content: roomKey, for: devices)
        {
            messages[target.userID, default: [:]][target.deviceID] = content
            reached.append(target)
        }
        guard !messages.isEmpty else { return }
        try await client.sendToDevice(
            type: RoomKeys.encryptedType, messages: .object(messages.mapValues { .object($0) }),
            transactionID: "key-\(UUID().uuidString)")
        for target in reached {
            record.sharedWith[target.address] = .init(userID: target.userID, curve25519: target.curve25519)
        }
        metrics.keysShared(reached.count)
        logger.debug("Shared a room key", metadata: ["devices": "\(reached.count)"])
    }

    /// Tells devices left out why (`m.room_key.withheld`, `m.unverified`), once per session: not
    /// cross-signed, or their owner's new identity awaits an operator (`IdentityPins`).
    private func withhold(
        _ record: inout OutboundGroupSession, from devices: [DeviceInfo], awaitingOperator: Set<String>, room: String
    ) async {
        guard !devices.isEmpty else { return }
        let session = record.session
        var messages: [String: [String: CanonicalJSONValue]] = [:]
        for target in devices {
            messages[target.userID, default: [:]][target.deviceID] = [
                "room_id": .string(room), "algorithm": .string(RoomKeys.megolmAlgorithm),
                "session_id": .string(session.sessionID), "sender_key": .string(device.identityKeys.curve25519),
                "code": "m.unverified",
                "reason": .string(
                    awaitingOperator.contains(target.userID)
                        ? "Your cross-signing identity changed: GifBot shares its keys again once its operator accepts the new one."
                        : "GifBot shares its keys only with devices their owner has verified (cross-signed)."),
            ]
        }
        do {
            try await client.sendToDevice(
                type: RoomKeys.withheldType, messages: .object(messages.mapValues { .object($0) }),
                transactionID: "withheld-\(UUID().uuidString)")
            for target in devices { record.withheldFrom.insert(target.address) }
        } catch {
            logger.warning("Could not tell devices the room key is withheld", metadata: ["error": "\(error)"])
        }
    }
}
