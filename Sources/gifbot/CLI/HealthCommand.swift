import ArgumentParser
import Foundation
import GifBotApp

struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Ask a running bot whether it is ready; for health checks and scripts.",
        discussion: """
            GETs the bot's /readyz and exits 0 when it answers 200, 1 otherwise, with one line on \
            standard error saying why. The address comes from --url, else from ops.host (OPS_HOST) \
            and ops.port (OPS_PORT), the same keys the bot listens by. Needs no GIPHY key.
            """
    )

    @Option(help: ArgumentHelp("The readiness URL. Default: http://127.0.0.1:$OPS_PORT/readyz.", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("Seconds to wait for the answer.", valueName: "seconds"))
    var timeout: Double = 3

    @Option(
        name: .long, help: ArgumentHelp("A JSON or YAML config file with ops.host and ops.port.", valueName: "file"))
    var config: String?

    func run() async throws {
        let target = try await readinessURL()
        let seconds = timeout.isFinite && timeout > 0 ? min(timeout, 60) : 3
        switch await ReadinessProbe.check(url: target, timeout: .milliseconds(Int64(seconds * 1000))) {
        case .ready:
            print("ready")
        case .readyWithWarnings(let warnings):
            // Still healthy (exit 0): a restart would not fix what the operator must.
            print("ready; warning: \(warnings)")
        case .notReady(let reason):
            Self.unhealthy(reason)
        }
    }

    private func readinessURL() async throws -> String {
        if let url { return url }
        do {
            let sources = try await ConfigurationSources.load(
                options: [:], environment: ProcessInfo.processInfo.environment,
                configFile: config)
            guard let settings = try OpsSettings.load(from: sources) else {
                Self.unhealthy(
                    "\(SettingKey.opsPort.label) is not set, so there is no endpoint to ask; set it or pass --url")
            }
            return settings.readinessURL
        } catch {
            Self.unhealthy("configuration error: \(error)")
        }
    }

    /// One line on standard error and status 1, as HEALTHCHECK expects of an unhealthy check.
    static func unhealthy(_ reason: String) -> Never {
        StandardStream.write("gifbot: not healthy: \(reason)\n", to: StandardStream.error)
        Foundation.exit(1)
    }
}
