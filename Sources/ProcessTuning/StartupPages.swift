#if canImport(Glibc)
import Glibc
#endif

/// The executable's code and read-only data that start-up brought in and a running bot no longer
/// touches. The kernel maps up to 16 pages around every page fault on a file mapping
/// ("fault-around"), so each function run once at start (configuration, migrations, the first
/// sync, cross-signing) leaves up to 64 KiB of its neighbours resident for the life of the
/// process. Once the bot is ready those pages are dropped from its mappings; the pages it still
/// runs come back at their next use, from the page cache, without any read of the disk.
public enum StartupPages {
    /// One mapping of the executable, as `/proc/self/smaps` lists it.
    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var permissions: String
        var path: String
        var residentKiB = 0
        var anonymousKiB = 0

        /// Only pages never written can be dropped: their content is the file's. A written page
        /// (relocations under RELRO, data) is the process's own copy and would be lost.
        func isReleasable(executable: String) -> Bool {
            path == executable && (permissions == "r-xp" || permissions == "r--p") && anonymousKiB == 0
                && residentKiB > 0
        }
    }

    /// Drops the executable's resident read-only pages from the process's mappings; returns how
    /// many KiB were resident there before. Nothing when the process cannot read its own maps.
    @discardableResult
    public static func release() -> Int {
        #if os(Linux)
        guard let executable = executablePath(), let smaps = read("/proc/self/smaps") else { return 0 }
        var released = 0
        for mapping in mappings(in: smaps) where mapping.isReleasable(executable: executable) {
            guard let address = UnsafeMutableRawPointer(bitPattern: mapping.start) else { continue }
            if madvise(address, Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 {
                released += mapping.residentKiB
            }
        }
        return released
        #else
        return 0
        #endif
    }

    /// The mappings of an smaps listing, with their resident and anonymous sizes.
    static func mappings(in smaps: String) -> [Mapping] {
        var result: [Mapping] = []
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.hasSuffix(":") {
                guard !result.isEmpty, fields.count >= 2, let kib = Int(fields[1]) else { continue }
                if first == "Rss:" { result[result.count - 1].residentKiB = kib }
                if first == "Anonymous:" { result[result.count - 1].anonymousKiB = kib }
                continue
            }
            let range = first.split(separator: "-")
            guard fields.count >= 5, range.count == 2, let start = UInt(range[0], radix: 16),
                let end = UInt(range[1], radix: 16)
            else { continue }
            let path = fields.count >= 6 ? fields[5...].joined(separator: " ") : ""
            result.append(Mapping(start: start, end: end, permissions: String(fields[1]), path: path))
        }
        return result
    }

    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
