/// How often a busy bot writes its bookkeeping (`MatrixTiming.bookkeepingInterval`): due when
/// nothing was written for `interval`, or nothing yet. The one rule of `SyncPositionWrites` and
/// `PendingUploadRecords`.
struct BookkeepingCadence: Sendable {
    let interval: Duration
    private var lastWrite: ContinuousClock.Instant?

    init(interval: Duration) {
        self.interval = interval
    }

    func isDue(at now: ContinuousClock.Instant) -> Bool {
        lastWrite.map { now - $0 >= interval } ?? true
    }

    mutating func wrote(at now: ContinuousClock.Instant) {
        lastWrite = now
    }
}
