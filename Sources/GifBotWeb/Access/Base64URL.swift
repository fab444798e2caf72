import Foundation

/// Unpadded base64url (RFC 4648 §5): tokens and cookies travel in URLs and headers as it.
enum Base64URL {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// nil for anything but unpadded base64url.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        guard text.utf8.allSatisfy({ $0.isBase64URL }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map(Array.init)
    }
}

extension UInt8 {
    fileprivate var isBase64URL: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "-")
            || self == UInt8(ascii: "_")
    }
}
