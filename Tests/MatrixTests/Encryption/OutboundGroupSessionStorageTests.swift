import Foundation
import MatrixCrypto
import Testing

@testable import Matrix

/// The outbound session's two rows: its recipients come from their own row only when that row
/// is the same session's, and from the session's row when it was written before the split.
@Suite struct OutboundGroupSessionStorageTests {
    static func record() -> (OutboundGroupSession, String) {
        let session = MegolmOutboundSession()
        var record = OutboundGroupSession(session: session, rotation: .init(), now: Date(timeIntervalSince1970: 1))
        record.sharedWith = ["@a:x DEV": "curve-a"]
        record.withheldFrom = ["@b:x DEV"]
        return (record, session.sessionID)
    }

    /// Through JSON, as the store keeps them.
    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test func theRatchetsRowLeavesTheRecipientsOutAndTheirRowOfTheSameSessionBringsThemBack() throws {
        let (record, sessionID) = Self.record()
        let stored = try Self.roundTrip(record.stored)
        #expect(stored.sharedWith == nil && stored.withheldFrom == nil)
        let read = OutboundGroupSession(
            stored: stored, recipients: try Self.roundTrip(record.recipients(sessionID: sessionID)))
        #expect(read.sharedWith == record.sharedWith && read.withheldFrom == record.withheldFrom)
        #expect(read.recipientsStored)
        #expect(read.pickle == record.pickle && read.messageCount == record.messageCount)
    }

    @Test func aRecipientsRowOfAnotherSessionIsNotReadAsThisOnes() throws {
        let (record, _) = Self.record()
        let (_, otherSessionID) = Self.record()
        let read = OutboundGroupSession(
            stored: try Self.roundTrip(record.stored), recipients: record.recipients(sessionID: otherSessionID))
        #expect(read.sharedWith.isEmpty && read.withheldFrom.isEmpty, "shared again rather than assumed shared")
        #expect(!read.recipientsStored)
    }

    @Test func aRowWrittenBeforeTheSplitKeepsItsRecipientsAndHasThemWrittenOnTheirOwnNext() throws {
        let (record, sessionID) = Self.record()
        var legacy = record.stored
        legacy.sharedWith = record.sharedWith
        legacy.withheldFrom = record.withheldFrom
        let staleRecipients = OutboundGroupSession.Recipients(sessionID: sessionID, sharedWith: [:], withheldFrom: [])
        let read = OutboundGroupSession(stored: try Self.roundTrip(legacy), recipients: staleRecipients)
        #expect(read.sharedWith == record.sharedWith && read.withheldFrom == record.withheldFrom)
        #expect(!read.recipientsStored, "the next message writes them to their own row")
    }
}
