extension Duration {
    /// Whole milliseconds, for log lines; `Int64.max` past it (a duration from outside may be
    /// anything, and the multiplication must not trap).
    public var milliseconds: Int64 {
        whole(per: 1_000)
    }

    /// Whole nanoseconds, for timers; `Int64.max` past it.
    public var nanoseconds: Int64 {
        whole(per: 1_000_000_000)
    }

    private func whole(per second: Int64) -> Int64 {
        let (scaled, overflow) = components.seconds.multipliedReportingOverflow(by: second)
        let (total, overflowAgain) = scaled.addingReportingOverflow(
            components.attoseconds / (1_000_000_000_000_000_000 / second))
        guard !overflow, !overflowAgain else { return components.seconds < 0 ? .min : .max }
        return total
    }
}
