import NIOCore

/// Runs a task's jobs on one NIO event loop, the loop that also does its network and store I/O:
/// a request's answer then resumes the waiting code on the thread that read it, with no hand-off
/// to Swift concurrency's own pool (a futex wake and a context switch each way, many per
/// command) and no second set of threads holding memory.
public final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    public init(_ loop: any EventLoop) {
        self.loop = loop
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
