import Crypto
import Foundation
import GifBotCore

/// What a `!web` link carries: who it logs in, the channel they asked in, until when, and a
/// nonce that the store records when the link is used, so it works once.
public struct LoginTicket: Sendable, Equatable, Codable {
    public let nonce: String
    public let network: String
    public let userID: String
    public let channel: String?
    /// Unix seconds.
    public let expiresAt: Int

    public init(nonce: String, user: UserKey, channel: String?, expiresAt: Date) {
        self.nonce = nonce
        network = user.network
        userID = user.userID
        self.channel = channel
        self.expiresAt = Int(expiresAt.timeIntervalSince1970)
    }

    public var user: UserKey { UserKey(network: network, userID: userID) }
    public var expiryDate: Date { Date(timeIntervalSince1970: TimeInterval(expiresAt)) }
}

/// Why a link was refused. Every case gets the same plain 403 page: which one is for the log.
public enum LoginRejection: Error, Sendable, Equatable {
    case malformed, badSignature, expired, alreadyUsed
}

/// `v1.<payload>.<mac>`, both base64url: the payload is the ticket's JSON, the MAC its
/// HMAC-SHA256 under the login key. Checked in constant time before anything is decoded.
public struct LoginTokenCodec: Sendable {
    public static let lifetime: TimeInterval = 15 * 60
    /// Longer tokens are not ours; refused before any work.
    static let maximumLength = 1024
    private static let version = "v1"
    let keys: WebKeys

    public init(keys: WebKeys) {
        self.keys = keys
    }

    public func token(for ticket: LoginTicket) throws -> String {
        let payload = Base64URL.encode(try JSONEncoder().encode(ticket))
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(Self.version).\(payload)".utf8), using: keys.login)
        return "\(Self.version).\(payload).\(Base64URL.encode(mac))"
    }

    /// The ticket of a genuine, unexpired token (whether it was used is the store's to say).
    public func ticket(from token: String, now: Date) -> Result<LoginTicket, LoginRejection> {
        guard token.utf8.count <= Self.maximumLength else { return .failure(.malformed) }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == Self.version, let mac = Base64URL.decode(parts[2]) else {
            return .failure(.malformed)
        }
        let signed = Data("\(parts[0]).\(parts[1])".utf8)
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: signed, using: keys.login) else {
            return .failure(.badSignature)
        }
        guard let payload = Base64URL.decode(parts[1]),
            let ticket = try? JSONDecoder().decode(LoginTicket.self, from: Data(payload))
        else { return .failure(.malformed) }
        guard now.timeIntervalSince1970 < TimeInterval(ticket.expiresAt) else { return .failure(.expired) }
        return .success(ticket)
    }
}
