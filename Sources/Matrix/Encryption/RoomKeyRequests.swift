import Foundation

/// The room keys the bot asked for (`m.room_key_request`), by room and session, with whom it
/// asked: a forwarded key is taken only for a session the bot asked for, from the user it asked,
/// and for the creator it named. Kept at most `maximumAge` (a late command waits less) and at
/// most `maximumCount` of them, the oldest dropped first.
actor RoomKeyRequests {
    struct Request: Sendable {
        /// The sender of the event that needs the key: the request went to their devices.
        let userID: String
        /// The event's `sender_key` when it had one: the only creator the answer may name.
        let senderKey: String?
        let since: Date
    }

    static let maximumAge: TimeInterval = 3600
    static let maximumCount = 1_000

    private var requests: [String: Request] = [:]

    private static func name(_ roomID: String, _ sessionID: String) -> String { "\(roomID) \(sessionID)" }

    func asked(roomID: String, sessionID: String, userID: String, senderKey: String?, now: Date) {
        requests = requests.filter { now.timeIntervalSince($0.value.since) <= Self.maximumAge }
        if requests.count >= Self.maximumCount, let oldest = requests.min(by: { $0.value.since < $1.value.since }) {
            requests[oldest.key] = nil
        }
        requests[Self.name(roomID, sessionID)] = Request(userID: userID, senderKey: senderKey, since: now)
    }

    /// The request still open for that session, if any.
    func request(roomID: String, sessionID: String, now: Date) -> Request? {
        guard let request = requests[Self.name(roomID, sessionID)],
            now.timeIntervalSince(request.since) <= Self.maximumAge
        else { return nil }
        return request
    }

    /// The key came: the request is closed.
    func answered(roomID: String, sessionID: String) {
        requests[Self.name(roomID, sessionID)] = nil
    }
}
