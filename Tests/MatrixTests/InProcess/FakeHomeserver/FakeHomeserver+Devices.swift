import Foundation

@testable import Matrix

/// The server side of the test's own encrypting devices (`InProcessPeer`), which act on the
/// server directly as the test's people do.
extension FakeHomeserver {
    /// A device of `userID`'s, as a login would make it.
    func addDevice(_ deviceID: String, of userID: String) {
        if accounts[userID]?.devices[deviceID] == nil { accounts[userID]?.devices[deviceID] = Device() }
    }

    /// `/keys/upload` for one of the test's devices.
    func uploadKeys(_ body: JSONValue, for deviceID: String, of userID: String) -> [String: Int] {
        let answer = serveUpload(body, caller: Caller(userID: userID, deviceID: deviceID))
        var counts: [String: Int] = [:]
        for (algorithm, count) in answer.body["one_time_key_counts"]?.objectValue ?? [:] {
            counts[algorithm] = count.int
        }
        return counts
    }

    /// The published device keys of `userID`'s devices.
    func deviceKeys(of userID: String) -> [String: JSONValue] {
        (accounts[userID]?.devices ?? [:]).compactMapValues(\.deviceKeys)
    }

    /// Claims one of the device's one-time keys (or its fallback key): `{"signed_curve25519:…": …}`.
    func claimKey(of deviceID: String, of userID: String) -> JSONValue? {
        serveClaim(["one_time_keys": [userID: [deviceID: "signed_curve25519"]]]).body["one_time_keys"]?[userID]?[
            deviceID]
    }

    /// Takes what was sent to the device since it last looked.
    func takeInbox(of deviceID: String, of userID: String) -> [JSONValue] {
        let inbox = accounts[userID]?.devices[deviceID]?.inbox.map(\.event) ?? []
        accounts[userID]?.devices[deviceID]?.inbox = []
        return inbox
    }

    /// A to-device event from one of the test's people.
    func sendToDevice(type: String, content: JSONValue, from sender: String, to deviceID: String, of userID: String) {
        let event: JSONValue = ["type": .string(type), "sender": .string(sender), "content": content]
        accounts[userID]?.devices[deviceID]?.inbox.append((advance(), event))
    }

    /// The first to-device event of `type` waiting for the device (left there), once it comes.
    func waitForToDevice(
        _ type: String, to deviceID: String, of userID: String, timeout: Duration = .seconds(10)
    ) async throws -> JSONValue {
        try await waitFor(timeout: timeout) { server in
            server.accounts[userID]?.devices[deviceID]?.inbox.map(\.event).first { $0["type"]?.string == type }
        }
    }

    /// The devices of `userID` whose keys are published, once there is one.
    func waitForDeviceKeys(of userID: String, timeout: Duration = .seconds(10)) async throws -> [String] {
        try await waitFor(timeout: timeout) { server in
            let devices = server.deviceKeys(of: userID).keys.sorted()
            return devices.isEmpty ? nil : devices
        }
    }

    /// What `probe` finds, as soon as it finds something; throws after `timeout`.
    func waitFor<Found: Sendable>(
        timeout: Duration, _ probe: (isolated FakeHomeserver) -> Found?
    ) async throws -> Found {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let found = probe(self) { return found }
            guard ContinuousClock.now < deadline else { throw FakeHomeserverTimeout() }
            try Task.checkCancellation()
            await changed(before: deadline)
        }
    }
}
