import Foundation
import MatrixCrypto

/// Olm, device to device: decrypting `m.room.encrypted` to-device events with an existing session
/// or one a pre-key message starts, with the specification's checks on the payload; encrypting
/// payloads for other devices.
extension MatrixDevice {
    /// A checked Olm payload: the sender's Curve25519 key (authenticated by Olm) and the Ed25519
    /// key the payload claims for them.
    struct OlmPayload: Sendable {
        let type: String
        let content: CanonicalJSONValue
        let senderKey: String
        let claimedEd25519: String
    }

    enum OlmFailure: Error, CustomStringConvertible {
        case notForThisDevice
        case malformed
        /// No session decrypted a normal message: the session should be mended (`m.dummy`).
        case noSession(senderKey: String)
        case decryption(MatrixCryptoError)
        case payloadCheck(String)

        var description: String {
            switch self {
            case .notForThisDevice: "not encrypted for this device"
            case .malformed: "malformed"
            case .noSession: "no session decrypts it"
            case .decryption(let error): "decryption failed: \(error)"
            case .payloadCheck(let what): "payload check failed: \(what)"
            }
        }
    }

    static let payloadLimits = JSONParser.Limits(maximumBytes: 65_536, maximumDepth: 16)

    func loadOlmSessions() async {
        for (name, bytes) in (try? await state.loadAll(.olmSession)) ?? [] {
            guard let senderKey = name.split(separator: " ").first, let session = try? OlmSession(pickle: bytes)
            else { continue }
            olmSessions[String(senderKey), default: []].append(session)
        }
    }

    /// Decrypts an Olm to-device event sent by `sender` and checks its payload.
    func decryptOlm(sender: String, content: CanonicalJSONValue) async throws -> OlmPayload {
        guard content["algorithm"]?.stringValue == RoomKeys.olmAlgorithm,
            let senderKey = content["sender_key"]?.stringValue
        else { throw OlmFailure.malformed }
        guard let ours = content["ciphertext"]?[identityKeys.curve25519] else { throw OlmFailure.notForThisDevice }
        guard let type = ours["type"]?.integerValue, let body = ours["body"]?.stringValue,
            let message = try? OlmEncryptedMessage(type: Int(type), body: body)
        else { throw OlmFailure.malformed }
        let plaintext = try await decrypt(message, from: senderKey)
        let payload: CanonicalJSONValue
        do { payload = try CanonicalJSON.parse(plaintext, limits: Self.payloadLimits) } catch {
            throw OlmFailure.payloadCheck("not JSON")
        }
        guard payload["sender"]?.stringValue == sender else { throw OlmFailure.payloadCheck("sender") }
        guard payload["recipient"]?.stringValue == userID else { throw OlmFailure.payloadCheck("recipient") }
        guard payload["recipient_keys"]?["ed25519"]?.stringValue == identityKeys.ed25519 else {
            throw OlmFailure.payloadCheck("recipient_keys")
        }
        guard let claimed = payload["keys"]?["ed25519"]?.stringValue else { throw OlmFailure.payloadCheck("keys") }
        if let senderDevice = payload["sender_device_keys"], senderDevice != .null {
            guard senderDevice["keys"]?.objectValue?.values.contains(.string(senderKey)) == true,
                senderDevice["keys"]?.objectValue?.values.contains(.string(claimed)) == true
            else { throw OlmFailure.payloadCheck("sender_device_keys") }
        }
        guard let eventType = payload["type"]?.stringValue, let eventContent = payload["content"],
            eventContent.objectValue != nil
        else { throw OlmFailure.payloadCheck("type") }
        return OlmPayload(type: eventType, content: eventContent, senderKey: senderKey, claimedEd25519: claimed)
    }

    private func decrypt(_ message: OlmEncryptedMessage, from senderKey: String) async throws -> [UInt8] {
        var sessions = olmSessions[senderKey] ?? []
        // Newest first: the session in use is almost always the last one made.
        for index in sessions.indices.reversed() {
            if case .preKey = message, !sessions[index].matches(message) { continue }
            var session = sessions[index]
            guard let plaintext = try? session.decrypt(message) else { continue }
            // The session that spoke last is the one to answer with.
            sessions.remove(at: index)
            sessions.append(session)
            olmSessions[senderKey] = sessions
            try await state.save(.olmSession, "\(senderKey) \(session.sessionID)", session.pickle())
            return plaintext
        }
        guard case .preKey(let preKey) = message else { throw OlmFailure.noSession(senderKey: senderKey) }
        let inbound: OlmAccount.InboundSession
        do {
            inbound = try account.createInboundSession(theirIdentityKey: senderKey, preKeyMessage: preKey)
        } catch {
            throw OlmFailure.decryption(error)
        }
        let dropped = remember(inbound.session, with: senderKey)
        // The account (one-time key used) and the new session are stored together.
        try await state.save([
            .init(kind: .olmAccount, name: deviceID, bytes: account.pickle()),
            .init(
                kind: .olmSession, name: "\(senderKey) \(inbound.session.sessionID)", bytes: inbound.session.pickle()),
        ])
        await forget(dropped, with: senderKey)
        return inbound.plaintext
    }

    /// The most sessions kept per other device; older ones are dropped, from the store too.
    static let maximumSessionsPerDevice = 5

    /// Keeps `session` as the newest with `senderKey`; returns the sessions it pushed out.
    private func remember(_ session: OlmSession, with senderKey: String) -> [OlmSession] {
        var sessions = olmSessions[senderKey] ?? []
        sessions.append(session)
        let dropped = Array(sessions.prefix(max(0, sessions.count - Self.maximumSessionsPerDevice)))
        sessions.removeFirst(dropped.count)
        olmSessions[senderKey] = sessions
        return dropped
    }

    /// Removes stored sessions that were pushed out; one that stays stored is only kept too long.
    private func forget(_ dropped: [OlmSession], with senderKey: String) async {
        for session in dropped { try? await state.remove(.olmSession, "\(senderKey) \(session.sessionID)") }
    }

    func hasOlmSession(with device: DeviceInfo) -> Bool { hasOlmSession(curve25519: device.curve25519) }

    func hasOlmSession(curve25519: String) -> Bool { !(olmSessions[curve25519] ?? []).isEmpty }

    /// Olm sessions kept with the device of `curve25519`, for tests of their bound.
    func olmSessionCount(curve25519: String) -> Int { olmSessions[curve25519]?.count ?? 0 }

    /// Starts a session with `device` from its claimed one-time key (signature checked here).
    /// It is stored by `encryptOlm`, with the first message it encrypts and before that message
    /// can be sent: a session that never carried a message is worth nothing after a restart, and
    /// a room key going to 50 new devices is then one write, not a hundred.
    func startOlmSession(with device: DeviceInfo, oneTimeKey: CanonicalJSONValue) async throws {
        try JSONSigning.verify(
            oneTimeKey, userID: device.userID, deviceID: device.deviceID, publicKeyBase64: device.ed25519)
        guard let key = oneTimeKey["key"]?.stringValue else { throw OlmFailure.malformed }
        let session = try account.createOutboundSession(theirIdentityKey: device.curve25519, theirOneTimeKey: key)
        let dropped = remember(session, with: device.curve25519)
        await forget(dropped, with: device.curve25519)
    }

    /// The `m.room.encrypted` to-device content carrying `type`/`content` to `device`, with the
    /// payload fields the recipient checks; nil without a session.
    func encryptOlm(
        type: String, content: CanonicalJSONValue, for device: DeviceInfo
    ) async throws -> CanonicalJSONValue? {
        try await encryptOlm(type: type, content: content, for: [device]).first?.content
    }

    /// The `m.room.encrypted` to-device contents carrying `type`/`content` to each of `devices`
    /// that has a session (those without one are left out). The sessions, each moved on by its
    /// message, are stored in one synced write before the contents are returned, so nothing is
    /// sent that a restart could encrypt again with the same message key.
    func encryptOlm(
        type: String, content: CanonicalJSONValue, for devices: [DeviceInfo]
    ) async throws -> [(device: DeviceInfo, content: CanonicalJSONValue)] {
        var encrypted: [(device: DeviceInfo, content: CanonicalJSONValue)] = []
        var writes: [CryptoStateStore.Write] = []
        for device in devices {
            guard var sessions = olmSessions[device.curve25519], var session = sessions.last else { continue }
            let payload: CanonicalJSONValue = .object([
                "type": .string(type), "content": content, "sender": .string(userID),
                "sender_device": .string(deviceID), "keys": ["ed25519": .string(identityKeys.ed25519)],
                "recipient": .string(device.userID), "recipient_keys": ["ed25519": .string(device.ed25519)],
            ])
            let message = try session.encrypt(try CanonicalJSON.encode(payload))
            sessions[sessions.count - 1] = session
            olmSessions[device.curve25519] = sessions
            writes.append(
                .init(kind: .olmSession, name: "\(device.curve25519) \(session.sessionID)", bytes: session.pickle()))
            let ciphertext: CanonicalJSONValue = [
                "type": .integer(Int64(message.type)), "body": .string(message.body),
            ]
            encrypted.append(
                (
                    device,
                    .object([
                        "algorithm": .string(RoomKeys.olmAlgorithm), "sender_key": .string(identityKeys.curve25519),
                        "ciphertext": .object([device.curve25519: ciphertext]),
                    ])
                ))
        }
        try await state.save(writes)
        return encrypted
    }
}
