import GifBotCore
import GifSources
import Logging
import MatrixState
import NIOCore

/// Puts a GIF on the homeserver once: the first time it is downloaded (the largest animated
/// rendition within the cap) and uploaded; afterwards its stored `mxc://` URI is reused.
struct GIFUploader: Sendable {
    let client: MatrixClient
    let downloader: GIFDownloader
    let store: any MatrixStateStore
    /// The homeserver, as media is stored per homeserver.
    let storeNetwork: String
    let limit: Int
    /// The size aimed for (`matrix.preferred_max_bytes`): clients download the whole GIF before
    /// showing it, so a larger one is taken only when nothing fits under this.
    var preferred: Int? = nil
    let logger: Logger
    /// The buffer each download is read into and each upload sent from, kept between GIFs.
    let spare = SpareGIFBuffer()
    /// What was uploaded and is not yet recorded in the store: plain uploads, and encrypted
    /// ones (each a `EncryptedUpload` record's bytes).
    let pending: PendingUploadRecords<UploadedMedia>
    let pendingEncrypted: PendingUploadRecords<[UInt8]>
    /// Which GIFs may have a recorded plain upload, and which an encrypted one: the others are
    /// not looked up in the store.
    let recorded = RecordedUploads()
    let recordedEncrypted = RecordedUploads()

    /// The GIF on the homeserver, and its thumbnail (`GIFThumbnail`: the source's still, or the
    /// smallest rendition below what was posted; nil when there is none or it could not be
    /// uploaded), each uploaded the first time only; what was uploaded now is recorded together
    /// (`PendingUploadRecords`).
    func mediaWithThumbnail(
        for card: GifCard
    ) async throws(MatrixError) -> (
        media: UploadedMedia, thumbnail: UploadedMedia?
    ) {
        var uploaded: [UploadedMedia] = []
        // The GIF's record and its thumbnail's, in one read.
        let stored = await stored([card.id, GIFThumbnail.id(of: card)])
        let media: UploadedMedia
        if let gif = stored[card.id] {
            media = gif
        } else {
            media = try await uploadPlain(card)
            uploaded.append(media)
        }
        var thumbnail: UploadedMedia?
        if let small = GIFThumbnail.card(of: card, postedBytes: media.byteSize) {
            if let known = stored[small.id] {
                thumbnail = known
            } else if let fresh = try? await uploadPlain(small, accepting: ImageFormat.stills) {
                thumbnail = fresh
                uploaded.append(fresh)
            }
        }
        await remember(uploaded)
        return (media, thumbnail)
    }

    /// The GIF on the homeserver, without a thumbnail (an image pack's): uploaded the first time.
    func media(for card: GifCard) async throws(MatrixError) -> UploadedMedia {
        if let stored = await stored([card.id])[card.id] { return stored }
        let media = try await uploadPlain(card)
        await remember([media])
        return media
    }

    /// The recorded uploads of those GIFs, by id, waiting ones first; none when the store cannot
    /// be read (then the GIFs are uploaded again).
    private func stored(_ gifIDs: [String]) async -> [String: UploadedMedia] {
        await pending.known(gifIDs, recorded: recorded) { unknown in
            let found = try await store.uploadedMedia(gifIDs: unknown, network: storeNetwork)
            return Dictionary(found.map { ($0.gifID, $0) }) { first, _ in first }
        }
    }

    private func uploadPlain(
        _ card: GifCard, accepting formats: Set<ImageFormat> = ImageFormat.animated
    ) async throws(MatrixError) -> UploadedMedia {
        try await upload(card, accepting: formats) {
            (bytes: inout ByteBuffer, format: ImageFormat) throws(MatrixError) in
            (
                try await client.upload(
                    bytes, contentType: format.mimetype, filename: "\(card.id).\(format.fileExtension)"), ()
            )
        }.0
    }

    /// Adds what was uploaded to the waiting records, and writes them if they are due.
    private func remember(_ uploaded: [UploadedMedia]) async {
        guard !uploaded.isEmpty else { return }
        recorded.add(uploaded.map(\.gifID))
        guard pending.add(Dictionary(uploaded.map { ($0.gifID, $0) }) { $1 }) else { return }
        await writePlainRecords()
    }

    /// Learns which GIFs have a recorded upload (`RecordedUploads`), the encrypted ones too when
    /// given their `state`. What cannot be read is logged, and those GIFs are looked up as before.
    func learnRecordedUploads(encrypted state: CryptoStateStore?) async {
        do {
            try await recorded.learn { after, limit in
                try await store.uploadedGIFIDs(network: storeNetwork, after: after, limit: limit)
            }
        } catch {
            logger.warning("Could not read which GIFs were uploaded", metadata: ["error": "\(error)"])
        }
        guard let state else { return }
        do {
            try await recordedEncrypted.learn { after, limit in
                try await state.names(.encryptedUpload, after: after, limit: limit)
            }
        } catch {
            logger.warning("Could not read which encrypted GIFs were uploaded", metadata: ["error": "\(error)"])
        }
    }

    /// Writes the waiting upload records, plain and (given their `state`) encrypted, in a
    /// statement each. Records that could not be written are given up: their GIFs are uploaded
    /// again the next time.
    func writeRecords(encrypted state: CryptoStateStore?) async {
        await writePlainRecords()
        if let state { await writeEncryptedRecords(state) }
    }

    private func writePlainRecords() async {
        do {
            try await pending.writeAll { try await store.recordUploadedMedia(Array($0.values), network: storeNetwork) }
        } catch {
            logger.warning("Could not remember uploaded GIFs", metadata: ["error": "\(error)"])
        }
    }

    /// The GIF's first usable rendition, downloaded and handed to `upload` with its format (one
    /// of `formats`), which returns its URI (and whatever else it made, such as the attachment's
    /// key). `upload` may change the download in place (encrypt it): nothing else holds it. Its
    /// buffer is kept for the next GIF.
    func upload<Extra>(
        _ card: GifCard, accepting formats: Set<ImageFormat>,
        with upload: (inout ByteBuffer, ImageFormat) async throws(MatrixError) -> (String, Extra)
    ) async throws(MatrixError) -> (UploadedMedia, Extra) {
        let candidates = Self.candidates(card, preferred: preferred, limit: limit)
        guard !candidates.isEmpty else { throw .tooLarge(limit: limit) }
        var lastError = MatrixError.tooLarge(limit: limit)
        // One deadline for the GIF, not one per rendition: a source trickling each of them
        // would otherwise hold the room's replies (and the sync loop) several times over.
        let deadline = ContinuousClock.now + downloader.timeout
        for rendition in candidates {
            guard ContinuousClock.now < deadline else { break }
            do {
                var (bytes, format) = try await downloader.download(
                    rendition.url, limit: limit, deadline: deadline, into: spare.take(), accepting: formats)
                let byteSize = bytes.readableBytes
                let (uri, extra) = try await upload(&bytes, format)
                spare.keep(bytes)
                let media = UploadedMedia(
                    gifID: card.id, contentURI: uri, mimetype: format.mimetype, byteSize: byteSize,
                    width: rendition.width, height: rendition.height)
                return (media, extra)
            } catch {
                // Too large after all, or a broken rendition: try the next smaller one.
                lastError = error
                logger.debug(
                    "GIF rendition not usable",
                    metadata: ["gif": "\(card.id)", "rendition": "\(rendition.name)", "error": "\(error)"])
                if case .api = error { throw error }  // the homeserver refused the upload: smaller ones will not help
            }
        }
        throw lastError
    }

    /// Renditions to try: the largest at or under `preferred` first (then smaller ones), then
    /// those above it up to the cap, smallest first; ones without a size come last, the cap
    /// still applies while downloading.
    static func candidates(_ card: GifCard, preferred: Int? = nil, limit: Int) -> [GifRenditionLink] {
        let preferred = min(preferred ?? limit, limit)
        let withinPreference = card.renditions.filter { ($0.byteSize ?? Int.max) <= preferred }.sorted {
            ($0.byteSize ?? 0) > ($1.byteSize ?? 0)
        }
        let aboveIt = card.renditions.filter {
            ($0.byteSize ?? Int.max) > preferred && ($0.byteSize ?? Int.max) <= limit
        }
        .sorted { ($0.byteSize ?? 0) < ($1.byteSize ?? 0) }
        let sized = withinPreference + aboveIt
        let unsized = card.renditions.filter { $0.byteSize == nil }
        let fallback =
            card.renditions.isEmpty
            ? [
                GifRenditionLink(
                    name: "chosen", url: card.url, width: card.width, height: card.height, byteSize: card.byteSize)
            ] : []
        return sized + unsized + fallback
    }
}
