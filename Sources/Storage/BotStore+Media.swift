import MatrixState
import SQLKit

extension BotStore {
    /// The uploads of those GIFs to the homeserver of `network` that were recorded: one
    /// statement for a GIF and its thumbnail, its text kept for a few GIFs (`KeptStatements`).
    public func uploadedMedia(gifIDs: [String], network: String) async throws -> [UploadedMedia] {
        guard !gifIDs.isEmpty else { return [] }
        let binds: [any Encodable & Sendable] = [network] + gifIDs
        let rows = try await kept.statement("uploadedMedia.select", rows: gifIDs.count, binds: binds, on: database) {
            database.select()
                .columns("gif_id", "content_uri", "mimetype", "byte_size", "width", "height")
                .from(Schema.uploadedMedia)
                .where("network", .equal, network).where("gif_id", .in, gifIDs)
        }
        .all()
        return try rows.map { row in
            UploadedMedia(
                gifID: try row.decode(column: "gif_id", as: String.self),
                contentURI: try row.decode(column: "content_uri", as: String.self),
                mimetype: try row.decode(column: "mimetype", as: String.self),
                byteSize: try row.decode(column: "byte_size", as: Int.self),
                width: try row.decode(column: "width", as: Int?.self),
                height: try row.decode(column: "height", as: Int?.self))
        }
    }

    /// A page of the ids with a recorded upload, in the primary key's order, which the key's
    /// index serves without a sort.
    public func uploadedGIFIDs(network: String, after: String?, limit: Int) async throws -> [String] {
        var query = database.select().column("gif_id").from(Schema.uploadedMedia).where("network", .equal, network)
        if let after { query = query.where("gif_id", .greaterThan, after) }
        return try await query.orderBy("gif_id").limit(limit).all(decodingColumn: "gif_id", as: String.self)
    }

    /// One statement, so one transaction and one disk sync, however many GIFs. Its text is kept
    /// for a few GIFs (`KeptStatements`).
    public func recordUploadedMedia(_ media: [UploadedMedia], network: String) async throws {
        guard !media.isEmpty else { return }
        let uploadedAt = Clock.unixSeconds()
        let rows: [[any Encodable & Sendable]] = media.map { upload in
            [
                network, upload.gifID, upload.contentURI, upload.mimetype, upload.byteSize, upload.width, upload.height,
                uploadedAt,
            ]
        }
        // Unsynced (`WriteDurability`): a record lost costs an upload again.
        let database = unsyncedDatabase
        try await kept.statement("uploadedMedia.upsert", rows: rows.count, binds: rows.flatMap { $0 }, on: database) {
            var insert = database.insert(into: Schema.uploadedMedia)
                .columns("network", "gif_id", "content_uri", "mimetype", "byte_size", "width", "height", "uploaded_at")
            for row in rows { insert = insert.values(row) }
            return insert.onConflict(with: ["network", "gif_id"]) {
                $0.set(excludedValueOf: "content_uri").set(excludedValueOf: "mimetype").set(
                    excludedValueOf: "byte_size"
                )
                .set(excludedValueOf: "width").set(excludedValueOf: "height").set(excludedValueOf: "uploaded_at")
            }
        }
        .run()
    }
}
