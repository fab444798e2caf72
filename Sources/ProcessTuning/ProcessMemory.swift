#if canImport(Glibc)
import Glibc
#endif

/// How the process's allocator keeps memory, set once at start by the executables.
public enum ProcessMemory {
    /// glibc keeps one arena per thread that ever allocated and raises its mmap threshold after
    /// each large free, so the ~250 kB GIPHY bodies end up in arenas and stay resident: the
    /// benchmark saw resident memory grow by 17 MiB from 10,000 to 100,000 commands. Two arenas
    /// and a fixed threshold (large buffers mapped and returned at once) keep it flat. Same as
    /// MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 in the environment.
    public static func limitAllocatorRetention() {
        #if canImport(Glibc)
        guard let symbol = mallocFunction("mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        let arenaMaximum: Int32 = -8, mmapThreshold: Int32 = -3  // M_ARENA_MAX, M_MMAP_THRESHOLD
        _ = mallopt(arenaMaximum, 2)
        _ = mallopt(mmapThreshold, 128 * 1024)
        #endif
    }

    /// Gives the allocator's free memory back to the system: what start-up (configuration, the
    /// first sync's answer) allocated and freed stays in the arenas otherwise.
    public static func returnFreeMemory() {
        #if canImport(Glibc)
        guard let symbol = mallocFunction("malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
        #endif
    }

    #if canImport(Glibc)
    /// mallopt and malloc_trim are in <malloc.h>, which the Glibc module does not export:
    /// looked up instead.
    private static func mallocFunction(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(dlopen(nil, RTLD_NOW), name)
    }
    #endif
}
