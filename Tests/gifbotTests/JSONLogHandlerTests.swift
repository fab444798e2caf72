import Foundation
import Logging
import Synchronization
import Testing

@testable import GifBotApp
@testable import gifbot

@Suite struct JSONLogHandlerTests {
    final class Lines: Sendable {
        private let storage = Mutex<[String]>([])
        func append(_ line: String) { storage.withLock { $0.append(line) } }
        var all: [String] { storage.withLock { $0 } }
    }

    func object(_ line: String) throws -> [String: Any] {
        #expect(line.hasSuffix("\n") && line.dropLast().allSatisfy { $0 != "\n" }, "one line: \(line)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func everyStringIsEscapedSoNoValueCanBreakTheLineOrForgeAField() throws {
        let lines = Lines()
        var logger = Logger(label: "gifbot") { JSONLogHandler(label: $0, write: { lines.append($0) }) }
        logger.logLevel = .trace
        logger[metadataKey: "network"] = "libera"
        let nasty = "a \"quote\", a \\ backslash,\na newline, a tab\t, a bell \u{07}, NUL \u{00}, \u{2028} and é😀"
        logger.debug(
            "\(nasty)",
            metadata: [
                "query": "\(nasty)",
                "\"key\"": "x",
                "nested": ["list": [.string(nasty), "two"], "count": .stringConvertible(3)],
            ])
        let line = try #require(lines.all.first)
        let parsed = try object(line)
        #expect(parsed["message"] as? String == nasty)
        #expect(parsed["level"] as? String == "debug")
        #expect(parsed["label"] as? String == "gifbot")
        let metadata = try #require(parsed["metadata"] as? [String: Any])
        #expect(metadata["query"] as? String == nasty)
        #expect(metadata["\"key\""] as? String == "x")
        #expect(metadata["network"] as? String == "libera")
        let nested = try #require(metadata["nested"] as? [String: Any])
        #expect(nested["list"] as? [String] == [nasty, "two"])
        #expect(nested["count"] as? String == "3")
    }

    @Test func theTimestampIsISO8601InUTCWithMilliseconds() {
        let date = Date(timeIntervalSince1970: 1_795_425_000.123)
        #expect(ISO8601Timestamp.string(for: date) == "2026-11-23T09:10:00.123Z")
        #expect(ISO8601Timestamp.string(for: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
    }

    @Test func theLevelFiltersAsForTextLogs() {
        let lines = Lines()
        var logger = Logger(label: "gifbot") { JSONLogHandler(label: $0, write: { lines.append($0) }) }
        logger.logLevel = .info
        logger.debug("hidden")
        logger.info("shown")
        #expect(lines.all.count == 1)
    }
}
