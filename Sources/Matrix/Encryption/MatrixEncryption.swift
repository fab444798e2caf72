import CoreMetrics
import Foundation
import GifBotCore
import GifSources
import Logging
import MatrixCrypto
import MatrixState

/// End-to-end encryption for one login: the bot's device and its keys on the server, the devices
/// of the people it shares rooms with, room keys received (to-device, over Olm) and its own room
/// keys. Made after each login by `start`, which says in the log why encryption cannot run when
/// it cannot.
struct MatrixEncryption: Sendable {
    let device: MatrixDevice
    let client: MatrixClient
    let state: CryptoStateStore
    let directory: DeviceDirectory
    let inbound: InboundGroupSessions
    let outbound: RoomKeySharing
    let mending: SessionMending
    let roomKeys: RoomKeyAdmission
    let olmSessions: OlmSessionAdmission
    let lateKeys = LateKeys()
    let keyRequests = RoomKeyRequests()
    let now: @Sendable () -> Date
    let metrics: EncryptionMetrics
    let logger: Logger

    /// The device of this login with its keys published, or nil (logged) when encryption is off
    /// or cannot run; the adapter then keeps telling encrypted rooms it cannot read them.
    static func start(
        configuration: MatrixConfiguration, client: MatrixClient, userID: String, deviceID: String?,
        store: any MatrixStateStore, status: AdapterStatus?, logger: Logger, metrics factory: any MetricsFactory,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async -> MatrixEncryption? {
        let settings = configuration.encryption
        guard settings.isEnabled else { return nil }
        guard let key = settings.storeKey else {
            logger.error(
                "End-to-end encryption is off: set matrix.store_key (a secret of 16 characters or more) to seal its keys in the database; encrypted rooms get a notice meanwhile"
            )
            return nil
        }
        guard let deviceID else {
            logger.error("End-to-end encryption is off: the homeserver did not say which device the bot logged in as")
            return nil
        }
        let state = CryptoStateStore(
            store: store, vault: CryptoVault(key: key), account: configuration.storeAccount(userID: userID))
        // For the commands that open this state without logging in (`IdentityReview`).
        try? await store.setAdapterState(configuration.userIDStateKey, to: userID)
        do {
            let device = try await MatrixDevice.open(state: state, userID: userID, deviceID: deviceID, logger: logger)
            let pins = try await IdentityPins(
                state: state, policy: settings.identityChange, logger: logger, now: now)
            status?.warn(about: "identities") { await pins.readinessWarning() }
            let directory = try await DeviceDirectory(state: state, pins: pins, logger: logger)
            let metrics = EncryptionMetrics(factory: factory)
            let encryption = MatrixEncryption(
                device: device, client: client, state: state, directory: directory,
                inbound: InboundGroupSessions(state: state),
                outbound: RoomKeySharing(
                    device: device, directory: directory, client: client,
                    sharing: settings.shareKeysWith, metrics: metrics, logger: logger, now: now),
                mending: SessionMending(now: now),
                roomKeys: RoomKeyAdmission(joinedRooms: { try await client.joinedRooms() }, now: now),
                olmSessions: OlmSessionAdmission(
                    device: device, directory: directory, query: { try await client.queryKeys($0) }, now: now),
                now: now, metrics: metrics, logger: logger)
            await encryption.publishKeys(.init())
            // Members' clients (Element since MSC4153) trust the device only once its owner's
            // self-signing key signed it: checked on every start, one /keys/query when signed.
            if await device.hasPublishedDeviceKeys {
                _ = await CrossSigningBootstrap(
                    client: client, userID: userID, configuration: configuration, status: status, logger: logger
                ).ensureSigned(device: try device.signedDeviceKeys())
            }
            return encryption
        } catch {
            logger.error(
                "End-to-end encryption is off: its stored state cannot be read", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Events after which a room's key recipients are asked again.
    static func changesRecipients(_ type: String) -> Bool {
        type == "m.room.member" || type == "m.room.history_visibility"
    }

    /// Before the batch's rooms: keys topped up, device list changes noted, to-device events
    /// (room keys) handled, so the batch's encrypted messages find their keys. A batch from no
    /// position (`fromNoPosition`) names no changes since an earlier one: every known user's
    /// devices are asked for again before their next room key.
    func afterSync(_ response: SyncResponse, fromNoPosition: Bool = false) async {
        await publishKeys(
            .init(
                oneTimeKeys: response.signedOneTimeKeyCount,
                unusedFallbackKeyTypes: response.unusedFallbackKeyTypes))
        // Membership first: a member who left this batch (or an invited one the room's history
        // no longer shows to) must not get the next room key. A room the bot left, or (re)joined
        // in this batch (history from before its join, `JoinBoundary`: its own join event is
        // left out of a lean sync), is asked again too: members came and went while it was out.
        for (room, joined) in response.rooms?.join ?? [:] {
            let events = (joined.state?.events?.elements ?? []) + (joined.timeline?.events?.elements ?? [])
            if events.contains(where: { Self.changesRecipients($0.type) || JoinBoundary.precedesJoin($0) }) {
                await outbound.membershipChanged(in: room)
            }
        }
        for room in response.rooms?.left ?? [] { await outbound.membershipChanged(in: room) }
        if !response.devicesLeft.isEmpty { await outbound.forgetMembers() }
        await roomKeys.update(
            joined: Array((response.rooms?.join ?? [:]).keys), invited: Array((response.rooms?.invite ?? [:]).keys),
            left: response.rooms?.left ?? [])
        if fromNoPosition { await directory.markAllOutdated() }
        await directory.markChanged(response.devicesChanged)
        await directory.forget(response.devicesLeft)
        for event in response.toDevice?.events?.elements ?? [] {
            await handleToDevice(event)
        }
    }

    private func publishKeys(_ counts: MatrixDevice.ServerKeyCounts) async {
        if let left = counts.oneTimeKeys { metrics.oneTimeKeysLeft(left) }
        let client = client
        do {
            let isFirst = await !device.hasPublishedDeviceKeys
            if let count = try await device.publishKeys(
                counts, upload: { try await client.uploadKeys($0) }, now: now())
            {
                metrics.oneTimeKeysLeft(count)
                logger.log(
                    level: isFirst ? .info : .debug,
                    isFirst ? "Published the device's encryption keys" : "Published one-time keys",
                    metadata: ["device": "\(device.deviceID)", "one_time_keys": "\(count)"])
            }
        } catch {
            logger.warning(
                "Could not publish encryption keys; retrying after the next sync", metadata: ["error": "\(error)"])
        }
    }

    // MARK: To-device

    private func handleToDevice(_ event: ToDeviceEvent) async {
        switch event.type {
        case RoomKeys.encryptedType:
            await handleOlm(event)
        case RoomKeys.withheldType:
            logger.info(
                "A room key was withheld from the bot",
                metadata: [
                    "sender": "\(event.sender)", "room_id": "\(event.content["room_id"]?.string ?? "")",
                    "code": "\(event.content["code"]?.string ?? "")",
                ])
        default:
            logger.debug("Ignored a to-device event", metadata: ["type": "\(event.type)", "sender": "\(event.sender)"])
        }
    }

    private func handleOlm(_ event: ToDeviceEvent) async {
        guard let content = CanonicalJSONValue(event.content) else { return }
        guard await olmSessions.admits(content, from: event.sender) else {
            logger.notice(
                "Refused an encrypted to-device event",
                metadata: ["sender": "\(event.sender)", "reason": "from a key none of the sender's devices has"])
            return
        }
        let payload: MatrixDevice.OlmPayload
        do {
            payload = try await device.decryptOlm(sender: event.sender, content: content)
        } catch MatrixDevice.OlmFailure.noSession(let senderKey) {
            logger.notice(
                "An Olm message could not be decrypted; mending the session", metadata: ["sender": "\(event.sender)"])
            await mend(with: event.sender, senderKey: senderKey)
            return
        } catch {
            logger.notice(
                "Refused an encrypted to-device event", metadata: ["sender": "\(event.sender)", "reason": "\(error)"])
            return
        }
        let key: ReceivedRoomKey
        do {
            key = try ReceivedRoomKey(payload)
        } catch .notARoomKey {
            logger.debug("Ignored an encrypted to-device event", metadata: ["type": "\(payload.type)"])
            return
        } catch {
            logger.warning("Refused a room key", metadata: ["sender": "\(event.sender)", "reason": "\(error)"])
            return
        }
        guard await admitsRoomKey(roomID: key.roomID, sender: event.sender, senderKey: payload.senderKey) else {
            return
        }
        let metadata: Logger.Metadata = [
            "sender": "\(event.sender)", "room_id": "\(key.roomID)", "type": "\(payload.type)",
        ]
        if key.isForwarded {
            let client = client
            let trust = ForwardedKeyTrust(
                requests: keyRequests, directory: directory, query: { try await client.queryKeys($0) })
            if let refusal = await trust.refusal(of: key, payload: payload, from: event.sender, now: now()) {
                logger.warning("Refused a room key", metadata: metadata.merging(["reason": "\(refusal)"]) { $1 })
                return
            }
        }
        do {
            let addition = try await inbound.add(
                key.session, sessionID: key.sessionID, roomID: key.roomID, senderKey: key.senderKey,
                claimedEd25519: key.claimedEd25519)
            switch addition {
            case .added:
                if key.isForwarded { await keyRequests.answered(roomID: key.roomID, sessionID: key.sessionID) }
                logger.debug("Received a room key", metadata: metadata)
            case .alreadyKnown:
                logger.debug("Received a room key already known", metadata: metadata)
            case .conflicting, .mismatched:
                logger.warning("Refused a room key", metadata: metadata.merging(["reason": "\(addition)"]) { $1 })
            }
        } catch {
            logger.warning("Refused a room key", metadata: metadata.merging(["reason": "\(error)"]) { $1 })
        }
    }

    /// Whether a room key for `roomID` that `sender` sent over Olm from `senderKey` may be kept
    /// (`RoomKeyAdmission`); a refusal is logged.
    func admitsRoomKey(roomID: String, sender: String, senderKey: String) async -> Bool {
        guard let refusal = await roomKeys.refusal(roomID: roomID, senderKey: senderKey) else { return true }
        logger.warning(
            "Refused a room key",
            metadata: ["sender": "\(sender)", "room_id": "\(roomID)", "reason": "\(refusal)"])
        return false
    }

    /// A session the other side uses that the bot lacks: a new Olm session and an `m.dummy`
    /// over it, so their next message starts from it. As often as `SessionMending` allows.
    private func mend(with userID: String, senderKey: String) async {
        guard mending.claim(user: userID, senderKey: senderKey) else { return }
        let client = client
        _ = await directory.devices(of: [userID]) { try await client.queryKeys($0) }
        guard let target = await directory.device(of: userID, curve25519: senderKey) else { return }
        do {
            let claimed = try await client.claimKeys([target])
            guard let key = claimed["one_time_keys"]?[userID]?[target.deviceID]?.objectValue?.values.first else {
                return
            }
            try await device.startOlmSession(with: target, oneTimeKey: key)
            guard let content = try await device.encryptOlm(type: RoomKeys.dummyType, content: [:], for: target) else {
                return
            }
            try await client.sendToDevice(
                type: RoomKeys.encryptedType, messages: [userID: [target.deviceID: content]],
                transactionID: "dummy-\(UUID().uuidString)")
        } catch {
            logger.warning("Could not mend an Olm session", metadata: ["error": "\(error)"])
        }
    }

    // MARK: Rooms

    /// The decrypted event of an `m.room.encrypted` room event, or nil (logged) when it cannot
    /// be read or fails a check: its session unknown, sent by another device than the session's,
    /// for another room, or a replay.
    func decrypt(_ event: RoomEvent, in roomID: String) async -> RoomEvent? {
        let content = event.content
        guard content["algorithm"]?.string == RoomKeys.megolmAlgorithm, let sessionID = content["session_id"]?.string,
            let ciphertext = content["ciphertext"]?.string
        else {
            logger.notice(
                "Refused an encrypted event", metadata: ["event_id": "\(event.eventID)", "reason": "malformed"])
            metrics.event("malformed")
            return nil
        }
        do {
            let (plaintext, senderKey, claimedEd25519) = try await inbound.decrypt(
                roomID: roomID, sessionID: sessionID, senderKeys: await possibleSenderKeys(of: event),
                ciphertext: ciphertext, eventID: event.eventID)
            // The key came over Olm from this device of the sender, which claimed its own Ed25519 key.
            guard let sender = await directory.device(of: event.sender, curve25519: senderKey),
                sender.ed25519 == claimedEd25519
            else { throw InboundGroupSessions.Failure.wrongSender }
            guard let inner = try? JSONValue.parse(plaintext),
                inner["room_id"]?.string == roomID, let type = inner["type"]?.string,
                let innerContent = inner["content"],
                innerContent.objectValue != nil
            else { throw InboundGroupSessions.Failure.malformed }
            metrics.event("decrypted")
            return RoomEvent(
                eventID: event.eventID, type: type, sender: event.sender,
                content: CleartextRelation.restore(content[CleartextRelation.key], into: innerContent), stateKey: nil)
        } catch InboundGroupSessions.Failure.unknownSession {
            metrics.event("unknown_session")
            await waitForKey(event, roomID: roomID, sessionID: sessionID, senderKey: content["sender_key"]?.string)
            return nil
        } catch {
            metrics.event((error as? InboundGroupSessions.Failure)?.description ?? "decryption")
            logger.notice(
                "Could not decrypt an event",
                metadata: ["event_id": "\(event.eventID)", "sender": "\(event.sender)", "reason": "\(error)"])
            return nil
        }
    }

    /// The Curve25519 keys of the devices that may have sent `event`: its `sender_key`; or, as
    /// newer clients leave that deprecated field out, its sender's devices (only the one its
    /// `device_id` names, when it names one). Sessions are looked up under these keys only, so
    /// someone else's session of the same id is never tried, and the sender's device is checked
    /// again once one opens the event.
    private func possibleSenderKeys(of event: RoomEvent) async -> [String] {
        let client = client
        let devices = await directory.devices(of: [event.sender]) { try await client.queryKeys($0) }
        if let senderKey = event.content["sender_key"]?.string { return [senderKey] }
        let deviceID = event.content["device_id"]?.string
        return devices.filter { deviceID == nil || $0.deviceID == deviceID }.map(\.curve25519)
    }

    /// An event whose key has not come: kept for a while, and its sender's devices asked once
    /// for the key (`m.room_key_request`, sent in the clear as the specification has it).
    private func waitForKey(_ event: RoomEvent, roomID: String, sessionID: String, senderKey: String?) async {
        logger.info(
            "An encrypted event waits for its room key",
            metadata: ["event_id": "\(event.eventID)", "sender": "\(event.sender)"])
        guard await lateKeys.park(event, roomID: roomID, sessionID: sessionID, now: now()) else { return }
        await keyRequests.asked(
            roomID: roomID, sessionID: sessionID, userID: event.sender, senderKey: senderKey, now: now())
        var body: [String: CanonicalJSONValue] = [
            "algorithm": .string(RoomKeys.megolmAlgorithm), "room_id": .string(roomID),
            "session_id": .string(sessionID),
        ]
        if let senderKey { body["sender_key"] = .string(senderKey) }
        let request: CanonicalJSONValue = [
            "action": "request", "body": .object(body), "request_id": .string(UUID().uuidString),
            "requesting_device_id": .string(device.deviceID),
        ]
        do {
            try await client.sendToDevice(
                type: RoomKeys.keyRequestType, messages: [event.sender: ["*": request]],
                transactionID: "keyreq-\(UUID().uuidString)")
        } catch {
            logger.warning("Could not ask for a room key", metadata: ["error": "\(error)"])
        }
    }

    /// Events whose key has come since they arrived, to be decrypted and answered now (once).
    func eventsWithLateKeys() async -> [(event: RoomEvent, roomID: String)] {
        guard await !lateKeys.isEmpty else { return [] }
        let (ready, expired) = await lateKeys.release(now: now()) { waiting in
            await inbound.has(
                roomID: waiting.roomID, sessionID: waiting.sessionID,
                senderKeys: await possibleSenderKeys(of: waiting.event))
        }
        if expired > 0 {
            logger.notice("Encrypted events whose key never came are not answered", metadata: ["count": "\(expired)"])
        }
        return ready.map { ($0.event, $0.roomID) }
    }

    /// The encrypted content to send in place of an event of `type` with `content`.
    func encrypt(_ content: JSONValue, type: String, in room: String) async throws -> JSONValue {
        try await outbound.encrypt(content, type: type, in: room)
    }
}
