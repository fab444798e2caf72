import Foundation

@testable import Matrix

/// Accounts, logins and tokens.
extension FakeHomeserver {
    /// Registers `localpart` and returns its user id.
    @discardableResult
    func register(_ localpart: String, password: String = "password") -> String {
        let userID = "@\(localpart):\(Self.serverName)"
        accounts[userID] = Account(password: password, displayName: localpart)
        return userID
    }

    func userID(_ identifier: String) -> String {
        identifier.hasPrefix("@") ? identifier : "@\(identifier):\(Self.serverName)"
    }

    func logIn(_ body: JSONValue) throws(FakeAnswer) -> FakeAnswer {
        guard body["type"]?.string == "m.login.password", let user = body["identifier"]?["user"]?.string,
            let password = body["password"]?.string
        else { throw .badJSON("password login only") }
        let userID = userID(user)
        guard let account = accounts[userID], account.password == password else {
            throw .forbidden("Invalid username or password")
        }
        let deviceID = body["device_id"]?.string ?? nextID("DEVICE")
        if account.devices[deviceID] == nil { accounts[userID]?.devices[deviceID] = Device() }
        let caller = Caller(userID: userID, deviceID: deviceID)
        var answer: [String: JSONValue] = ["user_id": .string(userID), "device_id": .string(deviceID)]
        answer.merge(issueTokens(for: caller, refreshable: body["refresh_token"] == .bool(true))) { $1 }
        return .ok(.object(answer))
    }

    func refresh(_ body: JSONValue) throws(FakeAnswer) -> FakeAnswer {
        guard let token = body["refresh_token"]?.string, let caller = refreshTokens.removeValue(forKey: token) else {
            throw .error(401, "M_UNKNOWN_TOKEN", "unknown refresh token", extra: ["soft_logout": false])
        }
        accessTokens = accessTokens.filter { $0.value.caller != caller }
        return .ok(.object(issueTokens(for: caller, refreshable: true)))
    }

    private func issueTokens(for caller: Caller, refreshable: Bool) -> [String: JSONValue] {
        let access = "access-" + UUID().uuidString
        var answer: [String: JSONValue] = ["access_token": .string(access)]
        if refreshable, let lifetime = accessTokenLifetime {
            accessTokens[access] = IssuedToken(caller: caller, expires: .now + lifetime)
            let refresh = "refresh-" + UUID().uuidString
            refreshTokens[refresh] = caller
            answer["refresh_token"] = .string(refresh)
            answer["expires_in_ms"] = .number(Double(lifetime.components.seconds * 1000))
        } else {
            accessTokens[access] = IssuedToken(caller: caller, expires: nil)
        }
        return answer
    }

    /// The devices `userID` is logged in on.
    func devices(of userID: String) -> [String] { (accounts[userID]?.devices.keys).map { $0.sorted() } ?? [] }

    /// An administrator's logout of one device: its tokens and keys go, and its next request is
    /// refused without `soft_logout`.
    func deleteDevice(_ deviceID: String, of userID: String) {
        let caller = Caller(userID: userID, deviceID: deviceID)
        accessTokens = accessTokens.filter { $0.value.caller != caller }
        refreshTokens = refreshTokens.filter { $0.value != caller }
        accounts[userID]?.devices[deviceID] = nil
        keyChanges[userID] = advance()
    }

    /// Every access token of `userID` expires now (its refresh tokens still work).
    func expireAccessTokens(of userID: String) {
        for (token, issued) in accessTokens where issued.caller.userID == userID {
            accessTokens[token] = IssuedToken(caller: issued.caller, expires: .now)
        }
    }

    func accountData(_ route: FakeRoute, user: String, type: String, caller: Caller) throws(FakeAnswer) -> FakeAnswer {
        guard user == caller.userID else { throw .forbidden("not your account data") }
        if route.method == "PUT" {
            accounts[user]?.accountData[type] = route.body
            return .ok([:])
        }
        guard let content = accounts[user]?.accountData[type] else { throw .notFound }
        return .ok(content)
    }
}
