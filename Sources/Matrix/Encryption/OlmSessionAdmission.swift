import Foundation
import MatrixCrypto

/// Whether an Olm message may start a new session: only from a device its sender has published.
/// A pre-key message from a Curve25519 key the bot has no session with would otherwise make a
/// session (a stored row, and one of the bot's one-time keys or its reused fallback key) for
/// every identity anyone cares to make up. A sender whose devices seem not to include the key is
/// asked for again (`/keys/query`) at most once per `requeryInterval`: a device's first message
/// can come before the sync that says its owner's devices changed.
struct OlmSessionAdmission: Sendable {
    static let requeryInterval: TimeInterval = 60
    let device: MatrixDevice
    let directory: DeviceDirectory
    let query: @Sendable ([String]) async throws -> CanonicalJSONValue
    let now: @Sendable () -> Date
    private let requeries = RecentUseLimit<String>(limit: 1, window: requeryInterval)

    init(
        device: MatrixDevice, directory: DeviceDirectory,
        query: @escaping @Sendable ([String]) async throws -> CanonicalJSONValue, now: @escaping @Sendable () -> Date
    ) {
        self.device = device
        self.directory = directory
        self.query = query
        self.now = now
    }

    /// True when the to-device `content` from `sender` may be decrypted: it comes from a key the
    /// bot has a session with, or from one of the sender's devices.
    func admits(_ content: CanonicalJSONValue, from sender: String) async -> Bool {
        guard let senderKey = content["sender_key"]?.stringValue else { return true }
        if await device.hasOlmSession(curve25519: senderKey) { return true }
        _ = await directory.devices(of: [sender], query: query)
        if await directory.device(of: sender, curve25519: senderKey) != nil { return true }
        guard requeries.admit(sender, now: now()) else { return false }
        await directory.markChanged([sender])
        _ = await directory.devices(of: [sender], query: query)
        return await directory.device(of: sender, curve25519: senderKey) != nil
    }
}
