import ArgumentParser
import Foundation
import GifBotApp
import Storage

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write favorites, recent searches, channel settings and collections as JSON lines.",
        discussion: """
            One JSON object per line on standard output, each with a "type" (user, favorite, \
            recent_search, channel_settings, collection_entry, collection_policy); times are Unix seconds. `gifbot import` reads it back \
            into any database: gifbot export > bot.jsonl. With --user, only that user's data.
            """
    )

    @Option(
        help: ArgumentHelp(
            "Only this user's data (an IRC account or nick, a Matrix id, a console name).", valueName: "user"))
    var user: String?

    @Option(
        help: ArgumentHelp(
            "Only data from this network (as configured, e.g. libera, matrix, console).", valueName: "network"))
    var network: String?

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await database.withStore { store, _ in
            for record in try await store.exportRecords(ExportFilter(userID: user, network: network)) {
                print(try StoreRecordLines.encode(record))
            }
        }
    }
}
