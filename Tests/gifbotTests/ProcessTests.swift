import Foundation
import GiphyStandIn
import Testing

/// The executable as users and operators run it.
@Suite(.timeLimit(.minutes(3))) struct ProcessTests {
    @Test func pipedSessionThenASecondRunStillHasTheFavorite() async throws {
        try await withConsole { harness in
            let environment = harness.environment(["BOT_COOLDOWN_COMMANDS": "5"])
            let first = try await harness.run(
                ["console", "--user", "alice"], environment: environment, input: "!gif cat\n!fav\n!favs\n")
            #expect(first.status == 0)
            let lines = first.stdoutLines
            try #require(lines.count == 4)
            #expect(
                lines[0].hasPrefix(
                    "Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice (l0NwGpoOVLTAyUJSo) https://media0.giphy.com/media/l0NwGpoOVLTAyUJSo/giphy-downsized.gif"
                ))
            #expect(
                lines[1]
                    == "Saved \"Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice\" (l0NwGpoOVLTAyUJSo) to your favorites (1/20)."
            )
            #expect(lines[2] == "Your favorites (1, page 1/1, newest first):")
            #expect(
                lines[3].hasPrefix(
                    "1. Ben Affleck Rain GIF by Batman v Superman: Dawn of Justice (l0NwGpoOVLTAyUJSo) https://"))
            #expect(!first.stderr.contains(GiphyStandIn.defaultAPIKey))

            let second = try await harness.run(
                ["console", "--user", "alice"], environment: environment, input: "!favs\n")
            #expect(second.status == 0)
            #expect(second.stdoutLines == Array(lines[2...3]))
        }
    }

    @Test func aConfirmedFavoriteSurvivesSIGKILL() async throws {
        try await withConsole { harness in
            let environment = harness.environment()
            let bot = try harness.launch(["console", "--user", "alice"], environment: environment)
            bot.write("!fav C7RCCFdaixA3u\n")
            #expect(await bot.waitForOutput { $0.contains("Saved ") })
            bot.signal(SIGKILL)
            _ = await bot.finish()
            let after = try await harness.run(
                ["console", "--user", "alice"], environment: environment, input: "!favs\n")
            #expect(after.stdoutLines.count == 2)
            #expect(after.stdoutLines.last?.contains("(C7RCCFdaixA3u)") == true)
        }
    }

    @Test(arguments: [
        (
            ["GIPHY_API_KEY": ""],
            "gifbot: configuration error: giphy.api_key (GIPHY_API_KEY) is required: your GIPHY API key from developers.giphy.com"
        ),
        (
            ["GIPHY_RATING": "nc-17"],
            "gifbot: configuration error: giphy.rating (GIPHY_RATING) must be one of g, pg, pg-13, r; got 'nc-17'"
        ),
        (
            ["GIPHY_TIMEOUT": "soon"],
            "gifbot: configuration error: giphy.timeout (GIPHY_TIMEOUT) must be a number of seconds above 0; got 'soon'"
        ),
        (
            ["GIPHY_CACHE_TTL": "-1"],
            "gifbot: configuration error: giphy.cache_ttl (GIPHY_CACHE_TTL) must be a number of seconds (0 turns it off); got '-1'"
        ),
        (
            ["BOT_FAVORITES_LIMIT": "lots"],
            "gifbot: configuration error: bot.favorites_limit (BOT_FAVORITES_LIMIT) must be a whole number from 1 to 1000; got 'lots'"
        ),
        (
            ["GIPHY_BASE_URL": "ftp://x"],
            "gifbot: configuration error: giphy.base_url (GIPHY_BASE_URL) must be an http:// or https:// URL; got 'ftp://x'"
        ),
        (
            ["LOG_LEVEL": "loud"],
            "gifbot: configuration error: log.level (LOG_LEVEL) must be one of trace, debug, info, notice, warning, error, critical; got 'loud'"
        ),
        (
            ["DATABASE_URL": "/nonexistent-dir/x/bot.sqlite"],
            "gifbot: configuration error: database.url (DATABASE_URL): cannot open database '/nonexistent-dir/x/bot.sqlite': "
        ),
        (
            ["DATABASE_URL": "mysql://db/x"],
            "gifbot: configuration error: database.url (DATABASE_URL) must be a file path, sqlite:///absolute/path, or postgres://user:password@host:port/database; got (hidden)"
        ),
    ])
    func badConfigurationEndsWithOneLine(_ overrides: [String: String], _ expected: String) async throws {
        try await withConsole { harness in
            let result = try await harness.run(
                ["console"], environment: harness.environment(overrides), input: "!about\n")
            #expect(result.status == 78)
            #expect(result.stdout.isEmpty)
            let errorLines = result.stderr.split(separator: "\n")
            #expect(errorLines.count == 1)
            #expect(result.stderr.hasPrefix(expected))
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test func runWithoutAdaptersIsAUsageError() async throws {
        try await withConsole { harness in
            let result = try await harness.run(["run"], environment: harness.environment())
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("gifbot: no chat network is configured: set irc.host (IRC_HOST)"))
        }
    }

    @Test func helpDescribesEverything() async throws {
        let top = try await GifbotProcess.run(["--help"], environment: [:])
        #expect(top.status == 0)
        #expect(top.stdout.contains("console") && top.stdout.contains("run"))
        let console = try await GifbotProcess.run(["help", "console"], environment: [:])
        for option in [
            "--user", "--channel", "--config", "--giphy-api-key", "--giphy-rating", "--database-url", "--bot-prefix",
            "--bot-favorites-limit", "--bot-recent-limit", "--giphy-cache-ttl", "--giphy-timeout", "--log-level",
            "GIPHY_API_KEY",
        ] {
            #expect(console.stdout.contains(option), "help lacks \(option)")
        }
    }

    @Test func commandLineBeatsEnvironmentBeatsFile() async throws {
        try await withConsole { harness in
            let file = harness.directory.appendingPathComponent("gifbot.yaml")
            try """
            giphy:
              api_key: \(GiphyStandIn.defaultAPIKey)
              base_url: \(harness.standIn.baseURL)
            bot:
              prefix: "?"
              favorites_limit: 3
            database:
              url: \(harness.databaseURL)
            """.write(to: file, atomically: true, encoding: .utf8)
            let environment = ["BOT_COOLDOWN_COMMANDS": "0"]
            let fromFile = try await harness.run(
                ["console", "--config", file.path], environment: environment, input: "?about\n!about\n")
            #expect(fromFile.status == 0)
            #expect(fromFile.stdoutLines.count == 1 && fromFile.stdoutLines[0].hasPrefix("GifBot"))
            let fromEnvironment = try await harness.run(
                ["console", "--config", file.path], environment: environment.merging(["BOT_PREFIX": "."]) { $1 },
                input: "?about\n.about\n")
            #expect(fromEnvironment.stdoutLines.count == 1)
            let fromOption = try await harness.run(
                ["console", "--config", file.path, "--bot-prefix", "%"],
                environment: environment.merging(["BOT_PREFIX": "."]) { $1 },
                input: ".about\n%about\n%fav l0NwGpoOVLTAyUJSo\n")
            #expect(fromOption.stdoutLines.count == 2)
            #expect(
                fromOption.stdoutLines.last?.hasSuffix("(1/3).") == true, "the file's favorites limit still applies")
        }
    }

    @Test func aJSONFileWithNumbers() async throws {
        try await withConsole { harness in
            let file = harness.directory.appendingPathComponent("gifbot.json")
            try
                #"{"giphy": {"api_key": "\#(GiphyStandIn.defaultAPIKey)", "base_url": "\#(harness.standIn.baseURL)", "timeout": 30}, "bot": {"favorites_limit": 1, "cooldown_commands": 0}, "database": {"url": "\#(harness.databaseURL)"}}"#
                .write(to: file, atomically: true, encoding: .utf8)
            let result = try await harness.run(
                ["console", "--config", file.path], environment: [:], input: "!fav l0NwGpoOVLTAyUJSo\n")
            #expect(result.stdoutLines.first?.hasSuffix("(1/1).") == true, "\(result.stdout)\(result.stderr)")
            let broken = harness.directory.appendingPathComponent("broken.json")
            try "{ not json".write(to: broken, atomically: true, encoding: .utf8)
            let failed = try await harness.run(["console", "--config", broken.path], environment: [:])
            #expect(failed.status == 78)
            #expect(
                failed.stderr.hasPrefix(
                    "gifbot: configuration error: cannot read the config file '\(broken.path)': not valid JSON"))
        }
    }
}
