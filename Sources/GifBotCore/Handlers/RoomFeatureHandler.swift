/// `!pack on|off` (admins): a room's image pack. The core checks who asks and where; the network
/// carries the change out (`Reply.roomFeature`), or says it has no such thing.
struct RoomFeatureHandler {
    let context: BotContext

    func change(_ feature: RoomFeature, on isOn: Bool, for message: ChatMessage) -> [Reply] {
        guard !message.isPrivate else { return [.text("That belongs to a room: say it there.")] }
        guard message.senderIsAdmin else {
            return [.text(message.onlyAdmins(can: "add or remove this room's image pack"))]
        }
        return [.roomFeature(RoomFeatureChange(feature: feature, isOn: isOn, conversation: message.conversation))]
    }
}
