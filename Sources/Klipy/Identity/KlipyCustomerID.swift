import Crypto
import Foundation

/// KLIPY's `customer_id` for one chat user: "a unique user identifier… consistent for the same
/// user" that KLIPY uses for personalisation and recents (its docs suggest "a hash or UUID").
/// The bot sends HMAC-SHA256 under a secret KLIPY never sees, so the value is stable per user
/// but KLIPY cannot recover a nick or Matrix id from it, not even by hashing guessed names.
public struct KlipyCustomerID: Sendable, Hashable, CustomStringConvertible {
    /// 32 lowercase hex digits (128 bits of the MAC): URL-safe, as it also goes into paths.
    public let value: String

    public var description: String { value }

    fileprivate init(value: String) {
        self.value = value
    }
}

/// Derives customer ids. One per process, built from the configured secret.
public struct KlipyCustomerIDDeriver: Sendable {
    /// Shorter secrets are guessable; 16 random bytes is the floor.
    public static let minimumSecretBytes = 16

    /// Raw bytes: swift-crypto's `SymmetricKey` is not `Sendable`, so one is made per call.
    private let secret: [UInt8]

    /// Nil when `secret` is shorter than `minimumSecretBytes`.
    public init?(secret: some DataProtocol) {
        guard secret.count >= Self.minimumSecretBytes else { return nil }
        self.secret = Array(secret)
    }

    /// A fresh random secret, for a deployment that stores one on first start.
    public static func generateSecret() -> [UInt8] {
        SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
    }

    /// `network` and `userID` are the store's user key (an IRC account or case-folded nick, a
    /// Matrix user id), so the same person gets the same id on every call. The parts are
    /// length-prefixed so `("a:b", "c")` and `("a", "b:c")` cannot collide.
    public func customerID(network: String, userID: String) -> KlipyCustomerID {
        var message = Array("gifbot/klipy/customer_id/v1".utf8)
        for part in [network, userID] {
            let bytes = Array(part.utf8)
            message += withUnsafeBytes(of: UInt32(bytes.count).bigEndian) { Array($0) }
            message += bytes
        }
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: secret))
        let digits = Array("0123456789abcdef".utf8)
        let hex = mac.prefix(16).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }
        return KlipyCustomerID(value: String(decoding: hex, as: UTF8.self))
    }
}
