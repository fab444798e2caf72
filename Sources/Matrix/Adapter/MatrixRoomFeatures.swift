import GifBotCore
import Logging
import MatrixState

/// Carries out `!pack on|off` in a room (`Reply.roomFeature`) and keeps each published pack in
/// step with the room's collection: after every command in the room (a save, a forget, a tag)
/// and on a timer for changes made elsewhere (another instance, `gifbot import`).
struct MatrixRoomFeatures: Sendable {
    let client: MatrixClient
    /// The bot's own user id, for the power level a refusal names.
    let userID: String
    /// Uploads each GIF once; nil when uploads are off, and then there is no pack to make.
    let uploader: GIFUploader?
    let bot: GifBot
    let packs: ImagePacks
    let logger: Logger

    /// The picker widget's state event (`im.vector.modular.widgets`, Element's widget state), and
    /// its key: one GifBot widget a room.
    static let widgetType = "im.vector.modular.widgets"
    static let widgetKey = "gifbot_picker"

    /// What the room is told.
    func change(_ change: RoomFeatureChange) async -> String {
        switch change.feature {
        case .imagePack: await changePack(change)
        case .pickerWidget: await changeWidget(change)
        }
    }

    private func changeWidget(_ change: RoomFeatureChange) async -> String {
        let room = change.conversation
        var content: JSONValue = [:]
        if change.isOn, let url = change.widgetURL {
            content = [
                "type": "m.custom", "url": .string(url), "name": "GIFs", "data": [:], "waitForIframeLoad": true,
                "id": .string(Self.widgetKey), "creatorUserId": .string(userID),
            ]
        }
        do {
            _ = try await client.setState(Self.widgetType, key: Self.widgetKey, content, in: room)
            return change.isOn
                ? "Added the GIFs widget: Element Web and Desktop show it in this room's extensions."
                : "Removed the GIFs widget."
        } catch {
            let action = change.isOn ? "add" : "remove"
            if error.code == "M_FORBIDDEN",
                let levels = await client.stateLevels(Self.widgetType, for: userID, in: room)
            {
                return
                    "I need power level \(levels.needed) in this room to \(action) its widget (I have \(levels.has)); a moderator can raise mine."
            }
            logger.warning("Could not change the picker widget", metadata: ["room": "\(room)", "error": "\(error)"])
            return "I could not \(action) the picker widget; please try again later."
        }
    }

    private func changePack(_ change: RoomFeatureChange) async -> String {
        let room = change.conversation
        guard change.isOn else {
            do {
                try await packs.set(room, publishing: false)
                _ = try await client.setState(ImagePackContent.stateType, [:], in: room)
                return "This room's image pack is removed."
            } catch {
                return await refusal(error, removing: true, in: room)
            }
        }
        guard uploader != nil else {
            return "Image packs need GIF uploads, which this bot has turned off (matrix.upload_gifs)."
        }
        do {
            try await packs.set(room, publishing: true)
            let count = try await publish(in: room, force: true)
            return
                "This room's collection is now an image pack (\(count) GIFs): Cinny, FluffyChat and Nheko offer it as stickers. Saves and forgets show in it within a minute."
        } catch {
            try? await packs.set(room, publishing: false)
            return await refusal(error, removing: false, in: room)
        }
    }

    /// Publishes `room`'s pack again if the room has one and its collection changed.
    func refresh(_ room: String) async {
        guard await packs.publishingRooms().contains(room) else { return }
        do { _ = try await publish(in: room, force: false) } catch {
            logger.warning("Could not update an image pack", metadata: ["room": "\(room)", "error": "\(error)"])
        }
    }

    func refreshAll() async {
        for room in await packs.publishingRooms().sorted() { await refresh(room) }
    }

    /// The pack from the collection, newest first, each GIF uploaded once; sent when it changed
    /// (or `force`). The number of GIFs in it.
    private func publish(in room: String, force: Bool) async throws -> Int {
        guard let uploader else { return 0 }
        let entries = try await bot.collectionEntries(
            in: room, network: MatrixAdapter.network, limit: ImagePackContent.maximumImages)
        var images: [ImagePackContent.Image] = []
        for entry in entries {
            let card = GifCard(
                id: entry.gifID, title: entry.title, url: entry.url, width: entry.preview?.width,
                height: entry.preview?.height, byteSize: nil, rating: entry.rating, pageURL: entry.pageURL)
            do {
                images.append(ImagePackContent.Image(entry: entry, media: try await uploader.media(for: card)))
            } catch {
                logger.info(
                    "A GIF left out of an image pack", metadata: ["gif": "\(entry.gifID)", "error": "\(error)"])
            }
        }
        let name = (try? await client.stateContent("m.room.name", of: room))?["name"]?.string ?? "GIFs"
        let content = ImagePackContent.content(images, roomName: name)
        let changed = await packs.differs(content, in: room)
        guard force || changed else { return images.count }
        _ = try await client.setState(ImagePackContent.stateType, content, in: room)
        await packs.published(content, in: room)
        return images.count
    }

    private func refusal(_ error: any Error, removing: Bool, in room: String) async -> String {
        let action = removing ? "remove" : "publish"
        if let error = error as? MatrixError, error.code == "M_FORBIDDEN",
            let levels = await client.stateLevels(ImagePackContent.stateType, for: userID, in: room)
        {
            return
                "I need power level \(levels.needed) in this room to \(action) its image pack (I have \(levels.has)); a moderator can raise mine."
        }
        logger.warning("Could not change an image pack", metadata: ["room": "\(room)", "error": "\(error)"])
        return "I could not \(action) this room's image pack; please try again later."
    }
}
