import Foundation
import GiphyStandIn
import IRCTestSupport
import KlipyStandIn
import Logging
import MatrixCrypto
import MatrixTestSupport
import Storage
import TestServerSupport
import Testing

/// `gifbot run` at trace level with every secret in use, some read from files: IRC server and
/// SASL passwords, a Matrix password login after a refused configured token, GIPHY and KLIPY
/// keys, the generated KLIPY customer_id secret, and on PostgreSQL the database password. The
/// token and customer_id secret are written to the store while the store logs at trace.
@Suite(.timeLimit(.minutes(3))) struct SecretLogProcessTests {
    @Test func aTraceLevelRunWithMatrixOnLogsNoSecret() async throws {
        let synapse = try await SynapseServer.shared()
        let ircServer = try await IRCTestServer.shared(.inspircdAtheme)
        let giphyKey = "giphy-secret-\(UUID().uuidString)"
        try await withConsole(standIn: try await GiphyStandIn.start(apiKey: giphyKey)) { harness in
            try await withCleanUp(
                try await KlipyStandIn.start(appKey: "klipy-secret-\(UUID().uuidString)"),
                cleanUp: { klipy in _ = try? await klipy.stop() }
            ) { klipy in
                try await run(
                    harness: harness, klipy: klipy, giphyKey: giphyKey, synapse: synapse, ircServer: ircServer)
            }
        }
    }

    private func run(
        harness: ConsoleHarness, klipy: KlipyStandIn, giphyKey: String, synapse: SynapseServer,
        ircServer: IRCTestServer
    ) async throws {
        let matrixPassword = "mx-secret-\(UUID().uuidString)"
        let botUser = try await synapse.registerUser(
            SynapseServer.uniqueLocalpart("gbsecret"), password: matrixPassword
        ).userID
        let human = try await synapse.registerUser(SynapseServer.uniqueLocalpart("sina"), password: "sina-password")
        let sina = MatrixTestClient(server: synapse, user: human)
        let suffix = String(UUID().uuidString.prefix(5)).lowercased()
        let channel = "#secret-\(suffix)", botNick = "gbsec\(suffix)"

        var secrets = [
            "GIPHY_API_KEY": giphyKey,
            "KLIPY_APP_KEY": klipy.appKey,
            "IRC_PASSWORD": "srv-secret-\(UUID().uuidString)",
            "IRC_SASL_PASSWORD": "sasl-secret-\(UUID().uuidString)",
            "MATRIX_PASSWORD": matrixPassword,
            // Refused by Synapse: the bot then logs in with the password and stores a new token.
            "MATRIX_ACCESS_TOKEN": "syt_refused_\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))",
            // Used to create the account's cross-signing keys once the adapter publishes device keys.
            "MATRIX_RECOVERY_KEY": RecoveryKey.encode(SecretStorageKey.generate()),
            // Seals the device's Olm account and room keys in the store (on PostgreSQL too).
            "MATRIX_STORE_KEY": "store-secret-\(UUID().uuidString)",
        ]
        secrets["MATRIX_RECOVERY_KEY without spaces"] = secrets["MATRIX_RECOVERY_KEY"]!.filter { $0 != " " }
        if let password = URLComponents(string: harness.databaseURL)?.password {
            secrets["DATABASE_URL password"] = password
        }
        var environment = harness.environment([
            "GIFS_SOURCES": "giphy,klipy", "KLIPY_BASE_URL": klipy.baseURL,
            "KLIPY_APP_KEY": klipy.appKey, "IRC_PASSWORD": secrets["IRC_PASSWORD"]!,
            "MATRIX_ACCESS_TOKEN": secrets["MATRIX_ACCESS_TOKEN"]!,
            "MATRIX_RECOVERY_KEY": secrets["MATRIX_RECOVERY_KEY"]!,
            "MATRIX_STORE_KEY": secrets["MATRIX_STORE_KEY"]!,
            "IRC_HOST": "127.0.0.1", "IRC_PORT": String(ircServer.ports.plain), "IRC_TLS": "false",
            "IRC_CHANNELS": channel,
            "IRC_NICK": botNick, "IRC_SASL_USERNAME": "gifbot",
            "MATRIX_HOMESERVER": synapse.baseURL, "MATRIX_USER": botUser, "MATRIX_INVITE_ALLOW": human.userID,
            "MATRIX_UPLOAD_GIFS": "false", "LOG_LEVEL": "trace",
        ])
        // The rest from files, as Docker and Kubernetes secrets provide them.
        let files = harness.directory.appendingPathComponent("secrets")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        for (variable, value) in [
            ("GIPHY_API_KEY", giphyKey), ("IRC_SASL_PASSWORD", secrets["IRC_SASL_PASSWORD"]!),
            ("MATRIX_PASSWORD", matrixPassword), ("DATABASE_URL", harness.databaseURL),
        ] {
            let file = files.appendingPathComponent(variable.lowercased())
            try Data((value + "\n").utf8).write(to: file)
            environment[variable] = nil
            environment[variable + "_FILE"] = file.path
        }

        let olaf = try await TestIRCClient.connect(port: ircServer.ports.plain, nick: "olaf\(suffix)")
        try await olaf.join(channel)
        let room = try await sina.createRoom(name: "secrets", invite: [botUser])
        let bot = try harness.launch(["run"], environment: environment)
        _ = try await olaf.waitFor(timeout: .seconds(20)) { $0.command == "JOIN" && $0.sourceNick == botNick }
        _ = try await sina.waitForEvent(in: room, timeout: .seconds(30)) {
            $0.stateKey == botUser && $0.membership == "join"
        }

        // GIPHY answers on IRC; then GIPHY fails and KLIPY answers on Matrix, with a customer_id.
        try await olaf.say(channel, "!gif cat")
        _ = try await olaf.waitFor { $0.command == "PRIVMSG" && $0.sourceNick == botNick }
        harness.standIn.override("/v1/gifs/search", with: StandInResponse(status: 500, json: "{}"))
        let command = try await sina.sendText("!gif owl", to: room)
        let answer = try await sina.waitForEvent(in: room) { $0.sender == botUser && $0.inReplyTo == command }
        #expect(answer.body?.contains("via KLIPY") == true, "\(answer.body ?? "")")
        bot.signal(SIGTERM)
        let result = await bot.finish(timeout: .seconds(15))
        await olaf.quit()
        #expect(result.status == 0)

        let store = try await DatabaseLocation(url: harness.databaseURL).open(logger: Logger(label: "check"))
        let login = try await store.adapterState("matrix:\(synapse.baseURL):\(botUser):login")
        let customerIDSecret = try await store.adapterState("klipy.customer_id_secret")
        try await store.close()
        let loginText = try #require(login)
        let storedLogin = try #require(
            try JSONSerialization.jsonObject(with: Data(loginText.utf8)) as? [String: Any])
        let storedToken: String = try #require(storedLogin["accessToken"] as? String)
        let storedSecret: String = try #require(customerIDSecret)
        secrets["stored Matrix access token"] = storedToken
        // Synapse issues a refresh token (the test server's tokens expire): a secret too.
        secrets["stored Matrix refresh token"] = try #require(storedLogin["refreshToken"] as? String)
        secrets["generated KLIPY customer_id secret"] = storedSecret

        // The log shows the secrets were used, so their absence means something.
        for evidence in [
            "→ PASS", "→ AUTHENTICATE", "The configured Matrix access token was refused", "Logged in to Matrix",
            "GIPHY call", "KLIPY call", "Published the device's encryption keys",
            "Created the Matrix account's cross-signing keys",
        ] {
            #expect(result.stderr.contains(evidence), "the trace log lacks \(evidence)")
        }
        #expect(!klipy.requests(to: "gifs/search").isEmpty)
        for (name, secret) in secrets {
            #expect(!result.stderr.contains(secret), "\(name) appears in the log")
            #expect(!result.stdout.contains(secret), "\(name) appears on standard output")
        }
    }
}
