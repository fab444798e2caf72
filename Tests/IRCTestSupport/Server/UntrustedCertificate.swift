import Foundation

/// A self-signed cert and its key that no test instance uses, for a fake TLS server that a
/// client trusting only an instance cert must refuse. CN=localhost with SAN localhost and
/// 127.0.0.1, so trust is the only thing wrong with it. Valid until 2126.
public enum UntrustedCertificate {
    /// One PEM file holding the certificate followed by its private key.
    public static func pemPath() throws -> String {
        let path = try ServerScripts.directory().appendingPathComponent("untrusted/untrusted.pem").path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw IRCTestServerError.missingResource(path)
        }
        return path
    }
}
