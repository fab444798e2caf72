import Foundation
import Logging
import MatrixState

/// The preview messages one Matrix account shows, kept in the store while they show: previews
/// live in memory, so a restart (or a crash) forgets them, and their messages, with buttons that
/// no longer answer, would stay in the room. The next run redacts what the last one left.
///
/// Each adapter run has its own `runID`, so a run only ever takes back another run's messages,
/// never the previews it has open itself (the adapter logs in again after a refused token).
struct ShownPreviews: Sendable {
    let store: any MatrixStateStore
    /// One bot login on one homeserver, as the store names it.
    let account: String
    let runID: String
    let logger: Logger

    /// Notes a preview message just sent. A store that fails costs only the clean-up after a
    /// restart, so it is logged, never in the way of the preview.
    func showing(_ eventID: String, in room: String) async {
        do {
            try await store.recordShownPreview(
                ShownPreviewMessage(roomID: room, eventID: eventID, runID: runID), account: account)
        } catch {
            logger.warning("Could not record a preview message", metadata: ["error": "\(error)"])
        }
    }

    /// Forgets a preview message: it became the post, or was taken back (or could not be).
    func ended(_ eventID: String) async {
        do {
            try await store.removeShownPreview(eventID: eventID, account: account)
        } catch {
            logger.warning("Could not forget a preview message", metadata: ["error": "\(error)"])
        }
    }

    /// The preview messages earlier runs showed and never ended: abandoned by a restart.
    func abandoned() async -> [ShownPreviewMessage] {
        do {
            return try await store.shownPreviews(account: account).filter { $0.runID != runID }
        } catch {
            logger.warning("Could not read the preview messages left by the last run", metadata: ["error": "\(error)"])
            return []
        }
    }
}
