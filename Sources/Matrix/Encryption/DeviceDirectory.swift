import Foundation
import Logging
import MatrixCrypto

/// The devices of the users the bot shares encrypted rooms with, checked (`DeviceInfo`) and kept
/// in the store. A user is queried (`/keys/query`) when first needed and again after
/// `device_lists.changed` names them; `device_lists.left` forgets them. Each answer's master
/// keys go to `pins`, which notices a changed identity.
///
/// That a user's devices are out of date is stored too (`.outdatedDevices`): the sync position
/// past the batch that said so is stored, so a restart would not hear it again, and a room key
/// would go to the devices the user had before.
actor DeviceDirectory {
    private let state: CryptoStateStore
    nonisolated let pins: IdentityPins
    private let logger: Logger
    /// Each user's devices in the order of their ids (`inOrder`): sorted when they are read or
    /// change, not with every encrypted message.
    private var devices: [String: [DeviceInfo]] = [:]
    private var outdated: Set<String> = []

    init(state: CryptoStateStore, pins: IdentityPins, logger: Logger) async throws {
        self.state = state
        self.pins = pins
        self.logger = logger
        for (userID, bytes) in try await state.loadAll(.devices) {
            let listed = try? JSONDecoder().decode([String: DeviceInfo].self, from: Data(bytes))
            devices[userID] = listed.map(Self.inOrder)
        }
        outdated = Set(try await state.loadAll(.outdatedDevices).map(\.name).filter { devices[$0] != nil })
    }

    /// Users whose devices changed (`device_lists.changed`): those known are asked for again
    /// before their next use. Users not known are asked for when first needed anyway.
    func markChanged(_ users: [String]) async {
        await markOutdated(users.filter { devices[$0] != nil && !outdated.contains($0) })
    }

    /// Every known user's devices out of date: after a sync from no position (a position the
    /// homeserver forgot), which says nothing of the changes in the gap.
    func markAllOutdated() async {
        await markOutdated(devices.keys.filter { !outdated.contains($0) })
    }

    private func markOutdated(_ users: [String]) async {
        guard !users.isEmpty else { return }
        outdated.formUnion(users)
        do {
            try await state.save(users.map { CryptoStateStore.Write(kind: .outdatedDevices, name: $0, bytes: []) })
        } catch {
            // Still asked for again in this run; only a restart before then would miss it.
            logger.warning("Could not store that devices are out of date", metadata: ["error": "\(error)"])
        }
    }

    func forget(_ users: [String]) async {
        for user in users {
            devices[user] = nil
            try? await state.remove(.devices, user)
            if outdated.remove(user) != nil { try? await state.remove(.outdatedDevices, user) }
        }
    }

    /// The checked devices of `users`, querying those unknown or outdated first.
    func devices(
        of users: [String], query: @Sendable ([String]) async throws -> CanonicalJSONValue
    ) async
        -> [DeviceInfo]
    {
        let needed = users.filter { devices[$0] == nil || outdated.contains($0) }
        if !needed.isEmpty {
            do {
                try await update(needed, from: try await query(needed))
            } catch {
                logger.warning("Could not query devices", metadata: ["error": "\(error)"])
            }
        }
        // In the order of their addresses (a user id holds no space). A room's members come
        // sorted (`RoomKeySharing`), and each user's devices are kept in order: then nothing is
        // sorted with each encrypted message.
        let listed = users.flatMap { devices[$0] ?? [] }
        if zip(users, users.dropFirst()).allSatisfy({ $0 < $1 }) { return listed }
        return listed.sorted { ($0.userID, $0.deviceID) < ($1.userID, $1.deviceID) }
    }

    /// A user's devices, listed by id as they are stored, in the order of their ids.
    private static func inOrder(_ listed: [String: DeviceInfo]) -> [DeviceInfo] {
        listed.values.sorted { $0.deviceID < $1.deviceID }
    }

    /// The known device whose Curve25519 key is `curve25519`, if it belongs to `userID`.
    func device(of userID: String, curve25519: String) -> DeviceInfo? {
        devices[userID]?.first { $0.curve25519 == curve25519 }
    }

    private func update(_ users: [String], from answer: CanonicalJSONValue) async throws {
        var writes: [CryptoStateStore.Write] = []
        await pins.observe(
            users.map { user in (user, DeviceInfo.masterKey(userID: user, master: answer["master_keys"]?[user])) })
        for user in users {
            guard let listed = answer["device_keys"]?[user]?.objectValue else { continue }
            let selfSigning = DeviceInfo.selfSigningKey(
                userID: user, master: answer["master_keys"]?[user], selfSigning: answer["self_signing_keys"]?[user])
            var checked: [String: DeviceInfo] = [:]
            let known = Dictionary((devices[user] ?? []).map { ($0.deviceID, $0) }) { first, _ in first }
            for (deviceID, object) in listed {
                guard
                    let device = DeviceInfo.verified(
                        object, userID: user, deviceID: deviceID, selfSigningKey: selfSigning)
                else {
                    logger.warning(
                        "Ignored a device whose keys are not validly signed",
                        metadata: ["user": "\(user)", "device": "\(deviceID)"])
                    continue
                }
                // A device id never changes its identity keys: a change is an attack or a bug.
                if let known = known[deviceID], known.ed25519 != device.ed25519 {
                    logger.warning(
                        "Ignored a device whose identity key changed",
                        metadata: ["user": "\(user)", "device": "\(deviceID)"])
                    continue
                }
                checked[deviceID] = device
            }
            devices[user] = Self.inOrder(checked)
            writes.append(.init(kind: .devices, name: user, bytes: Array(try JSONEncoder().encode(checked))))
        }
        try await state.save(writes)
        // Up to date once the devices are stored (a mark removed first could be lost with
        // them). A mark left stored by a failure costs one more query after a restart.
        for user in writes.map(\.name) where outdated.contains(user) {
            outdated.remove(user)
            try? await state.remove(.outdatedDevices, user)
        }
    }
}
