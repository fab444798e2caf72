import Crypto
import Foundation

/// The keys the gallery signs with, each derived (HKDF-SHA256) from the one secret in the store
/// for one purpose, so a login token's MAC can never pass as a CSRF token or the other way round.
public struct WebKeys: Sendable {
    // Bytes, not `SymmetricKey` (which is not Sendable); a key is made from them when used.
    private let loginBytes: [UInt8]
    private let csrfBytes: [UInt8]
    private let noticeBytes: [UInt8]
    private let widgetBytes: [UInt8]

    var login: SymmetricKey { SymmetricKey(data: loginBytes) }
    var csrf: SymmetricKey { SymmetricKey(data: csrfBytes) }
    var notice: SymmetricKey { SymmetricKey(data: noticeBytes) }
    var widget: SymmetricKey { SymmetricKey(data: widgetBytes) }

    public init(secret: [UInt8]) {
        let master = SymmetricKey(data: secret)
        loginBytes = Self.derive(master, "gifbot web login link v1")
        csrfBytes = Self.derive(master, "gifbot web csrf v1")
        noticeBytes = Self.derive(master, "gifbot web notice v1")
        widgetBytes = Self.derive(master, "gifbot web widget v1")
    }

    private static func derive(_ master: SymmetricKey, _ purpose: String) -> [UInt8] {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Data(purpose.utf8), outputByteCount: 32)
            .withUnsafeBytes { Array($0) }
    }
}
