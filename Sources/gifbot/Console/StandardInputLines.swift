import Foundation
import GifBotApp

/// Lines of standard input as an async sequence. A dedicated thread does the blocking reads, so
/// neither an event loop nor Swift's cooperative pool ever waits on the terminal; it works the
/// same for a pipe, a file and a person typing. Invalid UTF-8 is repaired, never fatal.
enum StandardInputLines {
    static func stream() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingOldest(1024))
        let reader = Thread {
            while let line = readLine(strippingNewline: true) {
                // Back-pressure: when the bot is behind, wait instead of dropping lines.
                while case .dropped = continuation.yield(line) {
                    Thread.sleep(forTimeInterval: 0.01)
                }
            }
            continuation.finish()
        }
        reader.name = "gifbot-stdin"
        reader.start()
        return stream
    }
}
