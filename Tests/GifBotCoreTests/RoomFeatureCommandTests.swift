import CoreTestSupport
import Testing

@testable import GifBotCore

/// `!pack on|off` in the core (issue 35): admins only, in a room only, handed to the network as a
/// room feature change, which networks without image packs answer in words.
@Suite struct RoomFeatureCommandTests {
    @Test func onlyAnAdminInARoomTurnsThePackOnOrOff() async {
        let chat = InProcessChat()
        #expect(
            await chat.replies(to: "!pack on", admin: true) == [
                .roomFeature(RoomFeatureChange(feature: .imagePack, isOn: true, conversation: "#gifs"))
            ])
        #expect(
            await chat.replies(to: "!pack OFF", admin: true) == [
                .roomFeature(RoomFeatureChange(feature: .imagePack, isOn: false, conversation: "#gifs"))
            ])
        #expect(await chat.say("!pack on") == ["Only bot admins can add or remove this room's image pack."])
        #expect(await chat.say("!pack on", in: "alice", admin: true) == ["That belongs to a room: say it there."])
        #expect(await chat.say("!pack on", admin: true, member: false).first?.hasPrefix("You need to be in") == true)
        #expect(await chat.say("!pack").first?.hasPrefix("Usage: !pack on|off") == true)
        #expect(await chat.say("!pack on", admin: true) == ["Image packs are a Matrix feature; this network has none."])
    }

    @Test func thePickerWidgetNeedsTheGallerysWidgetOrigins() async {
        let chat = InProcessChat()
        #expect(
            await chat.say("!picker on", admin: true) == [
                "The picker widget needs the web gallery with web.widget_origins set to the addresses of the Element apps that may show it; ask the bot's operator."
            ])
        #expect(
            await chat.replies(to: "!picker off", admin: true) == [
                .roomFeature(RoomFeatureChange(feature: .pickerWidget, isOn: false, conversation: "#gifs"))
            ])
        #expect(await chat.say("!picker on") == ["Only bot admins can add or remove this room's picker widget."])
    }
}
