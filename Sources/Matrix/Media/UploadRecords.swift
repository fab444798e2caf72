import Logging

/// The records of one kind of upload: plain ones (`UploadedMedia`, kept per homeserver) or
/// encrypted ones (a sealed `EncryptedUpload`'s bytes, kept per account in the crypto state).
/// It holds those waiting to be written (`PendingUploadRecords`), which GIFs may have one stored
/// (`RecordedUploads`), and the store's calls that list, read and write them, so that both kinds
/// are found, added, learned and written the same way.
struct UploadRecords<Record: Sendable & Equatable>: Sendable {
    /// The store's calls for one kind of record.
    struct Store: Sendable {
        /// At most `limit` ids of recorded GIFs after the one given, in the store's order.
        let ids: @Sendable (_ after: String?, _ limit: Int) async throws -> [String]
        /// The stored records of those GIFs, by id.
        let read: @Sendable (_ gifIDs: [String]) async throws -> [String: Record]
        /// Writes these records, by GIF id, in one statement.
        let write: @Sendable (_ records: [String: Record]) async throws -> Void
    }

    /// The kind, for log lines: "plain" or "encrypted".
    let kind: String
    let store: Store
    let waiting: PendingUploadRecords<Record>
    let recorded: RecordedUploads
    let logger: Logger

    init(
        kind: String, store: Store, interval: Duration, recorded: RecordedUploads = RecordedUploads(),
        logger: Logger
    ) {
        self.kind = kind
        self.store = store
        self.waiting = PendingUploadRecords(interval: interval)
        self.recorded = recorded
        self.logger = logger
    }

    /// The records of those GIFs, by id: waiting ones first, then in one read of the store for
    /// those that may be there. None from the store when it cannot be read: those GIFs are
    /// uploaded again.
    func find(_ gifIDs: [String]) async -> [String: Record] {
        var known = waiting.find(gifIDs)
        let unknown = gifIDs.filter { known[$0] == nil && recorded.mayBeRecorded($0) }
        guard !unknown.isEmpty else { return known }
        for (id, record) in (try? await store.read(unknown)) ?? [:] { known[id] = known[id] ?? record }
        return known
    }

    /// Notes uploads made now (by GIF id): found from here on, and written with the waiting
    /// records when they are due.
    func add(_ uploaded: [String: Record]) async {
        guard !uploaded.isEmpty else { return }
        recorded.add(uploaded.keys)
        if waiting.add(uploaded) { await writeWaiting() }
    }

    /// Writes the waiting records in one statement. Records that could not be written are given
    /// up, and counted in the warning: their GIFs are uploaded again the next time.
    func writeWaiting() async {
        let records = waiting.all
        guard !records.isEmpty else { return }
        // Let go whether written or not: a record that could not be written costs an upload.
        defer { waiting.remove(records) }
        do {
            try await store.write(records)
        } catch {
            logger.warning(
                "Could not record GIF uploads; they will be uploaded again",
                metadata: ["kind": "\(kind)", "records": "\(records.count)", "error": "\(error)"])
        }
    }

    /// Learns which GIFs have a recorded upload (`RecordedUploads`). What cannot be read is
    /// logged, and every GIF is then looked up in the store, as before.
    func learn() async {
        do {
            try await recorded.learn(page: store.ids)
        } catch {
            logger.warning(
                "Could not read which GIFs were uploaded", metadata: ["kind": "\(kind)", "error": "\(error)"])
        }
    }
}
