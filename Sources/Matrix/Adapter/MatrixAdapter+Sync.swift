import Foundation
import GifBotCore
import GifSources
import Logging
import MatrixState
import ProcessTuning
import ServiceLifecycle
import Synchronization

/// The sync loop: long polls from the stored position, each batch handled, then the position and
/// the waiting upload records written when they are due (`SyncPositionWrites`).
extension MatrixAdapter {
    func sync(
        client: MatrixClient, filters: SyncFilters, handler: MatrixSyncHandler, encryption: MatrixEncryption?
    ) async -> ServeEnd {
        var positions = SyncPositionWrites(interval: configuration.timing.bookkeepingInterval)
        let end = await syncBatches(
            client: client, filters: filters, handler: handler, encryption: encryption, positions: &positions)
        // Handled and not yet written: stored before the adapter stops, so a restart answers
        // nothing again and uploads nothing again.
        if let unwritten = positions.unwritten { await write(position: unwritten, &positions) }
        await handler.sender.writeUploadRecords()
        return end
    }

    private func syncBatches(
        client: MatrixClient, filters: SyncFilters, handler: MatrixSyncHandler, encryption: MatrixEncryption?,
        positions: inout SyncPositionWrites
    ) async -> ServeEnd {
        var filters = filters
        // The lean filter could not be made: not asked again before the next login.
        var leanRefused = false
        guard var since = await storedPosition() else { return .stopped }
        var backoff = makeBackoff()
        while !isStopping {
            // Without a position (first start, or a position the server forgot) the bot only
            // records where "now" is: it never answers what was said before it started.
            let isFresh = since == nil
            let position = since
            let pollTimeout = isFresh ? Duration.zero : configuration.timing.syncTimeout
            // Without a position only the rooms' last event each: the batch is history.
            let filter = isFresh ? filters.firstSync : filters.id
            let response: SyncResponse
            do {
                response = try await cancellingOnGracefulShutdown {
                    try await client.sync(since: position, filter: filter, timeout: pollTimeout)
                }
            } catch let error as MatrixError {
                if isStopping { return .stopped }
                if error.isUnknownToken { return .tokenRefused(client.accessToken.refusal) }
                if position != nil, Self.rejectsPosition(error) {
                    logger.warning(
                        "The homeserver forgot the sync position; starting from now", metadata: ["error": "\(error)"])
                    since = nil
                    continue
                }
                var delay = backoff.nextDelay()
                if case .api(_, _, _, let retryAfter?, _) = error, error.isRateLimited {
                    delay = max(
                        delay, ServerRequestedWait.capped(retryAfter, at: configuration.timing.maximumServerWait).wait)
                }
                logger.warning("Sync failed; retrying", metadata: ["error": "\(error)", "delay": "\(delay)"])
                status.disconnected("sync failing")
                guard await pause(delay) else { return .stopped }
                continue
            } catch {
                return .stopped
            }
            backoff.reset()
            await encryption?.afterSync(response, fromNoPosition: isFresh)
            await handler.handle(response, skipTimeline: isFresh, ownEventsLeftOut: filters.leavesOutOwnEvents)
            // A reply the homeserver refused for the token is not lost: the position stays
            // before the batch, which is answered after logging in again (sends keep their
            // transaction ids, so what did go out is not posted twice).
            if let refusal = client.accessToken.refusal {
                seen.forget(
                    response.rooms?.join?.values.flatMap { $0.timeline?.events?.elements ?? [] }.map(\.eventID) ?? [])
                return .tokenRefused(refusal)
            }
            since = response.nextBatch
            let news = response.carriesNews(forBot: handler.userID)
            if let due = positions.handled(response.nextBatch, news: news, fresh: position == nil) {
                await write(position: due, &positions)
            }
            // Caught up: what waited to be recorded is written too.
            if !news { await handler.sender.writeUploadRecords() }
            batches.add(1, ordering: .relaxed)
            status.ready()
            await followAnnotations(of: response, filters: &filters, leanRefused: &leanRefused)
        }
        return .stopped
    }

    /// Stores the sync position. Unsynced: lost with the machine's power, the events after an
    /// older position come again (their transaction ids are the same). One that could not be
    /// written stays waiting, and is tried again with a later batch's.
    private func write(position: String, _ positions: inout SyncPositionWrites) async {
        do {
            try await store.setAdapterState(syncKey, to: position, durability: .unsynced)
            positions.wrote()
        } catch {
            logger.error("Could not store the sync position", metadata: ["error": "\(error)"])
        }
    }

    /// Learns from a batch whether the homeserver annotates events with the bot's membership,
    /// and moves the next syncs to the filter that knowledge asks for: without the bot's own
    /// events once it does, with them again if it stops. Going back is retried every batch
    /// until it works (events the lean sync cannot place are not answered meanwhile); the
    /// lean filter is only a saving, so after a failure it waits for the next login.
    private func followAnnotations(
        of response: SyncResponse, filters: inout SyncFilters, leanRefused: inout Bool
    ) async {
        let (changed, lean) = annotations.withLock { annotations in
            (annotations.learn(from: response.membershipAnnotation), annotations.leavesOutOwnEvents)
        }
        if changed {
            if lean {
                logger.info("The homeserver annotates events with the bot's membership; syncing without its own events")
            } else {
                logger.warning(
                    "The homeserver sent an event without the bot's membership; syncing with its own events again")
            }
        }
        guard lean != filters.leavesOutOwnEvents, !(lean && leanRefused) else { return }
        do {
            try await filters.use(leavingOutOwnEvents: lean)
        } catch {
            leanRefused = lean
            logger.warning(
                "Could not make the sync filter", metadata: ["error": "\(error)", "without_own_events": "\(lean)"])
        }
    }

    /// The stored sync position (`.some(nil)` when there is none: a first start), or nil when
    /// the adapter is stopping. A store that cannot be read is retried, never taken for "no
    /// position": that would silently skip everything said while the bot was down.
    private func storedPosition() async -> String?? {
        var backoff = makeBackoff()
        while !isStopping {
            do {
                let position = try await store.adapterState(syncKey)
                return .some(position?.isEmpty == false ? position : nil)
            } catch {
                let delay = backoff.nextDelay()
                logger.error(
                    "Could not read the stored sync position; retrying",
                    metadata: ["error": "\(error)", "delay": "\(delay)"])
                guard await pause(delay) else { return nil }
            }
        }
        return nil
    }

    /// A sync position the homeserver no longer knows: `M_UNKNOWN_POS` by the spec, but Synapse
    /// answers an unreadable one with `400 M_UNKNOWN` ("Invalid stream token"). Any client error
    /// other than auth and rate limits means the position itself is refused.
    static func rejectsPosition(_ error: MatrixError) -> Bool {
        guard case .api(let status, let code, _, _, _) = error else { return false }
        return code == "M_UNKNOWN_POS" || (status == 400 && code != "M_LIMIT_EXCEEDED")
    }
}
