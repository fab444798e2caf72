import Foundation

/// The Python peers that check GifBot's encryption against real clients (mautrix, matrix-nio,
/// python-olm), run from the crypto venv (`scripts/crypto-cross-check --install-only` makes it;
/// `GIFBOT_CRYPTO_VENV` overrides where).
public enum CryptoPeers {
    public static var python: String {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["GIFBOT_CACHE"] ?? (NSHomeDirectory() + "/.cache/gifbot")
        return (environment["GIFBOT_CRYPTO_VENV"] ?? cache + "/crypto-venv") + "/bin/python"
    }

    /// Tests/MatrixPeer/<name>.
    public static func script(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("MatrixPeer/\(name)")
    }
}

extension CryptoPeers {
    /// Runs Tests/MatrixPeer/<name> with the venv's Python until it exits; its output goes to
    /// `log` in `folder`, returned for a failing test to show.
    public static func run(
        _ name: String, arguments: [String], folder: URL, log logName: String = "peer.log"
    ) async throws -> (status: Int32, log: String) {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw CryptoPeerMissing()
        }
        let log = folder.appendingPathComponent(logName)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let wrapper = folder.appendingPathComponent("run-peer.sh")
        try Data("exec \"$@\"\n".utf8).write(to: wrapper)
        let status = try await ScriptRunner.run(
            wrapper, arguments: [python, script(name).path] + arguments,
            environment: ["PYTHONDONTWRITEBYTECODE": "1"], output: output)
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}

/// The crypto venv is not there: `scripts/crypto-cross-check --install-only` makes it.
public struct CryptoPeerMissing: Error, CustomStringConvertible {
    public var description: String { "the crypto venv is missing: run scripts/crypto-cross-check --install-only" }
}
