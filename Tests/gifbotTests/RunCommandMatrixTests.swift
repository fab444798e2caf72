import Foundation
import GifBotCore
import GiphyStandIn
import IRCTestSupport
import Logging
import MatrixTestSupport
import Storage
import Testing

/// `gifbot run` with a Matrix account, and with IRC and Matrix in one process.
@Suite(.timeLimit(.minutes(3))) struct RunCommandMatrixTests {
    @Test func oneProcessServesIRCAndMatrixWithOneStore() async throws {
        let synapse = try await SynapseServer.shared()
        let ircServer = try await IRCTestServer.shared(.ngircd)
        try await withConsole { harness in
            let botLocalpart = SynapseServer.uniqueLocalpart("gifbot")
            let botUser = try await synapse.registerUser(botLocalpart, password: "bot-password-1").userID
            let human = try await synapse.registerUser(SynapseServer.uniqueLocalpart("nina"), password: "nina-password")
            let nina = MatrixTestClient(server: synapse, user: human)
            let suffix = String(UUID().uuidString.prefix(5)).lowercased()
            let channel = "#both-\(suffix)", ircNick = "olaf\(suffix)", botNick = "gbboth\(suffix)"

            let environment = harness.environment([
                "IRC_HOST": "127.0.0.1", "IRC_PORT": String(ircServer.ports.plain), "IRC_TLS": "false",
                "IRC_CHANNELS": channel,
                "IRC_NICK": botNick, "IRC_NAME": "testnet",
                "MATRIX_HOMESERVER": synapse.baseURL, "MATRIX_USER": botUser, "MATRIX_PASSWORD": "bot-password-1",
                "MATRIX_INVITE_ALLOW": human.userID, "MATRIX_UPLOAD_GIFS": "false",
            ])
            let olaf = try await TestIRCClient.connect(port: ircServer.ports.plain, nick: ircNick)
            try await olaf.join(channel)
            let room = try await nina.createRoom(name: "both", invite: [botUser])
            let bot = try harness.launch(["run"], environment: environment)

            _ = try await olaf.waitFor(timeout: .seconds(20)) { $0.command == "JOIN" && $0.sourceNick == botNick }
            _ = try await nina.waitForEvent(in: room, timeout: .seconds(30)) {
                $0.stateKey == botUser && $0.membership == "join"
            }

            try await olaf.say(channel, "!fav l0NwGpoOVLTAyUJSo")
            #expect(
                try await olaf.waitFor { $0.command == "PRIVMSG" && $0.sourceNick == botNick }.text.contains("Saved"))
            let command = try await nina.sendText("!fav l396BoOTIFem9xqQU", to: room)
            let answer = try await nina.waitForEvent(in: room) { $0.sender == botUser && $0.inReplyTo == command }
            #expect(answer.body?.hasPrefix("Saved \"Tim Burton Film GIF by Tech Noir\"") == true)

            bot.signal(SIGTERM)
            let result = await bot.finish(timeout: .seconds(15))
            #expect(result.status == 0)
            #expect(!result.stderr.contains("bot-password-1"))

            let store = try await DatabaseLocation(url: harness.databaseURL).open(logger: Logger(label: "check"))
            #expect(
                try await store.favorites(for: UserKey(network: "testnet", userID: "nick:\(ircNick)")).map(\.gifID) == [
                    "l0NwGpoOVLTAyUJSo"
                ])
            #expect(
                try await store.favorites(for: UserKey(network: "matrix", userID: human.userID)).map(\.gifID) == [
                    "l396BoOTIFem9xqQU"
                ])
            try await store.close()
            await olaf.quit()
        }
    }
}
