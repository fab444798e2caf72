import Foundation
import GifBotCore
import HTTPTransport
import Logging
import MatrixState

/// What a session of the adapter is made of: the sync handler with its reply sender, uploader
/// and encryption guard, wired for one login.
extension MatrixAdapter {
    func makeHandler(
        client: MatrixClient, userID: String, endToEnd: MatrixEncryption?, previewShown: @escaping @Sendable () -> Void
    ) async
        -> MatrixSyncHandler
    {
        var uploader: GIFUploader?
        if configuration.uploadGIFs {
            let serverLimit = await client.uploadLimit()
            let limit = min(configuration.maxUploadBytes, serverLimit ?? configuration.maxUploadBytes)
            let downloader = GIFDownloader(
                client: httpClient, timeout: configuration.timing.downloadTimeout,
                rule: MediaDestinationRule(policy: configuration.media))
            let interval = configuration.timing.bookkeepingInterval
            uploader = GIFUploader(
                client: client, downloader: downloader, limit: limit, preferred: configuration.preferredMaxBytes,
                logger: logger,
                plainRecords: .plain(
                    store: store, network: configuration.homeserver, interval: interval, logger: logger),
                encryptedRecords: endToEnd.map { .encrypted(state: $0.state, interval: interval, logger: logger) })
        }
        let account = configuration.storeAccount(userID: userID)
        let encryptedRooms = await EncryptedRooms.load(store: store, account: account, logger: logger)
        var sender = MatrixReplySender(
            client: client, uploader: uploader, posted: posted, bot: bot, buttons: previewButtons,
            shownPreviews: ShownPreviews(store: store, account: account, runID: runID, logger: logger),
            maximumServerWait: configuration.timing.maximumServerWait, logger: logger)
        sender.previewShown = previewShown
        sender.roomFeatures = MatrixRoomFeatures(
            client: client, userID: userID, uploader: uploader, bot: bot,
            packs: ImagePacks(store: store, account: account, logger: logger), logger: logger)
        if let endToEnd {
            await encryptedRooms.participate()
            sender.encryptor = RoomEventEncryptor(
                encryption: endToEnd, rooms: encryptedRooms, client: client, logger: logger)
        }
        var encryption = EncryptedRoomGuard(
            rooms: encryptedRooms, client: client, sender: sender,
            notice: EncryptionNotice(commandPrefix: bot.commandPrefix), logger: logger, now: { Date() })
        encryption.participates = endToEnd != nil
        return MatrixSyncHandler(
            userID: userID, bot: bot, sender: sender, seen: seen,
            pendingJoins: pendingJoins, joins: roomJoins,
            invites: InviteAllowList(patterns: configuration.inviteAllow, admins: configuration.admins),
            admins: Set(configuration.admins),
            moderators: configuration.channelAdmins == .operators
                ? RoomModerators(client: client, logger: logger) : nil,
            encryption: encryption, endToEnd: endToEnd, status: status,
            logger: logger)
    }
}
