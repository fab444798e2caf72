import Testing

@testable import ProcessTuning

/// `StartupPages`: which of the executable's mappings may be dropped, and that dropping them
/// gives resident memory back while the process goes on running.
@Suite struct StartupPagesTests {
    static let smaps = """
        00200000-00400000 r--p 00000000 fe:01 123 /opt/gifbot
        Size:               2048 kB
        Rss:                 512 kB
        Anonymous:             0 kB
        00400000-02000000 r-xp 00200000 fe:01 123 /opt/gifbot
        Size:              28672 kB
        Rss:               11000 kB
        Anonymous:             0 kB
        02000000-02100000 r--p 01e00000 fe:01 123 /opt/gifbot
        Size:               1024 kB
        Rss:                1024 kB
        Anonymous:          1024 kB
        02100000-02200000 rw-p 01f00000 fe:01 123 /opt/gifbot
        Rss:                 100 kB
        Anonymous:           100 kB
        7f0000000000-7f0000100000 r-xp 00000000 fe:01 456 /usr/lib/other library.so
        Rss:                 300 kB
        Anonymous:             0 kB
        7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0                          [stack]
        Rss:                  40 kB
        Anonymous:            40 kB
        """

    @Test func onlyTheExecutablesUnwrittenReadOnlyMappingsAreReleasable() {
        let mappings = StartupPages.mappings(in: Self.smaps)
        #expect(mappings.count == 6)
        #expect(mappings[1].start == 0x40_0000 && mappings[1].end == 0x200_0000)
        #expect(mappings[1].residentKiB == 11000 && mappings[1].anonymousKiB == 0)
        #expect(mappings[4].path == "/usr/lib/other library.so")
        let releasable = mappings.filter { $0.isReleasable(executable: "/opt/gifbot") }.map(\.permissions)
        // Code and read-only data; not the relocated (written) read-only part, not data, not
        // another file's mapping, not the stack.
        #expect(releasable == ["r--p", "r-xp"])
    }

    @Test func releasingDropsResidentCodeAndTheProcessGoesOn() throws {
        let before = try #require(Self.executableCodeResidentKiB())
        let released = StartupPages.release()
        #expect(released >= before / 2)
        let after = try #require(Self.executableCodeResidentKiB())
        // What this test runs comes back at once; the rest stays out.
        #expect(after < before)
    }

    private static func executableCodeResidentKiB() -> Int? {
        guard let smaps = StartupPages.read("/proc/self/smaps"), let executable = StartupPages.executablePath()
        else { return nil }
        return StartupPages.mappings(in: smaps).filter { $0.path == executable && $0.permissions == "r-xp" }
            .map(\.residentKiB).reduce(0, +)
    }
}
