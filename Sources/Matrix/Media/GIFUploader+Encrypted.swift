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

    func encryptedMedia(for card: GifCard, state: CryptoStateStore) async throws -> (UploadedMedia, EncryptedFile) {
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
        let (media, encryption) = try await upload(card) { bytes throws(MatrixError) in
            // Encrypted from the downloaded buffer as it lies, a piece at a time, into the
            // upload's buffer: the one buffer the size of the GIF that encryption adds.
            var ciphertext = ByteBufferAllocator().buffer(capacity: bytes.readableBytes)
            let encryption = AttachmentCipher.encrypt(bytes.readableBytesView) { ciphertext.writeBytes($0) }
            let uri = try await client.upload(
                ciphertext, contentType: "application/octet-stream", filename: "\(card.id).gif")
            return (uri, encryption)
        }
        let file = try encryption.file(url: media.contentURI)
        let record = EncryptedUpload(
            contentURI: media.contentURI, mimetype: media.mimetype, byteSize: media.byteSize, width: media.width,
            height: media.height, file: file.jsonBytes)
        do {
            try await state.save(.encryptedUpload, card.id, Array(try JSONEncoder().encode(record)))
        } catch {
            logger.warning(
                "Could not remember an encrypted GIF upload", metadata: ["gif": "\(card.id)", "error": "\(error)"])
        }
        return (media, file)
    }
}
