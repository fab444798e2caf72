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
    /// Shapes are fixed in code, but a row count is part of one: past this many texts a new shape
    /// is written each time it runs, as before, and memory stays bounded.
    static let capacity = 128

    private let texts = Mutex<[String: String]>([:])

    /// How many shapes have their text kept.
    var count: Int { texts.withLock { $0.count } }

    /// The statement `build` makes, bound to `binds`: the values `build` puts in it, in the order
    /// it writes them. `build` runs only when `shape` has no text yet, and on debug builds every
    /// time, to check that the kept text and `binds` are what it writes.
    func statement(
        _ shape: String, binds: [any Encodable & Sendable], on database: any SQLDatabase,
        _ build: () -> any SQLQueryBuilder
    ) -> KeptStatement {
        let kept = texts.withLock { $0[shape] }
        if let kept {
            assert(
                Self.writes(build(), text: kept, binds: binds, on: database),
                "the statement \(shape) is not the one kept, or its values differ from what it binds")
            return KeptStatement(text: kept, binds: binds, database: database)
        }
        let (text, written) = database.serialize(build().query)
        assert(
            Self.sameValues(written, binds), "the values given for \(shape) differ from what its statement binds")
        texts.withLock { texts in
            if texts.count < Self.capacity { texts[shape] = text }
        }
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
