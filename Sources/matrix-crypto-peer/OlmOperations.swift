import MatrixCrypto

extension Peer {
    static let olmOperations = [
        "olm_account_create", "olm_generate_one_time_keys", "olm_mark_published", "olm_generate_fallback_key",
        "olm_sign", "olm_device_keys", "olm_signed_one_time_keys", "olm_create_outbound", "olm_create_inbound",
        "olm_encrypt", "olm_decrypt", "olm_matches", "olm_account_repickle", "olm_session_repickle",
    ]

    mutating func performOlm(_ request: Request) throws -> [String: CanonicalJSONValue]? {
        switch request.op {
        case "olm_account_create":
            // {} -> {handle, curve25519, ed25519}
            return storeAccount(OlmAccount())
        case "olm_generate_one_time_keys":
            // {account, count} -> {one_time_keys: {key id: key}} (all unpublished ones)
            var account = try olmAccount(request)
            account.generateOneTimeKeys(count: Int(try request.integer("count")))
            olmAccounts[try request.string("account")] = account
            return ["one_time_keys": .object(account.unpublishedOneTimeKeys.mapValues(CanonicalJSONValue.string))]
        case "olm_mark_published":
            var account = try olmAccount(request)
            account.markKeysAsPublished()
            olmAccounts[try request.string("account")] = account
            return [:]
        case "olm_generate_fallback_key":
            // {account} -> {fallback_key: {key id: key}}
            var account = try olmAccount(request)
            account.generateFallbackKey()
            olmAccounts[try request.string("account")] = account
            return ["fallback_key": .object(account.unpublishedFallbackKey.mapValues(CanonicalJSONValue.string))]
        case "olm_sign":
            // {account, message_b64} -> {signature}
            return ["signature": .string(try olmAccount(request).sign(try request.bytes("message_b64")))]
        case "olm_device_keys":
            // {account, user_id, device_id} -> {device_keys (canonical text)}
            let keys = try olmAccount(request).deviceKeys(
                userID: try request.string("user_id"), deviceID: try request.string("device_id"))
            return ["device_keys": .string(try CanonicalJSON.encodeString(keys))]
        case "olm_signed_one_time_keys":
            // {account, user_id, device_id} -> {one_time_keys, fallback_keys (canonical text)}
            let account = try olmAccount(request)
            let userID = try request.string("user_id")
            let deviceID = try request.string("device_id")
            return [
                "one_time_keys": .string(
                    try CanonicalJSON.encodeString(try account.signedOneTimeKeys(userID: userID, deviceID: deviceID))),
                "fallback_keys": .string(
                    try CanonicalJSON.encodeString(try account.signedFallbackKeys(userID: userID, deviceID: deviceID))),
            ]
        case "olm_create_outbound":
            // {account, identity_key, one_time_key} -> {session, session_id}
            let session = try olmAccount(request).createOutboundSession(
                theirIdentityKey: try request.string("identity_key"),
                theirOneTimeKey: try request.string("one_time_key"))
            return storeSession(session)
        case "olm_create_inbound":
            // {account, identity_key, type, body} -> {session, session_id, plaintext_b64, used_fallback_key}
            guard case .preKey(let message) = try encryptedMessage(request) else {
                throw MatrixCryptoError.olmSessionMismatch
            }
            var account = try olmAccount(request)
            let inbound = try account.createInboundSession(
                theirIdentityKey: try request.string("identity_key"), preKeyMessage: message)
            olmAccounts[try request.string("account")] = account
            var answer = storeSession(inbound.session)
            answer["plaintext_b64"] = base64(inbound.plaintext)
            answer["used_fallback_key"] = .bool(inbound.usedFallbackKey)
            return answer
        case "olm_encrypt":
            // {session, plaintext_b64} -> {type, body}
            var session = try olmSession(request)
            let message = try session.encrypt(try request.bytes("plaintext_b64"))
            olmSessions[try request.string("session")] = session
            return ["type": .integer(Int64(message.type)), "body": .string(message.body)]
        case "olm_decrypt":
            // {session, type, body} -> {plaintext_b64}
            var session = try olmSession(request)
            let plaintext = try session.decrypt(try encryptedMessage(request))
            olmSessions[try request.string("session")] = session
            return ["plaintext_b64": base64(plaintext)]
        case "olm_matches":
            // {session, type, body} -> {matches}
            return ["matches": .bool(try olmSession(request).matches(try encryptedMessage(request)))]
        case "olm_account_repickle":
            // {account} -> {handle, ...}: the account through its pickle, as a new handle.
            return storeAccount(try OlmAccount(pickle: try olmAccount(request).pickle()))
        case "olm_session_repickle":
            // {session} -> {session, session_id}
            return storeSession(try OlmSession(pickle: try olmSession(request).pickle()))
        default:
            return nil
        }
    }

    mutating func storeAccount(_ account: OlmAccount) -> [String: CanonicalJSONValue] {
        let handle = newHandle()
        olmAccounts[handle] = account
        return [
            "handle": .string(handle), "curve25519": .string(account.identityKeys.curve25519),
            "ed25519": .string(account.identityKeys.ed25519),
        ]
    }

    mutating func storeSession(_ session: OlmSession) -> [String: CanonicalJSONValue] {
        let handle = newHandle()
        olmSessions[handle] = session
        return ["session": .string(handle), "session_id": .string(session.sessionID)]
    }

    func encryptedMessage(_ request: Request) throws -> OlmEncryptedMessage {
        try OlmEncryptedMessage(type: Int(try request.integer("type")), body: try request.string("body"))
    }

    func olmAccount(_ request: Request, _ parameter: String = "account") throws -> OlmAccount {
        let handle = try request.string(parameter)
        guard let account = olmAccounts[handle] else { throw RequestError(message: "no account \(handle)") }
        return account
    }

    func olmSession(_ request: Request) throws -> OlmSession {
        let handle = try request.string("session")
        guard let session = olmSessions[handle] else { throw RequestError(message: "no session \(handle)") }
        return session
    }
}
