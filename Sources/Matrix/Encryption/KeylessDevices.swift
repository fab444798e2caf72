import Foundation

/// Devices that had no one-time key left when the bot claimed one: not claimed for again until
/// `retryAfter` has passed, and their owner named in one notice per `retryAfter`, however many
/// devices they have. A user with hundreds of devices and no keys would otherwise cost a
/// `/keys/claim` and a notice per device on every message to their room.
struct KeylessDevices: Sendable {
    static let retryAfter: TimeInterval = 600
    private let failed = RecentUseLimit<String>(limit: 1, window: retryAfter, maximumKeys: 10_000)
    private let told = RecentUseLimit<String>(limit: 1, window: retryAfter)

    /// Whether to claim a one-time key for `device` now.
    func isWorthClaiming(_ device: DeviceInfo, now: Date) -> Bool { failed.allows(device.address, now: now) }

    /// Remembers `devices` as keyless; returns their owners not told of yet within `retryAfter`,
    /// each with how many of their devices this claim left without a key.
    func remember(_ devices: [DeviceInfo], now: Date) -> [(user: String, devices: Int)] {
        for device in devices { _ = failed.admit(device.address, now: now) }
        let byUser = Dictionary(devices.map { ($0.userID, 1) }, uniquingKeysWith: +)
        return byUser.keys.sorted().filter { told.admit($0, now: now) }.map { ($0, byUser[$0] ?? 0) }
    }
}
