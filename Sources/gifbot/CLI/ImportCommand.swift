import ArgumentParser
import Foundation
import Storage

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read back what `gifbot export` wrote; records already there are skipped.",
        discussion: """
            Importing the same file twice changes nothing the second time. Favorites are kept even \
            past the configured limit, and existing channel settings are not overwritten. A bad \
            line stops the import with its line number; the lines before it stay imported.
            """
    )

    @Argument(help: ArgumentHelp("The JSON lines file, or - for standard input.", valueName: "file"))
    var file: String

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let data: Data
        do {
            data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            ProcessRunner.fail("cannot read '\(file)': \(error.localizedDescription)", exitCode: .failure)
        }
        try await database.withStore { store, _ in
            var added = 0, skipped = 0
            for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let record: StoreRecord?
                do {
                    record = try StoreRecordLines.decode(line)
                } catch {
                    ProcessRunner.fail("\(file):\(index + 1): not a gifbot export record (\(added) added, \(skipped) already there)",
                                       exitCode: .failure)
                }
                guard let record else { continue }
                if try await store.importRecord(record) { added += 1 } else { skipped += 1 }
            }
            print("imported \(added) records, skipped \(skipped) already there")
        }
    }
}
