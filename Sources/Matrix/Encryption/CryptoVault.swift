import Crypto
import Foundation
import MatrixCrypto

/// Seals and opens the crypto state's values with AES-256-GCM under the store key. The row's
/// account, kind and name are authenticated with it, so a value copied to another row (another
/// session's id, another account) does not open.
struct CryptoVault: Sendable {
    let key: MatrixStoreKey

    enum Failure: Error, CustomStringConvertible {
        /// Another store key, or a damaged value.
        case cannotOpen

        var description: String { "a stored Matrix crypto value cannot be opened (another matrix.store_key?)" }
    }

    private static let prefix = "v1:"

    func seal(_ plaintext: [UInt8], account: String, kind: String, name: String) -> String {
        do {
            let box = try AES.GCM.seal(
                plaintext, using: key.symmetricKey, authenticating: Self.context(account, kind, name))
            guard let combined = box.combined else { preconditionFailure("AES-GCM with a 12-byte nonce") }
            return Self.prefix + UnpaddedBase64.encode(combined)
        } catch {
            preconditionFailure("AES-GCM sealing with a 32-byte key failed")
        }
    }

    func open(_ sealed: String, account: String, kind: String, name: String) throws(Failure) -> [UInt8] {
        guard sealed.hasPrefix(Self.prefix), let combined = try? UnpaddedBase64.decode(String(sealed.dropFirst(3)))
        else { throw .cannotOpen }
        do {
            let box = try AES.GCM.SealedBox(combined: combined)
            return Array(
                try AES.GCM.open(box, using: key.symmetricKey, authenticating: Self.context(account, kind, name)))
        } catch {
            throw .cannotOpen
        }
    }

    /// Length-prefixed, so no two (account, kind, name) triples give the same bytes.
    private static func context(_ parts: String...) -> [UInt8] {
        parts.flatMap { part -> [UInt8] in
            let bytes = Array(part.utf8)
            return withUnsafeBytes(of: UInt32(bytes.count).bigEndian, Array.init) + bytes
        }
    }
}
