import Foundation

/// Which broken Olm sessions may be mended now (a new session and an `m.dummy` over it): each
/// device at most once an hour, so a stream of undecryptable messages makes one new session, not
/// one each; and each user at most `perUserPerHour` times, since the Curve25519 key of a message
/// that no session decrypts is only what its sender claims.
struct SessionMending: Sendable {
    static let interval: TimeInterval = 3600
    static let perUserPerHour = 5
    private let now: @Sendable () -> Date
    private let byDevice = RecentUseLimit<String>(limit: 1, window: interval)
    private let byUser = RecentUseLimit<String>(limit: perUserPerHour, window: interval)

    init(now: @escaping @Sendable () -> Date) { self.now = now }

    func claim(user: String, senderKey: String) -> Bool {
        let date = now(), device = "\(user) \(senderKey)"
        guard byDevice.allows(device, now: date), byUser.admit(user, now: date) else { return false }
        return byDevice.admit(device, now: date)
    }

    var trackedKeys: (devices: Int, users: Int) { (byDevice.trackedKeys, byUser.trackedKeys) }
}
