/// Decodes bytes received from IRC without ever failing: valid UTF-8 as UTF-8, anything else as
/// Latin-1 (one scalar per byte), the encoding legacy clients most often send. Unlike replacement
/// characters, this keeps every byte.
enum LenientText {
    static func decode(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) {
            return text
        }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
