import Foundation

/// Builds the AUTHENTICATE payloads for SASL PLAIN (RFC 4616).
public enum SASLPlain {
    static let chunkBytes = 400

    /// The payloads to send after `AUTHENTICATE PLAIN`, each as one AUTHENTICATE parameter.
    /// Chunks are 400 bytes; a final "+" tells the server the data is complete when the last
    /// chunk was full (otherwise it would wait for more) or when there was no data at all.
    public static func authenticateLines(
        account: String,
        password: String,
        authorizationID: String = ""
    ) -> [String] {
        let credentials = Data((authorizationID + "\0" + account + "\0" + password).utf8)
        let encoded = Array(credentials.base64EncodedString().utf8)
        var lines: [String] = []
        var start = 0
        while start < encoded.count {
            let end = min(start + chunkBytes, encoded.count)
            lines.append(String(decoding: encoded[start..<end], as: UTF8.self))
            start = end
        }
        if lines.last.map({ $0.utf8.count == chunkBytes }) ?? true {
            lines.append("+")
        }
        return lines
    }
}
