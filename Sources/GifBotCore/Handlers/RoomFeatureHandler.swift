/// `!pack on|off` and `!picker on|off` (admins): a room's image pack and picker widget. The core
/// checks who asks and where; the network carries the change out (`Reply.roomFeature`), or says
/// it has no such thing.
struct RoomFeatureHandler {
    let context: BotContext

    func change(_ feature: RoomFeature, on isOn: Bool, for message: ChatMessage) -> [Reply] {
        guard !message.isPrivate else { return [.text("That belongs to a room: say it there.")] }
        let what = feature == .imagePack ? "this room's image pack" : "this room's picker widget"
        guard message.senderIsAdmin else { return [.text(message.onlyAdmins(can: "add or remove \(what)"))] }
        guard feature == .pickerWidget, isOn else {
            return [.roomFeature(RoomFeatureChange(feature: feature, isOn: isOn, conversation: message.conversation))]
        }
        let channel = CollectionChannel(network: message.user.network, channel: message.conversation)
        guard let address = context.webLinks?.widgetAddress(of: channel) else {
            return [
                .text(
                    "The picker widget needs the web gallery with web.widget_origins set to the addresses of the Element apps that may show it; ask the bot's operator."
                )
            ]
        }
        return [
            .roomFeature(
                RoomFeatureChange(feature: feature, isOn: true, conversation: message.conversation, widgetURL: address))
        ]
    }
}
