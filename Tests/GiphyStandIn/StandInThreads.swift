import NIOPosix

/// The stand-ins' own threads, apart from the process-wide singletons the code under test
/// uses: building an answer (parsing the recorded fixtures, making a 9 MB GIF) takes real
/// time on a loaded machine, and on those threads it would make the client's timers late
/// or hold up its database calls. Answers are built on the pool, never on an event loop.
enum StandInThreads {
    static let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    static let builders: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()
}
