import Crypto
import Foundation
import GifBotCore

/// What the gallery gives the picker widget once the homeserver vouched for its person: who,
/// for which room, until when. The page holds it (a third-party frame has no cookies) and sends
/// it with every request; it opens that room's picker and nothing else.
struct WidgetTicket: Sendable, Equatable, Codable {
    let network: String
    let userID: String
    let channel: String
    /// Unix seconds.
    let expiresAt: Int

    var user: UserKey { UserKey(network: network, userID: userID) }
    var collectionChannel: CollectionChannel { CollectionChannel(network: network, channel: channel) }
}

/// `w1.<payload>.<mac>`, both base64url, the MAC an HMAC-SHA256 under the widget key: as login
/// tokens are made (`LoginTokenCodec`), under a key of its own.
struct WidgetTokenCodec: Sendable {
    /// An hour: a person who keeps the widget open longer opens it again.
    static let lifetime: TimeInterval = 3600
    static let maximumLength = 1024
    private static let version = "w1"
    let keys: WebKeys

    func token(for ticket: WidgetTicket) throws -> String {
        let payload = Base64URL.encode(try JSONEncoder().encode(ticket))
        let mac = HMAC<SHA256>.authenticationCode(for: Data("\(Self.version).\(payload)".utf8), using: keys.widget)
        return "\(Self.version).\(payload).\(Base64URL.encode(mac))"
    }

    /// The ticket of a genuine, unexpired token; nil for anything else.
    func ticket(from token: String, now: Date) -> WidgetTicket? {
        guard token.utf8.count <= Self.maximumLength else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == Self.version, let mac = Base64URL.decode(parts[2]),
            HMAC<SHA256>.isValidAuthenticationCode(
                mac, authenticating: Data("\(parts[0]).\(parts[1])".utf8), using: keys.widget),
            let payload = Base64URL.decode(parts[1]),
            let ticket = try? JSONDecoder().decode(WidgetTicket.self, from: Data(payload)),
            now.timeIntervalSince1970 < TimeInterval(ticket.expiresAt)
        else { return nil }
        return ticket
    }
}
