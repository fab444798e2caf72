import CoreMetrics

/// What end-to-end encryption reports to `/metrics`: encrypted room events decrypted or refused
/// (by reason), room keys shared (one per device), and the one-time keys left on the server.
struct EncryptionMetrics: Sendable {
    static let events = "gifbot_matrix_encrypted_events_total"
    static let keysShared = "gifbot_matrix_room_keys_shared_total"
    static let oneTimeKeys = "gifbot_matrix_one_time_keys"

    let factory: any MetricsFactory

    /// `result` is `decrypted` or the reason an event was refused (`unknown_session`,
    /// `wrong_sender`, `replay`, `decryption`, `malformed`).
    func event(_ result: String) {
        Counter(label: Self.events, dimensions: [("result", result)], factory: factory).increment()
    }

    func keysShared(_ devices: Int) {
        guard devices > 0 else { return }
        Counter(label: Self.keysShared, factory: factory).increment(by: devices)
    }

    func oneTimeKeysLeft(_ count: Int) {
        Gauge(label: Self.oneTimeKeys, factory: factory).record(count)
    }
}
