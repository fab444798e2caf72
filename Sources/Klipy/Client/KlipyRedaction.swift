import Foundation
import GifSources
import HTTPTransport

/// Removes a KLIPY app key from text that may hold a request URL. The client never logs a keyed
/// URL in the first place; this is the guard for any text that reaches a log line or an error
/// anyway (an HTTP library's message, a URL a caller built).
public enum KlipyRedaction {
    public static let placeholder = "REDACTED"
    static let minimumKeyLength = 8

    /// `text` with the key, raw or percent-encoded, and any path segment after `/api/v1/`
    /// replaced by the placeholder.
    public static func redact(_ text: String, appKey: String) -> String {
        var result = text
        // A very short "key" would blank out ordinary words; real keys are long.
        for form in Set([appKey, PercentEncoding.encode(appKey)]) where form.count >= minimumKeyLength {
            result = result.replacingOccurrences(of: form, with: placeholder)
        }
        return redactKeySegments(result)
    }

    /// The segment after each `/api/v1/` is the key in every documented KLIPY URL.
    private static func redactKeySegments(_ text: String) -> String {
        let marker = "/api/v1/"
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: marker) {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let end =
                rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" || $0 == " " || $0 == "\"" } ?? rest.endIndex
            if rest[..<end].isEmpty == false { result += placeholder }
            rest = rest[end...]
        }
        return result + rest
    }
}
