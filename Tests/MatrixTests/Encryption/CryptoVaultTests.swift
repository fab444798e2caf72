import Foundation
import MatrixCrypto
import Testing

@testable import Matrix

/// The crypto state's sealing: AES-GCM under the store key, bound to its row.
@Suite struct CryptoVaultTests {
    let vault = CryptoVault(key: MatrixStoreKey(secret: "correct horse battery staple"))

    @Test func aSealedValueOpensOnlyInItsOwnRowUnderItsOwnKey() throws {
        let secret: [UInt8] = Array("pickled private keys".utf8)
        let sealed = vault.seal(secret, account: "hs @bot", kind: "olm_account", name: "DEV")
        #expect(!sealed.contains("pickled"))
        #expect(try vault.open(sealed, account: "hs @bot", kind: "olm_account", name: "DEV") == secret)
        #expect(throws: CryptoVault.Failure.self) {
            try vault.open(sealed, account: "hs @bot", kind: "olm_account", name: "DEW")
        }
        #expect(throws: CryptoVault.Failure.self) {
            try vault.open(sealed, account: "hs @eve", kind: "olm_account", name: "DEV")
        }
        #expect(throws: CryptoVault.Failure.self) {
            try vault.open(sealed, account: "hs @bot", kind: "olm_session", name: "DEV")
        }
        let otherKey = CryptoVault(key: MatrixStoreKey(secret: "another secret of some length"))
        #expect(throws: CryptoVault.Failure.self) {
            try otherKey.open(sealed, account: "hs @bot", kind: "olm_account", name: "DEV")
        }
        var damaged = Array(sealed)
        damaged[damaged.count - 3] = damaged[damaged.count - 3] == "A" ? "B" : "A"
        #expect(throws: CryptoVault.Failure.self) {
            try vault.open(String(damaged), account: "hs @bot", kind: "olm_account", name: "DEV")
        }
        // Two seals of one value differ (a fresh nonce each time).
        #expect(
            vault.seal(secret, account: "a", kind: "b", name: "c")
                != vault.seal(secret, account: "a", kind: "b", name: "c"))
    }

    @Test func theStoreKeyNeverPrintsItself() {
        let key = MatrixStoreKey(secret: "correct horse battery staple")
        #expect("\(key)" == "MatrixStoreKey(redacted)")
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains(UnpaddedBase64.encode(key.bytes)))
        #expect(!String(reflecting: key).contains(UnpaddedBase64.encode(key.bytes)))
    }

    @Test func aGeneratedKeyFileIsTheOwnersAloneAndGivesTheSameKeyAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gifbot-key-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bot.sqlite.matrix-store-key").path
        let first = try MatrixStoreKey.loadOrCreate(at: path)
        #expect(first.created)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        let second = try MatrixStoreKey.loadOrCreate(at: path)
        #expect(!second.created)
        #expect(second.key == first.key)

        chmod(path, 0o644)
        #expect(throws: MatrixStoreKey.FileError.self) { try MatrixStoreKey.loadOrCreate(at: path) }
        chmod(path, 0o600)
        try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        #expect(throws: MatrixStoreKey.FileError.self) { try MatrixStoreKey.loadOrCreate(at: path) }
    }
}
