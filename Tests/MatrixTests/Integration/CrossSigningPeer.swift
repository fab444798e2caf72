import Foundation
import TestServerSupport
import Testing

/// A mautrix-python client (python-olm), as Element judges devices: runs
/// `Tests/CrossSigningPeer/trust.py` in the crypto virtual environment `scripts/install-test-deps`
/// sets up (`scripts/crypto-cross-check --install-only`) and reads its verdict on one device.
enum CrossSigningPeer {
    struct Verdict: Decodable, Equatable {
        /// mautrix's `TrustState` name: `CROSS_SIGNED_TOFU` for a device signed by its owner's
        /// self-signing key, `UNVERIFIED` otherwise.
        let trust: String
        /// The owner's master key the peer saw.
        let master: String?
    }

    static var python: String { CryptoPeers.python }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("CrossSigningPeer/trust.py").path
    }

    /// Logs in as `peer` and asks how it trusts `user`'s device `deviceID`.
    static func verdict(
        homeserver: String, peer: String, password: String, user: String, deviceID: String
    ) async throws -> Verdict {
        try #require(
            FileManager.default.isExecutableFile(atPath: python), "run scripts/crypto-cross-check --install-only")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("trust-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, homeserver, peer, password, user, deviceID]
        process.environment = ProcessInfo.processInfo.environment.merging(["PYTHONDONTWRITEBYTECODE": "1"]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = FileHandle.standardError
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
            }
        }
        withExtendedLifetime(process) {}
        try handle.close()
        try #require(status == 0, "trust.py failed")
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        let last = try #require(lines.last)
        return try JSONDecoder().decode(Verdict.self, from: Data(last.utf8))
    }
}
