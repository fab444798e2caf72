import Foundation

@testable import Matrix

/// End-to-end encryption's server side: device and one-time keys, cross-signing keys and their
/// signatures, and to-device messages. The server stores and relays; it checks no signature, as
/// a client must not trust it to.
extension FakeHomeserver {
    func serveKeys(_ route: FakeRoute, parts: [String], caller: Caller) throws(FakeAnswer) -> FakeAnswer {
        guard route.method == "POST" else { throw .error(404, "M_UNRECOGNIZED", route.path) }
        switch parts {
        case ["upload"]: return serveUpload(route.body, caller: caller)
        case ["query"]: return queryKeys(route.body, caller: caller)
        case ["claim"]: return serveClaim(route.body)
        case ["device_signing", "upload"]: return try uploadCrossSigning(route.body, caller: caller)
        case ["signatures", "upload"]: return uploadSignatures(route.body)
        default: throw .error(404, "M_UNRECOGNIZED", route.path)
        }
    }

    func serveUpload(_ body: JSONValue, caller: Caller) -> FakeAnswer {
        var device = accounts[caller.userID]?.devices[caller.deviceID] ?? Device()
        if let keys = body["device_keys"], keys != device.deviceKeys {
            device.deviceKeys = keys
            keyChanges[caller.userID] = advance()
        }
        for (id, key) in body["one_time_keys"]?.objectValue ?? [:] { device.oneTimeKeys[id] = key }
        if let fallback = body["fallback_keys"]?.objectValue {
            device.fallbackKeys = fallback
            device.usedFallbackKeys = []
        }
        accounts[caller.userID]?.devices[caller.deviceID] = device
        return .ok(["one_time_key_counts": ["signed_curve25519": .number(Double(device.oneTimeKeys.count))]])
    }

    private func queryKeys(_ body: JSONValue, caller: Caller) -> FakeAnswer {
        var deviceKeys: [String: JSONValue] = [:]
        var crossSigning: [String: [String: JSONValue]] = [:]
        for user in (body["device_keys"]?.objectValue ?? [:]).keys {
            guard let account = accounts[user] else { continue }
            var devices: [String: JSONValue] = [:]
            for (id, device) in account.devices { if let keys = device.deviceKeys { devices[id] = keys } }
            deviceKeys[user] = .object(devices)
            for (kind, key) in account.crossSigning where kind != "user_signing" || user == caller.userID {
                crossSigning[kind + "_keys", default: [:]][user] = key
            }
        }
        var answer: [String: JSONValue] = ["device_keys": .object(deviceKeys), "failures": [:]]
        for (field, keys) in crossSigning { answer[field] = .object(keys) }
        return .ok(.object(answer))
    }

    func serveClaim(_ body: JSONValue) -> FakeAnswer {
        var claimed: [String: JSONValue] = [:]
        for (user, wanted) in body["one_time_keys"]?.objectValue ?? [:] {
            var keys: [String: JSONValue] = [:]
            for deviceID in (wanted.objectValue ?? [:]).keys {
                guard var device = accounts[user]?.devices[deviceID] else { continue }
                if let id = device.oneTimeKeys.keys.sorted().first, let key = device.oneTimeKeys.removeValue(forKey: id)
                {
                    keys[deviceID] = .object([id: key])
                } else if let (id, key) = device.fallbackKeys.first {
                    device.usedFallbackKeys.insert(id)
                    keys[deviceID] = .object([id: key])
                }
                accounts[user]?.devices[deviceID] = device
            }
            claimed[user] = .object(keys)
        }
        return .ok(["one_time_keys": .object(claimed), "failures": [:]])
    }

    /// Publishing cross-signing keys: the first time freely (MSC3967), a replacement only with
    /// the password, through user-interactive authentication.
    private func uploadCrossSigning(_ body: JSONValue, caller: Caller) throws(FakeAnswer) -> FakeAnswer {
        guard let account = accounts[caller.userID] else { throw .unknownToken }
        if !account.crossSigning.isEmpty {
            let auth = body["auth"]
            guard auth?["type"]?.string == "m.login.password", auth?["password"]?.string == account.password else {
                throw FakeAnswer(
                    status: 401,
                    body: [
                        "flows": [["stages": ["m.login.password"]]], "params": [:], "session": .string(nextID("uia")),
                    ])
            }
        }
        for kind in ["master", "self_signing", "user_signing"] {
            if let key = body[kind + "_key"] { accounts[caller.userID]?.crossSigning[kind] = key }
        }
        keyChanges[caller.userID] = advance()
        return .ok([:])
    }

    /// Merges each uploaded signature into the object it signs: a device's keys, or a
    /// cross-signing key named by its public key.
    private func uploadSignatures(_ body: JSONValue) -> FakeAnswer {
        for (user, objects) in body.objectValue ?? [:] {
            for (keyID, signed) in objects.objectValue ?? [:] {
                guard let signatures = signed["signatures"] else { continue }
                if let keys = accounts[user]?.devices[keyID]?.deviceKeys {
                    accounts[user]?.devices[keyID]?.deviceKeys = Self.merging(signatures, into: keys)
                } else if let kind = accounts[user]?.crossSigning.first(where: {
                    Self.publicKeys(of: $0.value).contains(keyID)
                })?.key,
                    let key = accounts[user]?.crossSigning[kind]
                {
                    accounts[user]?.crossSigning[kind] = Self.merging(signatures, into: key)
                }
            }
            keyChanges[user] = advance()
        }
        return .ok(["failures": [:]])
    }

    private static func publicKeys(of key: JSONValue) -> [String] {
        (key["keys"]?.objectValue ?? [:]).values.compactMap(\.string)
    }

    private static func merging(_ signatures: JSONValue, into object: JSONValue) -> JSONValue {
        guard case .object(var fields) = object else { return object }
        var all = fields["signatures"]?.objectValue ?? [:]
        for (signer, byKey) in signatures.objectValue ?? [:] {
            var existing = all[signer]?.objectValue ?? [:]
            for (keyID, value) in byKey.objectValue ?? [:] { existing[keyID] = value }
            all[signer] = .object(existing)
        }
        fields["signatures"] = .object(all)
        return .object(fields)
    }

    func sendToDevice(type: String, _ body: JSONValue, caller: Caller) throws(FakeAnswer) -> FakeAnswer {
        for (user, byDevice) in body["messages"]?.objectValue ?? [:] {
            for (deviceID, content) in byDevice.objectValue ?? [:] {
                let targets = deviceID == "*" ? devices(of: user) : [deviceID]
                for target in targets where accounts[user]?.devices[target] != nil {
                    let event: JSONValue = [
                        "type": .string(type), "sender": .string(caller.userID), "content": content,
                    ]
                    accounts[user]?.devices[target]?.inbox.append((advance(), event))
                }
            }
        }
        return .ok([:])
    }
}
