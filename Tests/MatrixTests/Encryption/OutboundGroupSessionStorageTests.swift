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
        record.ratchet.messageCount = 7
        record.sharedWith = ["@a:x DEV": "curve-a"]
        record.withheldFrom = ["@b:x DEV"]
        return (record, session.sessionID)
    }

    /// A session's row as it was written before the split: the ratchet and the recipients.
    struct RowBeforeTheSplit: Encodable {
        let pickle: String
        let createdAt: Date
        let messageCount: Int
        let rotationPeriod: TimeInterval
        let rotationMessages: Int
        let sharedWith: [String: String]
        let withheldFrom: Set<String>
    }

    static func json(_ value: some Encodable) throws -> [UInt8] { Array(try JSONEncoder().encode(value)) }

    @Test func theRatchetsRowLeavesTheRecipientsOutAndTheirRowOfTheSameSessionBringsThemBack() throws {
        let (record, sessionID) = Self.record()
        let row = try Self.json(record.ratchet)
        #expect(!String(decoding: row, as: UTF8.self).contains("curve-a"))
        let recipients = try JSONDecoder().decode(
            OutboundGroupSession.Recipients.self, from: Data(try Self.json(record.recipients(sessionID: sessionID))))
        let read = try #require(OutboundGroupSession(row: row, recipients: recipients))
        #expect(read.sharedWith == record.sharedWith && read.withheldFrom == record.withheldFrom)
        #expect(read.recipientsStored)
        #expect(read.ratchet.pickle == record.ratchet.pickle && read.ratchet.messageCount == 7)
    }

    @Test func aRecipientsRowOfAnotherSessionIsNotReadAsThisOnes() throws {
        let (record, _) = Self.record()
        let (_, otherSessionID) = Self.record()
        let read = try #require(
            OutboundGroupSession(
                row: try Self.json(record.ratchet), recipients: record.recipients(sessionID: otherSessionID)))
        #expect(read.sharedWith.isEmpty && read.withheldFrom.isEmpty, "shared again rather than assumed shared")
        #expect(!read.recipientsStored)
    }

    @Test func aRowWrittenBeforeTheSplitKeepsItsRecipientsAndHasThemWrittenOnTheirOwnNext() throws {
        let (record, sessionID) = Self.record()
        let ratchet = record.ratchet
        let row = try Self.json(
            RowBeforeTheSplit(
                pickle: ratchet.pickle, createdAt: ratchet.createdAt, messageCount: ratchet.messageCount,
                rotationPeriod: ratchet.rotationPeriod, rotationMessages: ratchet.rotationMessages,
                sharedWith: record.sharedWith, withheldFrom: record.withheldFrom))
        let stale = OutboundGroupSession.Recipients(sessionID: sessionID, sharedWith: [:], withheldFrom: [])
        let read = try #require(OutboundGroupSession(row: row, recipients: stale))
        #expect(read.sharedWith == record.sharedWith && read.withheldFrom == record.withheldFrom)
        #expect(read.ratchet.messageCount == 7)
        #expect(!read.recipientsStored, "the next message writes them to their own row")
    }

    @Test func aRowThatCannotBeReadIsNoSession() {
        #expect(OutboundGroupSession(row: Array("{\"pickle\":1}".utf8), recipients: nil) == nil)
    }
}
