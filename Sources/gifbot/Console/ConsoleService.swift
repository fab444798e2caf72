import Foundation
import GifBotApp
import ProcessTuning
import ServiceLifecycle

/// The console adapter as a service: reads standard input until it ends or the process is
/// asked to stop, printing every reply.
struct ConsoleService: Service {
    let adapter: ConsoleAdapter

    func run() async throws {
        await cancellingOnGracefulShutdown { [adapter] in
            await adapter.run(lines: StandardInputLines.stream()) { line in
                StandardStream.write(line + "\n", to: StandardStream.output)
            }
        }
    }
}
