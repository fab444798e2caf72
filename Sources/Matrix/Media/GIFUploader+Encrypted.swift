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
    struct EncryptedUpload: Codable {
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
    /// could not be uploaded), each uploaded the first time only; what was uploaded now is
    /// recorded in one write (one disk sync, not two), as `mediaWithThumbnail` does in plain rooms.
    func encryptedMediaWithThumbnail(
        for card: GifCard, state: CryptoStateStore
    ) async throws -> (gif: EncryptedMedia, thumbnail: EncryptedMedia?) {
        var uploaded: [CryptoStateStore.Write] = []
        let gif = try await encryptedMedia(for: card, state: state, recordingIn: &uploaded)
        var thumbnail: EncryptedMedia?
        if let small = GIFThumbnail.card(of: card, postedBytes: gif.media.byteSize) {
            thumbnail = try? await encryptedMedia(for: small, state: state, recordingIn: &uploaded)
        }
        guard !uploaded.isEmpty else { return (gif, thumbnail) }
        do {
            try await state.save(uploaded)
        } catch {
            logger.warning(
                "Could not remember an encrypted GIF upload", metadata: ["gif": "\(card.id)", "error": "\(error)"])
        }
        return (gif, thumbnail)
    }

    /// The card's GIF, from what was stored or uploaded now; an upload's record is added to
    /// `uploaded` for the caller to write.
    private func encryptedMedia(
        for card: GifCard, state: CryptoStateStore, recordingIn uploaded: inout [CryptoStateStore.Write]
    ) async throws -> EncryptedMedia {
        if let bytes = try? await state.load(.encryptedUpload, card.id),
            let stored = try? JSONDecoder().decode(EncryptedUpload.self, from: Data(bytes)),
            let file = try? EncryptedFile(jsonBytes: stored.file)
        {
            return (
                UploadedMedia(
                    gifID: card.id, contentURI: stored.contentURI, mimetype: stored.mimetype,
                    byteSize: stored.byteSize, width: stored.width, height: stored.height), file
            )
        }
        let client = client
        let (media, encryption) = try await upload(card) { (bytes: inout ByteBuffer) throws(MatrixError) in
            // Encrypted where the download lies, a piece at a time: nothing else holds the
            // buffer, so no second one the size of the GIF is made.
            let encryption = bytes.withUnsafeMutableReadableBytes { AttachmentCipher.encrypt(inPlace: $0) }
            let uri = try await client.upload(
                bytes, contentType: "application/octet-stream", filename: "\(card.id).gif")
            return (uri, encryption)
        }
        let file = try encryption.file(url: media.contentURI)
        let record = EncryptedUpload(
            contentURI: media.contentURI, mimetype: media.mimetype, byteSize: media.byteSize, width: media.width,
            height: media.height, file: file.jsonBytes)
        if let bytes = try? JSONEncoder().encode(record) {
            uploaded.append(.init(kind: .encryptedUpload, name: card.id, bytes: Array(bytes)))
        }
        return (media, file)
    }
}
