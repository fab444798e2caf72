import SQLKit
import Synchronization

/// The SQL text of the statements the bot runs with every message, made by SQLKit once and kept.
///
/// SQLKit quotes each identifier with a generic string replace every time it writes a statement:
/// 130,000 to 275,000 instructions for one of these, more than SQLite spends running it
/// (callgrind, benchmark scenario 9). A statement's text depends only on its shape (its columns
/// and how many rows it writes), never on its values, so it is kept under a name for that shape
/// and run with the values bound afresh.
final class KeptStatements: Sendable {
    /// The statements run with every message write or read one to four rows (a GIF and its
    /// thumbnail, a ratchet and its records). Bulk writes (a user's devices, a key shared with
    /// many) are rarer and their row counts many, so they are written afresh each time, as
    /// before: what is kept is bounded by the names in code, never by what the bot was sent.
    static let keptRows = 1...4

    private let texts = Mutex<[String: String]>([:])

    /// How many shapes have their text kept.
    var count: Int { texts.withLock { $0.count } }

    /// The statement `build` makes, bound to `binds`: the values `build` puts in it, in the order
    /// it writes them. A statement's shape is its `name` and the number of `rows` it reads or
    /// writes. `build` runs only when that shape has no text yet, and on debug builds every time,
    /// to check that the kept text and `binds` are what it writes.
    func statement(
        _ name: String, rows: Int = 1, binds: [any Encodable & Sendable], on database: any SQLDatabase,
        _ build: () -> any SQLQueryBuilder
    ) -> KeptStatement {
        // Shapes of many rows are not kept (`keptRows`): written afresh each time.
        let shape = Self.keptRows.contains(rows) ? "\(name).\(rows)" : nil
        if let shape, let kept = texts.withLock({ $0[shape] }) {
            assert(
                Self.writes(build(), text: kept, binds: binds, on: database),
                "the statement \(shape) is not the one kept, or its values differ from what it binds")
            return KeptStatement(text: kept, binds: binds, database: database)
        }
        let (text, written) = database.serialize(build().query)
        assert(Self.sameValues(written, binds), "the values given for \(name) differ from what its statement binds")
        if let shape { texts.withLock { $0[shape] = text } }
        return KeptStatement(text: text, binds: binds, database: database)
    }

    private static func writes(
        _ builder: any SQLQueryBuilder, text: String, binds: [any Encodable & Sendable], on database: any SQLDatabase
    ) -> Bool {
        let (written, writtenBinds) = database.serialize(builder.query)
        return written == text && sameValues(writtenBinds, binds)
    }

    private static func sameValues(_ written: [any Encodable & Sendable], _ given: [any Encodable & Sendable]) -> Bool {
        written.count == given.count
            && zip(written, given).allSatisfy { String(reflecting: $0) == String(reflecting: $1) }
    }
}

/// A kept statement's text with this run's values: SQLKit's `run`, `first` and `all` take it as
/// they take a builder.
final class KeptStatement: SQLQueryFetcher, Sendable {
    let database: any SQLDatabase
    private let text: String
    private let binds: [any Encodable & Sendable]

    init(text: String, binds: [any Encodable & Sendable], database: any SQLDatabase) {
        self.text = text
        self.binds = binds
        self.database = database
    }

    var query: any SQLExpression { BoundText(text: text, binds: binds) }

    /// Written as it is: the text already holds the dialect's placeholders for `binds`, in order.
    private struct BoundText: SQLExpression {
        let text: String
        let binds: [any Encodable & Sendable]

        func serialize(to serializer: inout SQLSerializer) {
            serializer.write(text)
            serializer.binds.append(contentsOf: binds)
        }
    }
}
