import Foundation

/// Reads a secret from a file, as Docker secrets and Kubernetes secret volumes provide them
/// (`GIPHY_API_KEY_FILE=/run/secrets/giphy`): a file is readable by its owner alone, where a
/// command-line option is readable by every local user through `ps`. Errors name the file and
/// why it cannot be used, never what it holds.
package enum SecretFile {
    /// A key or password is a few hundred bytes at most; a larger file is the wrong file.
    package static let maximumBytes = 64 * 1024

    /// The file's text without its trailing line breaks (`echo secret > file` adds one).
    package static func text(at path: String, for key: SettingKey) throws(ConfigurationError) -> String {
        let bytes = try contents(path, for: key)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw problem(key, path, "it is not UTF-8 text")
        }
        var trimmed = Substring(text)
        while trimmed.last?.isNewline == true { trimmed.removeLast() }
        guard !trimmed.isEmpty else { throw problem(key, path, "it is empty") }
        return String(trimmed)
    }

    private static func contents(_ path: String, for key: SettingKey) throws(ConfigurationError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw problem(key, path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw problem(key, path, String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= maximumBytes else {
                throw problem(key, path, "it is larger than \(maximumBytes / 1024) KiB")
            }
        }
    }

    private static func problem(_ key: SettingKey, _ path: String, _ reason: String) -> ConfigurationError {
        ConfigurationError(description: "\(key.label): cannot use '\(path)': \(reason)")
    }
}
