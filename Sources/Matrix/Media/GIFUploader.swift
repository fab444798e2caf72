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
    let limit: Int
    /// The size aimed for (`matrix.preferred_max_bytes`): clients download the whole GIF before
    /// showing it, so a larger one is taken only when nothing fits under this.
    var preferred: Int? = nil
    let logger: Logger
    /// The buffer each download is read into and each upload sent from, kept between GIFs.
    let spare = SpareGIFBuffer()
    /// The plain uploads' records (per homeserver), and the encrypted ones' (per account; nil
    /// when the bot does not encrypt, then an encrypted GIF is uploaded each time).
    let plainRecords: UploadRecords<UploadedMedia>
    var encryptedRecords: UploadRecords<[UInt8]>? = nil

    /// The GIF on the homeserver, and its thumbnail (`GIFThumbnail`: the source's still, or the
    /// smallest rendition below what was posted; nil when there is none or it could not be
    /// uploaded), each uploaded the first time only; what was uploaded now is recorded together
    /// (`UploadRecords`).
    ///
    /// The thumbnail is downloaded and uploaded beside the GIF (`thumbnailCard`), not after it:
    /// its two small requests then wait on the network while the GIF's do, rather than each
    /// putting the event loop to sleep and waking it once more (`Docs/performance.md`).
    func mediaWithThumbnail(
        for card: GifCard
    ) async throws(MatrixError) -> (
        media: UploadedMedia, thumbnail: UploadedMedia?
    ) {
        // The GIF's record and its thumbnail's, in one read.
        let stored = await plainRecords.find([card.id, GIFThumbnail.id(of: card)])
        async let freshThumbnail = plainThumbnail(thumbnailCard(for: card), stored: stored)
        var uploaded: [UploadedMedia] = []
        let media: UploadedMedia
        if let gif = stored[card.id] {
            media = gif
        } else {
            media = try await uploadPlain(card, keepingBufferIn: spare)
            uploaded.append(media)
        }
        let thumbnail = await freshThumbnail
        if let thumbnail, thumbnail.uploadedNow { uploaded.append(thumbnail.media) }
        await plainRecords.add(Dictionary(uploaded.map { ($0.gifID, $0) }) { $1 })
        let used = thumbnail.flatMap {
            GIFThumbnail.isSmaller($0.media.byteSize, than: media.byteSize) ? $0.media : nil
        }
        return (media, used)
    }

    /// The thumbnail's stored upload, or one made now (`uploadedNow`); nil without a thumbnail
    /// or when it could not be uploaded (a thumbnail is a nicety).
    private func plainThumbnail(
        _ small: GifCard?, stored: [String: UploadedMedia]
    ) async -> (media: UploadedMedia, uploadedNow: Bool)? {
        guard let small else { return nil }
        if let known = stored[small.id] { return (known, false) }
        guard let fresh = try? await uploadPlain(small, accepting: ImageFormat.stills, keepingBufferIn: nil) else {
            return nil
        }
        return (fresh, true)
    }

    /// The thumbnail to fetch beside the GIF (`GIFThumbnail.card`), chosen before the GIF is
    /// downloaded: against the declared size of the rendition tried first, which is the one
    /// posted unless it fails. A thumbnail that turns out no smaller than the GIF posted is not
    /// used.
    func thumbnailCard(for card: GifCard) -> GifCard? {
        let first = Self.candidates(card, preferred: preferred, limit: limit).first
        return GIFThumbnail.card(of: card, postedBytes: first?.byteSize ?? Int.max)
    }

    /// The GIF on the homeserver, without a thumbnail (an image pack's): uploaded the first time.
    func media(for card: GifCard) async throws(MatrixError) -> UploadedMedia {
        if let stored = await plainRecords.find([card.id])[card.id] { return stored }
        let media = try await uploadPlain(card, keepingBufferIn: spare)
        await plainRecords.add([media.gifID: media])
        return media
    }

    private func uploadPlain(
        _ card: GifCard, accepting formats: Set<ImageFormat> = ImageFormat.animated,
        keepingBufferIn buffer: SpareGIFBuffer?
    ) async throws(MatrixError) -> UploadedMedia {
        try await upload(card, accepting: formats, keepingBufferIn: buffer) {
            (bytes: inout ByteBuffer, format: ImageFormat) throws(MatrixError) in
            (
                try await client.upload(
                    bytes, contentType: format.mimetype, filename: "\(card.id).\(format.fileExtension)"), ()
            )
        }.0
    }

    /// Learns which GIFs have a recorded upload, plain and encrypted (`RecordedUploads`).
    func learnRecordedUploads() async {
        await plainRecords.learn()
        await encryptedRecords?.learn()
    }

    /// Writes the waiting upload records, plain and encrypted, in a statement each.
    func writeRecords() async {
        await plainRecords.writeWaiting()
        await encryptedRecords?.writeWaiting()
    }

    /// The GIF's first usable rendition, downloaded and handed to `upload` with its format (one
    /// of `formats`), which returns its URI (and whatever else it made, such as the attachment's
    /// key). `upload` may change the download in place (encrypt it): nothing else holds it. Its
    /// buffer is taken from `buffer` and kept there for the next GIF; a thumbnail, fetched beside
    /// its GIF, passes nil and leaves the kept buffer to the GIF.
    func upload<Extra>(
        _ card: GifCard, accepting formats: Set<ImageFormat>, keepingBufferIn buffer: SpareGIFBuffer?,
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
                    rendition.url, limit: limit, deadline: deadline, into: buffer?.take(), accepting: formats)
                let byteSize = bytes.readableBytes
                let (uri, extra) = try await upload(&bytes, format)
                buffer?.keep(bytes)
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

extension UploadRecords where Record == UploadedMedia {
    /// Plain uploads' records, kept per homeserver (`uploaded_media`): a GIF uploaded once is
    /// reused by every account on it.
    static func plain(
        store: any MatrixStateStore, network: String, interval: Duration, logger: Logger
    ) -> Self {
        UploadRecords(
            kind: "plain",
            store: Store(
                ids: { after, limit in try await store.uploadedGIFIDs(network: network, after: after, limit: limit) },
                read: { gifIDs in
                    let found = try await store.uploadedMedia(gifIDs: gifIDs, network: network)
                    return Dictionary(found.map { ($0.gifID, $0) }) { first, _ in first }
                },
                write: { records in try await store.recordUploadedMedia(Array(records.values), network: network) }),
            interval: interval, logger: logger)
    }
}
