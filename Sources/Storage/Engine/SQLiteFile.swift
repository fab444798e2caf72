import Foundation
import Logging

/// Makes a new SQLite file private before SQLite opens it. The file holds the Matrix access
/// token and KLIPY's `customer_id` secret; SQLite would create it 0644 (less the umask), and it
/// gives the `-wal` and `-shm` files it makes beside a database the database file's own mode.
enum SQLiteFile {
    static let fileMode: mode_t = 0o600
    static let folderMode: mode_t = 0o700

    /// Creates the file empty (an empty file is a valid empty database) with mode 0600, and its
    /// folder with mode 0700 when that folder is missing but its parent exists: a deeper missing
    /// path is likelier a typo than a plan. An existing file is left as it is, with a warning
    /// when other users may read it: tightening it could break an operator's backup group.
    static func prepare(path: String, logger: Logger) throws(StoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            guard mkdir(folder, folderMode) == 0 || errno == EEXIST else {
                throw .cannotOpen(
                    location: path, reason: "cannot create its folder: \(String(cString: strerror(errno)))")
            }
            // Exactly 0700, whatever the umask took away.
            chmod(folder, folderMode)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        if descriptor >= 0 {
            fchmod(descriptor, fileMode)
            close(descriptor)
            return
        }
        // Any other failure (a missing folder, no permission) SQLite reports in its own words.
        guard errno == EEXIST else { return }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & 0o077 != 0 {
            logger.warning(
                "The database file can be read by other users; it holds secrets (chmod 600 it)",
                metadata: [
                    "path": "\(path)", "mode": "\(String(status.st_mode & 0o777, radix: 8))",
                ])
        }
    }
}
