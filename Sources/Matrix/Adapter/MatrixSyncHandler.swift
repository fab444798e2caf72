import GifBotCore
import GifSources
import Logging

/// Handles one sync batch: hands the invitations of allowed users to `RoomJoins` (joined beside
/// the sync loop), and answers the commands in every room's timeline — rooms side by side, each
/// room's commands in order — end-to-end encrypted rooms included when encryption runs
/// (otherwise they get a notice, `EncryptedRoomGuard`).
struct MatrixSyncHandler: Sendable {
    let userID: String
    let bot: GifBot
    let sender: MatrixReplySender
    let seen: SeenEvents
    /// Rooms joined on invitation, until their first batch (the encrypted-room notice).
    let pendingJoins: PendingJoins
    /// Where invitations go to be joined, beside the sync loop.
    let joins: RoomJoins
    let invites: InviteAllowList
    let admins: Set<String>
    /// Each room's moderators, its admins too; nil under `bot.channel_admins: none`.
    let moderators: RoomModerators?
    let encryption: EncryptedRoomGuard
    /// End-to-end encryption, when it runs: encrypted events are decrypted and answered.
    var endToEnd: MatrixEncryption?
    let status: AdapterStatus
    let logger: Logger

    /// `ownEventsLeftOut`: the batch was synced without the bot's own events, so a room's
    /// history ends where the homeserver's annotations say (`JoinBoundary`).
    func handle(_ response: SyncResponse, skipTimeline: Bool, ownEventsLeftOut: Bool = false) async {
        // Commands that waited for their room key, which this batch (or an earlier one) brought.
        if let endToEnd {
            for (event, roomID) in await endToEnd.eventsWithLateKeys() {
                if let decrypted = await endToEnd.decrypt(event, in: roomID) { await answer(decrypted, in: roomID) }
            }
        }
        pendingJoins.forget(response.rooms?.left ?? [])
        for (roomID, room) in response.rooms?.invite ?? [:] {
            handleInvite(roomID: roomID, room: room)
        }
        await withTaskGroup(of: Void.self) { group in
            for (roomID, room) in response.rooms?.join ?? [:] {
                group.addTask {
                    await handle(room, roomID: roomID, skipTimeline: skipTimeline, ownEventsLeftOut: ownEventsLeftOut)
                }
            }
        }
    }

    private func handle(
        _ room: SyncResponse.JoinedRoom, roomID: String, skipTimeline: Bool, ownEventsLeftOut: Bool
    ) async {
        await encryption.review(room, roomID: roomID, ownUserID: userID, joinedByCall: pendingJoins.take(roomID))
        let timeline = room.timeline?.events?.elements ?? []
        let changesModerators = { (event: RoomEvent) in event.type == RoomModerators.powerLevelsType }
        if let moderators,
            timeline.contains(where: changesModerators)
                || room.state?.events?.elements.contains(where: changesModerators) == true
        {
            await moderators.stateChanged(in: roomID)
        }
        if skipTimeline {
            // Remember what is there so it is never answered, even if delivered again; who is
            // out of the room now still loses their gallery grant for it. (A leave lost in a gap
            // of the timeline is not seen: the grant then lapses, `WebChannelGrants.lifetime`.)
            for event in timeline { _ = seen.firstSighting(event.eventID) }
            for member in MatrixMessageFilter.departedMembers(after: timeline, ownUserID: userID) {
                await memberLeft(member, from: roomID)
            }
            return
        }
        // A room the bot has just joined arrives with its recent history, which is not
        // addressed to it: only what follows the join counts.
        for event in JoinBoundary.afterJoin(timeline, ownUserID: userID)
        where JoinBoundary.isPlaced(event, ownEventsLeftOut: ownEventsLeftOut) && seen.firstSighting(event.eventID) {
            await handle(event, in: roomID)
        }
    }

    /// A member left, was kicked or banned: their gallery grant for the room ends, in order with
    /// the room's commands (a `!web` before the leave is granted, then revoked).
    private func memberLeft(_ member: String, from roomID: String) async {
        await bot.memberLeft(ChatUser(network: MatrixAdapter.network, id: member, displayName: member), from: roomID)
    }

    private func handle(_ event: RoomEvent, in roomID: String) async {
        if let member = MatrixMessageFilter.departedMember(in: event, ownUserID: userID) {
            return await memberLeft(member, from: roomID)
        }
        if let endToEnd {
            guard event.type == RoomEncryption.encryptedType else { return await answer(event, in: roomID) }
            // Its own events are skipped before decrypting: the bot never answers itself.
            guard event.sender != userID, let decrypted = await endToEnd.decrypt(event, in: roomID) else { return }
            return await answer(decrypted, in: roomID)
        }
        if event.type == RoomEncryption.encryptedType, event.sender != userID {
            if await encryption.isEncrypted(roomID) { await encryption.tell(roomID, because: .encryptedMessage) }
            return
        }
        if let reaction = MatrixMessageFilter.reaction(in: event, ownUserID: userID) {
            await handle(reaction, event: event, in: roomID)
            return
        }
        guard let text = MatrixMessageFilter.commandText(of: event, ownUserID: userID) else { return }
        // In a room known to be unencrypted (the usual case after its first command) the text
        // goes straight to the bot, which parses it once; elsewhere only a command is checked.
        if await !encryption.isKnownUnencrypted(roomID), bot.isCommand(text), await encryption.isEncrypted(roomID) {
            await encryption.tell(roomID, because: .plaintextCommand)
            return
        }
        await answer(event, in: roomID, text: text)
    }

    /// Runs a message's command, if it is one, and sends the replies. A decrypted event may be a
    /// reaction (clients encrypt reactions in encrypted rooms): it goes where a plain one goes.
    private func answer(_ event: RoomEvent, in roomID: String) async {
        if let reaction = MatrixMessageFilter.reaction(in: event, ownUserID: userID) {
            return await handle(reaction, event: event, in: roomID)
        }
        guard let text = MatrixMessageFilter.commandText(of: event, ownUserID: userID) else { return }
        await answer(event, in: roomID, text: text)
    }

    private func answer(_ event: RoomEvent, in roomID: String, text: String) async {
        let user = ChatUser(network: MatrixAdapter.network, id: event.sender, displayName: event.sender)
        let message = ChatMessage(
            user: user, conversation: roomID, isPrivate: false, text: text,
            senderIsAdmin: await isAdmin(event.sender, in: roomID), messageID: event.eventID,
            channelAdminTitle: moderators == nil ? nil : "room moderators")
        let replies = await bot.handle(message)
        guard !replies.isEmpty else { return }
        await sender.deliver(
            replies, room: roomID, answering: event.eventID, user: event.sender,
            inThread: MatrixMessageFilter.threadRoot(of: event))
        status.repliesSent(replies.count)
    }

    /// A reaction to one of the bot's messages goes to the core as it is; what it means (a
    /// preview's button, or nothing) is the core's business.
    private func handle(_ reaction: (messageID: String, key: String), event: RoomEvent, in roomID: String) async {
        let user = ChatUser(network: MatrixAdapter.network, id: event.sender, displayName: event.sender)
        let replies = await bot.handle(
            ChatReaction(
                user: user, conversation: roomID, messageID: reaction.messageID, key: reaction.key,
                senderIsAdmin: await isAdmin(event.sender, in: roomID)))
        guard !replies.isEmpty else { return }
        await sender.deliver(replies, room: roomID, answering: event.eventID, user: event.sender)
        status.repliesSent(replies.count)
    }

    /// A bot admin, or one of the room's moderators.
    private func isAdmin(_ user: String, in roomID: String) async -> Bool {
        if admins.contains(user) { return true }
        return await moderators?.isModerator(user, in: roomID) ?? false
    }

    private func handleInvite(roomID: String, room: SyncResponse.InvitedRoom) {
        guard let inviter = MatrixMessageFilter.inviter(in: room, ownUserID: userID) else { return }
        guard invites.allows(inviter) else {
            logger.notice("Ignored an invitation", metadata: ["room_id": "\(roomID)", "inviter": "\(inviter)"])
            return
        }
        joins.request(.invitation(roomID: roomID, inviter: inviter), logger: logger)
    }
}
