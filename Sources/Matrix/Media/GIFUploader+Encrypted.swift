import Foundation
import GifBotCore
import Logging
import MatrixCrypto
import MatrixState
import NIOCore
import NIOFoundationCompat

/// GIFs for encrypted rooms: encrypted (AES-256-CTR, `AttachmentCipher`) before the upload, and
/// the upload reused in every encrypted room, its key kept sealed in the crypto state.
extension GIFUploader {
    /// What is kept per GIF: where it is and how to decrypt it.
    struct EncryptedUpload: Decodable {
        let contentURI: String
        let mimetype: String
        let byteSize: Int
        let width: Int?
        let height: Int?
        /// The `EncryptedFile` JSON (key, iv, hash).
        let file: [UInt8]
    }

    /// An encrypted GIF on the homeserver: where it is, and how to decrypt it.
    typealias EncryptedMedia = (media: UploadedMedia, file: EncryptedFile)

    /// The GIF encrypted on the homeserver, and its thumbnail (nil when there is none or it
    /// could not be uploaded), each uploaded the first time only, the thumbnail beside the GIF
    /// (`mediaWithThumbnail`); what was uploaded now is recorded together (`UploadRecords`),
    /// unsynced: a record a power cut takes costs an upload again.
    func encryptedMediaWithThumbnail(
        for card: GifCard
    ) async throws -> (gif: EncryptedMedia, thumbnail: EncryptedMedia?) {
        let thumbnailID = GIFThumbnail.id(of: card)
        let stored = await encryptedRecords?.find([card.id, thumbnailID]) ?? [:]
        async let thumbnail = encryptedThumbnail(thumbnailCard(for: card), stored: stored[thumbnailID])
        let gif = try await encryptedMedia(
            for: card, stored: stored[card.id], accepting: ImageFormat.animated, keepingBufferIn: spare)
        let small = await thumbnail
        var uploaded: [String: [UInt8]] = [:]
        uploaded[card.id] = gif.record
        uploaded[thumbnailID] = small?.record
        await encryptedRecords?.add(uploaded)
        let used = small.flatMap {
            GIFThumbnail.isSmaller($0.media.media.byteSize, than: gif.media.media.byteSize) ? $0.media : nil
        }
        return (gif.media, used)
    }

    /// The thumbnail's stored upload or one made now; nil without a thumbnail or when it could
    /// not be uploaded (a thumbnail is a nicety).
    private func encryptedThumbnail(_ small: GifCard?, stored: [UInt8]?) async -> EncryptedResult? {
        guard let small else { return nil }
        return try? await encryptedMedia(
            for: small, stored: stored, accepting: ImageFormat.stills, keepingBufferIn: nil)
    }

    /// An encrypted image on the homeserver, and the record to keep of it when it was uploaded
    /// now (nil when it came from its stored record).
    private typealias EncryptedResult = (media: EncryptedMedia, record: [UInt8]?)

    /// The card's image (one of `formats`), from its `stored` record or uploaded now (its
    /// download's buffer taken from `buffer`, `upload`).
    private func encryptedMedia(
        for card: GifCard, stored bytes: [UInt8]?, accepting formats: Set<ImageFormat>,
        keepingBufferIn buffer: SpareGIFBuffer?
    ) async throws -> EncryptedResult {
        if let bytes,
            let stored = try? JSONDecoder().decode(EncryptedUpload.self, from: Data(bytes)),
            let file = try? EncryptedFile(jsonBytes: stored.file)
        {
            let media = UploadedMedia(
                gifID: card.id, contentURI: stored.contentURI, mimetype: stored.mimetype,
                byteSize: stored.byteSize, width: stored.width, height: stored.height)
            return ((media, file), nil)
        }
        let client = client
        let (media, encryption) = try await upload(card, accepting: formats, keepingBufferIn: buffer) {
            (bytes: inout ByteBuffer, format: ImageFormat) throws(MatrixError) in
            // Encrypted where the download lies, a piece at a time: nothing else holds the
            // buffer, so no second one the size of the GIF is made.
            let encryption = bytes.withUnsafeMutableReadableBytes { AttachmentCipher.encrypt(inPlace: $0) }
            let uri = try await client.upload(
                bytes, contentType: "application/octet-stream", filename: "\(card.id).\(format.fileExtension)")
            return (uri, encryption)
        }
        let file = try encryption.file(url: media.contentURI)
        let record = EncryptedUpload(
            contentURI: media.contentURI, mimetype: media.mimetype, byteSize: media.byteSize, width: media.width,
            height: media.height, file: file.jsonBytes)
        return ((media, file), try? record.jsonBytes())
    }
}

extension GIFUploader.EncryptedUpload {
    /// `file` is stored as its JSON text: as an array of byte values (records before
    /// 2026-11-29, still read) its 300 bytes cost a number each to write and to read.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contentURI = try container.decode(String.self, forKey: .contentURI)
        mimetype = try container.decode(String.self, forKey: .mimetype)
        byteSize = try container.decode(Int.self, forKey: .byteSize)
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        if let text = try? container.decode(String.self, forKey: .file) {
            file = Array(text.utf8)
        } else {
            file = try container.decode([UInt8].self, forKey: .file)
        }
    }

    /// The record as JSON text, written as request bodies are (`JSONValue.encodedBytes`): with
    /// Foundation's encoder, which boxes each value before writing it, a record cost about 1 % of
    /// an encrypted command's CPU (perf, scenario 9), two records a GIF.
    func jsonBytes() throws -> [UInt8] {
        var members: [String: JSONValue] = [
            CodingKeys.contentURI.stringValue: .string(contentURI),
            CodingKeys.mimetype.stringValue: .string(mimetype),
            CodingKeys.byteSize.stringValue: .number(Double(byteSize)),
            CodingKeys.file.stringValue: .string(String(decoding: file, as: UTF8.self)),
        ]
        if let width { members[CodingKeys.width.stringValue] = .number(Double(width)) }
        if let height { members[CodingKeys.height.stringValue] = .number(Double(height)) }
        return try JSONValue.object(members).encodedBytes()
    }

    private enum CodingKeys: String, CodingKey { case contentURI, mimetype, byteSize, width, height, file }
}

extension UploadRecords where Record == [UInt8] {
    /// Encrypted uploads' records, kept per account in the crypto state (`encrypted_upload`),
    /// sealed as everything there: a GIF's key is reused in every encrypted room of the account.
    static func encrypted(state: CryptoStateStore, interval: Duration, logger: Logger) -> Self {
        UploadRecords(
            kind: "encrypted",
            store: Store(
                ids: { after, limit in try await state.names(.encryptedUpload, after: after, limit: limit) },
                read: { gifIDs in try await state.load(.encryptedUpload, gifIDs) },
                write: { records in
                    try await state.save(
                        records.map { CryptoStateStore.Write(kind: .encryptedUpload, name: $0.key, bytes: $0.value) },
                        durability: .unsynced)
                }),
            interval: interval, logger: logger)
    }
}
