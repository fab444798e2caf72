/// Who is using the picker widget, as their homeserver vouches (MSC1960), and whether they are in
/// the room: what the gallery asks before it opens a room's picker in a widget. The composition
/// root answers it with the Matrix adapter (GifBotWeb knows no Matrix).
public protocol WidgetIdentityChecking: Sendable {
    /// The chat network whose rooms it answers for ("matrix"): a widget for any other is refused.
    var network: String { get }
    /// The user the OpenID token was issued to, when `serverName` is the bot's homeserver's and
    /// that homeserver says so; nil for a forged, expired or foreign token.
    func userID(openIDToken: String, serverName: String) async -> String?
    /// Whether `userID` is a joined member of `room` now.
    func isJoined(_ userID: String, room: String) async -> Bool
}
