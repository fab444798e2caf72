import MatrixCrypto

extension Peer {
    static let megolmOperations = [
        "megolm_outbound_create", "megolm_session_key", "megolm_encrypt", "megolm_encrypt_many", "megolm_advance",
        "megolm_inbound_create",
        "megolm_inbound_import", "megolm_decrypt", "megolm_export", "megolm_outbound_repickle",
        "megolm_inbound_repickle",
    ]

    mutating func performMegolm(_ request: Request) throws -> [String: CanonicalJSONValue]? {
        switch request.op {
        case "megolm_outbound_create":
            // {} -> {handle, session_id, session_key, message_index}
            let session = MegolmOutboundSession()
            let handle = newHandle()
            megolmOutbound[handle] = session
            return ["handle": .string(handle)].merging(Self.describe(session)) { first, _ in first }
        case "megolm_session_key":
            // {handle} -> {session_id, session_key, message_index}
            return Self.describe(try outbound(request))
        case "megolm_encrypt":
            // {handle, plaintext_b64} -> {message, message_index}
            var session = try outbound(request)
            let message = try session.encrypt(try request.bytes("plaintext_b64"))
            megolmOutbound[try request.string("handle")] = session
            return ["message": .string(message.base64), "message_index": .integer(Int64(message.messageIndex))]
        case "megolm_encrypt_many":
            // {handle, plaintext_b64, count, keep: [index]} -> {messages: {"<index>": message}}: reaches
            // high indices (65,536) without a round trip per message.
            var session = try outbound(request)
            let plaintext = try request.bytes("plaintext_b64")
            let keep = Set((try request.value("keep").arrayValue ?? []).compactMap(\.integerValue))
            var messages: [String: CanonicalJSONValue] = [:]
            for _ in 0..<max(0, try request.integer("count")) {
                let message = try session.encrypt(plaintext)
                if keep.contains(Int64(message.messageIndex)) {
                    messages[String(message.messageIndex)] = .string(message.base64)
                }
            }
            megolmOutbound[try request.string("handle")] = session
            return ["messages": .object(messages)]
        case "megolm_advance":
            // {handle, index} -> {session_id, session_key, message_index}: moves the ratchet ahead unsent.
            var session = try outbound(request)
            guard let index = UInt32(exactly: try request.integer("index")) else {
                throw RequestError(message: "index out of range")
            }
            session.advance(to: index)
            megolmOutbound[try request.string("handle")] = session
            return Self.describe(session)
        case "megolm_inbound_create":
            // {session_key} -> {handle, session_id, first_known_index}
            return store(try MegolmInboundSession(sessionKeyBase64: try request.string("session_key")))
        case "megolm_inbound_import":
            // {exported_key} -> {handle, session_id, first_known_index}
            return store(try MegolmInboundSession(exportedKeyBase64: try request.string("exported_key")))
        case "megolm_decrypt":
            // {handle, message, event_id?} -> {plaintext_b64, message_index}; with an event id the
            // replay guard refuses the same index in another event (megolmReplay).
            let handle = try request.string("handle")
            var session = try inbound(request)
            let decrypted = try session.decrypt(base64: try request.string("message"))
            megolmInbound[handle] = session
            if let eventID = request.optionalString("event_id") {
                try replayGuard.check(
                    sessionID: session.sessionID, messageIndex: decrypted.messageIndex, eventID: eventID)
            }
            return [
                "plaintext_b64": base64(decrypted.plaintext), "message_index": .integer(Int64(decrypted.messageIndex)),
            ]
        case "megolm_export":
            // {handle, index} -> {exported_key}
            let index = try request.integer("index")
            guard let index = UInt32(exactly: index) else { throw RequestError(message: "index out of range") }
            return ["exported_key": .string(try inbound(request).export(at: index).base64)]
        case "megolm_outbound_repickle":
            // {handle} -> {handle}: the session through its pickle, as a new handle.
            let copy = try MegolmOutboundSession(pickle: try outbound(request).pickle())
            let handle = newHandle()
            megolmOutbound[handle] = copy
            return ["handle": .string(handle)].merging(Self.describe(copy)) { first, _ in first }
        case "megolm_inbound_repickle":
            return store(try MegolmInboundSession(pickle: try inbound(request).pickle()))
        default:
            return nil
        }
    }

    static func describe(_ session: MegolmOutboundSession) -> [String: CanonicalJSONValue] {
        [
            "session_id": .string(session.sessionID), "session_key": .string(session.sessionKey.base64),
            "message_index": .integer(Int64(session.messageIndex)),
        ]
    }

    mutating func store(_ session: MegolmInboundSession) -> [String: CanonicalJSONValue] {
        let handle = newHandle()
        megolmInbound[handle] = session
        return [
            "handle": .string(handle), "session_id": .string(session.sessionID),
            "first_known_index": .integer(Int64(session.firstKnownIndex)),
        ]
    }

    func outbound(_ request: Request) throws -> MegolmOutboundSession {
        let handle = try request.string("handle")
        guard let session = megolmOutbound[handle] else { throw RequestError(message: "no outbound session \(handle)") }
        return session
    }

    func inbound(_ request: Request) throws -> MegolmInboundSession {
        let handle = try request.string("handle")
        guard let session = megolmInbound[handle] else { throw RequestError(message: "no inbound session \(handle)") }
        return session
    }
}
