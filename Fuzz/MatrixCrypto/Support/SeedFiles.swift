import Foundation

/// Seed corpora come from the targets themselves: run a target with
/// `MATRIX_CRYPTO_FUZZ_WRITE_SEEDS=<folder>` and its `prepare` writes the genuine
/// inputs it knows (made from the fixed seed in `FuzzFixtures`) there and exits, before libFuzzer
/// starts; the results are committed under Fuzz/Corpus/<name> (see Docs/testing.md for the
/// command). Run again after a change of the fixtures or of a format.
public enum SeedFiles {
    public static let environmentVariable = "MATRIX_CRYPTO_FUZZ_WRITE_SEEDS"

    /// Writes `seeds` (file name → bytes) when asked to, then ends the process; otherwise does nothing.
    public static func writeIfRequested(_ seeds: @autoclosure () -> [String: [UInt8]]) {
        guard let folder = ProcessInfo.processInfo.environment[environmentVariable], !folder.isEmpty else { return }
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, bytes) in seeds() {
                try Data(bytes).write(to: directory.appendingPathComponent(name))
            }
        } catch {
            FileHandle.standardError.write(Data("could not write seeds: \(error)\n".utf8))
            exit(1)
        }
        exit(0)
    }
}
