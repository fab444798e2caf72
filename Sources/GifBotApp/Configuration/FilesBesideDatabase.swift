import Foundation

/// The files the bot keeps beside its SQLite database, named in this one place: the key that
/// seals the Matrix encryption state, and each Matrix account's recovery key. PostgreSQL has no
/// folder of its own: there the recovery key goes to the working directory, and there is no
/// store key file (`matrix.store_key` is required).
package enum FilesBesideDatabase {
    /// `<database>.matrix-store-key`, named after the database whose state it seals.
    package static func matrixStoreKey(database path: String) -> String { path + ".matrix-store-key" }

    /// `matrix-recovery-key` in the database's folder, or `matrix-recovery-key-<name>` for the
    /// account `name` of `matrix.accounts`.
    package static func matrixRecoveryKey(database path: String, account name: String? = nil) -> String {
        let file = name.map { "matrix-recovery-key-\($0)" } ?? "matrix-recovery-key"
        return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(file).path
    }
}
