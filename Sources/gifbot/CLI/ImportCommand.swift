import ArgumentParser
import Foundation
import GifBotApp
import GifBotCore
import Storage

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read back what `gifbot export` wrote; records already there are skipped.",
        discussion: """
            Every line is read and checked first (ids, links, times, channel settings within the \
            limits the chat commands enforce); a bad line stops the import with its line number \
            and the reason, before anything is written. Importing the same file twice changes \
            nothing the second time. Favorites are kept even past the configured limit (nothing \
            is dropped), and the users over it are listed on standard error. Existing channel \
            settings are not overwritten.
            """
    )

    @Argument(help: ArgumentHelp("The JSON lines file, or - for standard input.", valueName: "file"))
    var file: String

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let data: Data
        do {
            data =
                file == "-"
                ? try FileHandle.standardInput.readToEnd() ?? Data() : try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            ProcessRunner.fail("cannot read '\(file)': \(error.localizedDescription)", exitCode: .failure)
        }
        let records = checkedRecords(data)
        try await database.withStore { store, values in
            var added = 0, skipped = 0
            for record in records {
                if try await store.importRecord(record) { added += 1 } else { skipped += 1 }
            }
            print("imported \(added) records, skipped \(skipped) already there")
            // An unreadable limit is the bot's problem, not the import's: the default is used.
            let limit = (try? AppConfiguration.favoritesLimit(values)) ?? 20
            try await reportUsersOverLimit(records, limit: limit, store: store)
        }
    }

    /// Every record of the file, or the end of the process at the first line that is not one.
    private func checkedRecords(_ data: Data) -> [StoreRecord] {
        var records: [StoreRecord] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            let record: StoreRecord?
            do {
                record = try StoreRecordLines.decode(line)
            } catch {
                ProcessRunner.fail(
                    "\(file):\(index + 1): not a gifbot export record; nothing imported", exitCode: .failure)
            }
            guard let record else { continue }
            if let problem = ImportRecordCheck.problem(with: record) {
                ProcessRunner.fail("\(file):\(index + 1): \(problem); nothing imported", exitCode: .failure)
            }
            records.append(record)
        }
        return records
    }

    private func reportUsersOverLimit(_ records: [StoreRecord], limit: Int, store: BotStore) async throws {
        var users: [UserKey] = []
        var seen = Set<UserKey>()
        for case .favorite(let user, _) in records where seen.insert(user).inserted { users.append(user) }
        var over: [String] = []
        for user in users {
            let count = try await store.favorites(for: user).count
            if count > limit { over.append("\(user.network) \(user.userID) (\(count))") }
        }
        guard !over.isEmpty else { return }
        let shown = over.prefix(20).joined(separator: ", ") + (over.count > 20 ? ", and \(over.count - 20) more" : "")
        StandardStream.write(
            "gifbot: \(over.count) user\(over.count == 1 ? " has" : "s have") more favorites than bot.favorites_limit (\(limit)), kept: \(shown)\n",
            to: StandardStream.error)
    }
}
