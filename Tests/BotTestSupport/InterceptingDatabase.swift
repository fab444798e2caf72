import Logging
import NIOCore
import SQLKit
import Synchronization

/// A real database with faults a test switches on: the next queries that match can fail, or
/// run and then be held before their rows are delivered, so a test can line up a race exactly.
public final class InterceptingDatabase: SQLDatabase {
    /// A statement as the database sees it: its SQL and the values bound to it.
    public struct Statement: Sendable {
        public let sql: String
        public let binds: [String]

        public func mentions(_ text: String) -> Bool { sql.contains(text) || binds.contains { $0.contains(text) } }
    }

    /// A held query: `reached` returns once it ran; `release()` lets its rows through.
    public final class Hold: Sendable {
        private let reachedSignal = AsyncStream.makeStream(of: Void.self)
        private let releaseSignal = AsyncStream.makeStream(of: Void.self)

        public func reached() async { for await _ in reachedSignal.stream { return } }
        public func release() { releaseSignal.continuation.finish() }

        func arrive() async {
            reachedSignal.continuation.finish()
            for await _ in releaseSignal.stream {}
        }
    }

    private enum Fault: Sendable {
        case fail(any Error)
        case hold(Hold)
    }

    private struct Rule: Sendable {
        let matches: @Sendable (Statement) -> Bool
        var remaining: Int
        let fault: Fault
    }

    private let base: any SQLDatabase
    private let rules = Mutex<[Rule]>([])

    public init(_ base: any SQLDatabase) {
        self.base = base
    }

    /// The next `count` statements matching `matches` throw `error` without reaching the database.
    public func fail(next count: Int = 1, with error: any Error, where matches: @escaping @Sendable (Statement) -> Bool)
    {
        rules.withLock { $0.append(Rule(matches: matches, remaining: count, fault: .fail(error))) }
    }

    /// The next statement matching `matches` runs, then waits for the returned hold's release.
    public func hold(where matches: @escaping @Sendable (Statement) -> Bool) -> Hold {
        let hold = Hold()
        rules.withLock { $0.append(Rule(matches: matches, remaining: 1, fault: .hold(hold))) }
        return hold
    }

    private func fault(for statement: Statement) -> Fault? {
        rules.withLock { rules in
            guard let index = rules.firstIndex(where: { $0.remaining > 0 && $0.matches(statement) }) else { return nil }
            rules[index].remaining -= 1
            let fault = rules[index].fault
            if rules[index].remaining == 0 { rules.remove(at: index) }
            return fault
        }
    }

    public var logger: Logger { base.logger }
    public var eventLoop: any EventLoop { base.eventLoop }
    public var version: (any SQLDatabaseReportedVersion)? { base.version }
    public var dialect: any SQLDialect { base.dialect }
    public var queryLogLevel: Logger.Level? { base.queryLogLevel }

    public func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        let (sql, binds) = serialize(query)
        switch fault(for: Statement(sql: sql, binds: binds.map { "\($0)" })) {
        case .fail(let error):
            throw error
        case .hold(let hold):
            let rows = Mutex<[any SQLRow]>([])
            try await base.execute(sql: query) { row in rows.withLock { $0.append(row) } }
            await hold.arrive()
            for row in rows.withLock({ $0 }) { onRow(row) }
        case nil:
            try await base.execute(sql: query, onRow)
        }
    }

    public func execute(
        sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()
    ) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    public func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }
}

/// The error an `InterceptingDatabase` throws when told to fail, as a disk or driver would.
public struct InjectedDatabaseFault: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "injected database fault (disk I/O error)" }
}
