import Foundation
import Logging
import MatrixCrypto

/// The sending side of encrypted rooms: one outbound Megolm session per room, shared over Olm
/// with every eligible device of the room's members (`recipients`) before its first message, withheld
/// (`m.unverified`) from the others (not cross-signed, or with a changed identity an operator has
/// yet to accept), and rotated when `OutboundGroupSession.isExpired` says so.
actor RoomKeySharing {
    private let device: MatrixDevice
    private let directory: DeviceDirectory
    private let client: MatrixClient
    private let state: CryptoStateStore
    private let sharing: MatrixEncryptionConfiguration.KeySharing
    private let metrics: EncryptionMetrics
    private let logger: Logger
    private let now: @Sendable () -> Date
    private var sessions: [String: OutboundGroupSession] = [:]
    private var members: [String: [String]] = [:]
    private let keyless = KeylessDevices()
    /// Rooms with an encryption under way, and who waits for their turn in each (`takeTurn`).
    private var turns: [String: [CheckedContinuation<Void, Never>]] = [:]
    /// Records to write with a room's next message (`keepWithNextMessage`).
    private var withNextMessage: [String: [CryptoStateStore.Write]] = [:]
    /// More than this many waiting in a room are written at once instead.
    static let maximumWaitingWithMessage = 16

    init(
        device: MatrixDevice, directory: DeviceDirectory, client: MatrixClient, state: CryptoStateStore,
        sharing: MatrixEncryptionConfiguration.KeySharing, metrics: EncryptionMetrics, logger: Logger,
        now: @escaping @Sendable () -> Date
    ) async throws {
        self.metrics = metrics
        self.device = device
        self.directory = directory
        self.client = client
        self.state = state
        self.sharing = sharing
        self.logger = logger
        self.now = now
        var recipients: [String: OutboundGroupSession.Recipients] = [:]
        for (room, bytes) in try await state.loadAll(.outboundRecipients) {
            recipients[room] = try? JSONDecoder().decode(OutboundGroupSession.Recipients.self, from: Data(bytes))
        }
        for (room, bytes) in try await state.loadAll(.outboundGroupSession) {
            sessions[room] = OutboundGroupSession(row: bytes, recipients: recipients[room])
        }
    }

    enum Failure: Error, CustomStringConvertible {
        case unencodable
        case sessionLost
        var description: String {
            switch self {
            case .unencodable: "the event cannot be encrypted (not canonical JSON)"
            case .sessionLost: "the room's session could not be read"
            }
        }
    }

    /// Writes `writes` with the ratchet of the next message encrypted in `room`, in the same
    /// transaction: one disk sync where there were two. For records that are only a saving, such
    /// as where an encrypted GIF was uploaded for the message about to be sent: should that
    /// message never go, they go with the room's next one, and a restart before it costs a
    /// second upload of the same GIF, nothing more.
    func keepWithNextMessage(_ writes: [CryptoStateStore.Write], in room: String) async {
        guard !writes.isEmpty else { return }
        withNextMessage[room, default: []] += writes
        guard let waiting = withNextMessage[room], waiting.count > Self.maximumWaitingWithMessage else { return }
        withNextMessage[room] = nil
        do { try await state.save(waiting) } catch {
            logger.warning("Could not store records kept for a room's next message", metadata: ["error": "\(error)"])
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
        let recipients = try await recipients(room)
        let client = client
        let devices = await directory.devices(of: recipients) { try await client.queryKeys($0) }
            .filter { $0.curve25519 != device.identityKeys.curve25519 }
        let awaitingOperator = await directory.pins.withheld(among: recipients)
        let eligible = devices.filter {
            !awaitingOperator.contains($0.userID) && (sharing == .all || $0.isCrossSigned)
        }
        var record = sessions[room]
        if let existing = record, existing.isExpired(now: now(), eligible: eligible, members: Set(recipients)) {
            logger.debug("Rotating the room's Megolm session", metadata: ["room_id": "\(room)"])
            record = nil
        }
        if record == nil {
            let rotation = OutboundGroupSession.Rotation(encryptionState: try? await client.encryptionState(of: room))
            record = OutboundGroupSession(session: MegolmOutboundSession(), rotation: rotation, now: now())
        }
        guard var record, var session = record.session else { throw Failure.sessionLost }
        let unshared = eligible.filter { record.sharedWith[$0.address] == nil }
        try await share(&record, session: session, with: unshared, room: room)
        let withheld = record.withheldFrom
        let ineligible = devices.filter { !eligible.contains($0) && !withheld.contains($0.address) }
        await withhold(
            &record, session: session, from: ineligible, awaitingOperator: awaitingOperator, room: room)

        let plaintext: CanonicalJSONValue = ["type": .string(type), "content": inner, "room_id": .string(room)]
        let ciphertext = try session.encrypt(try CanonicalJSON.encodeString(plaintext))
        record.ratchet.pickle = UnpaddedBase64.encode(session.pickle())
        record.ratchet.messageCount += 1
        // Stored before the event leaves: a message index is never used twice, even after a crash.
        try await save(record, room: room, sessionID: session.sessionID)
        var encrypted: [String: JSONValue] = [
            "algorithm": .string(RoomKeys.megolmAlgorithm), "sender_key": .string(device.identityKeys.curve25519),
            "ciphertext": .string(ciphertext), "session_id": .string(session.sessionID),
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
    private func recipients(_ room: String) async throws -> [String] {
        if let known = members[room] { return known }
        var users = try await client.joinedMembers(of: room)
        if try await client.historyVisibility(of: room) != "joined" {
            users += try await client.invitedMembers(of: room)
        }
        let recipients = Array(Set(users)).sorted()
        members[room] = recipients
        return recipients
    }

    /// Writes the session's ratchet, and its recipients with it (one write) when the stored ones
    /// are not these (`recipientsStored`), and what waits for the room's next message
    /// (`keepWithNextMessage`). Called within the room's turn, so nothing else changes the
    /// room's session meanwhile.
    private func save(_ record: OutboundGroupSession, room: String, sessionID: String) async throws {
        sessions[room] = record
        var writes = [
            CryptoStateStore.Write(
                kind: .outboundGroupSession, name: room, bytes: Array(try JSONEncoder().encode(record.ratchet)))
        ]
        if !record.recipientsStored {
            writes.append(
                .init(
                    kind: .outboundRecipients, name: room,
                    bytes: Array(try JSONEncoder().encode(record.recipients(sessionID: sessionID)))))
        }
        let kept = withNextMessage.removeValue(forKey: room) ?? []
        do {
            try await state.save(writes + kept)
        } catch {
            if !kept.isEmpty { withNextMessage[room, default: []] += kept }
            throw error
        }
        sessions[room]?.recipientsStored = true
    }

    /// Sends the session's key (`m.room_key`) over Olm to `devices`, claiming one-time keys for
    /// those without an Olm session. Devices that cannot be reached now are tried again with a
    /// later message: those whose keys ran out once `KeylessDevices` says so.
    private func share(
        _ record: inout OutboundGroupSession, session: MegolmOutboundSession, with devices: [DeviceInfo], room: String
    ) async throws {
        guard !devices.isEmpty else { return }
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
        for target in devices {
            guard let content = try await device.encryptOlm(type: RoomKeys.roomKeyType, content: roomKey, for: target)
            else { continue }
            messages[target.userID, default: [:]][target.deviceID] = content
            reached.append(target)
        }
        guard !messages.isEmpty else { return }
        try await client.sendToDevice(
            type: RoomKeys.encryptedType, messages: .object(messages.mapValues { .object($0) }),
            transactionID: "key-\(UUID().uuidString)")
        for target in reached { record.sharedWith[target.address] = target.curve25519 }
        record.recipientsStored = false
        metrics.keysShared(reached.count)
        logger.debug("Shared a room key", metadata: ["devices": "\(reached.count)"])
    }

    /// Tells devices left out why (`m.room_key.withheld`, `m.unverified`), once per session: not
    /// cross-signed, or their owner's new identity awaits an operator (`IdentityPins`).
    private func withhold(
        _ record: inout OutboundGroupSession, session: MegolmOutboundSession, from devices: [DeviceInfo],
        awaitingOperator: Set<String>, room: String
    ) async {
        guard !devices.isEmpty else { return }
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
            record.recipientsStored = false
        } catch {
            logger.warning("Could not tell devices the room key is withheld", metadata: ["error": "\(error)"])
        }
    }
}
