import GifBotCore
import HTTPTypes
import Testing

@testable import Ops

/// A part that reports a fixed answer.
struct FixedReadiness: ReadinessReporting {
    let problem: String?
    func readinessProblem() async -> String? { problem }
}

@Suite struct OpsRoutesTests {
    let metricsText = "# TYPE gifbot_commands_total counter\ngifbot_commands_total{command=\"gif\",outcome=\"ok\"} 1\n"

    func routes(_ problems: [String?]) -> OpsRoutes {
        let text = metricsText
        return OpsRoutes(readiness: problems.map(FixedReadiness.init), metrics: { Array(text.utf8) })
    }

    @Test func healthzAnswersWhateverTheReadiness() async {
        let response = await routes(["store: not answering"]).response(method: .get, uri: "/healthz")
        #expect(response.status == .ok)
    }

    @Test func readyzIsOKWhenEveryPartIsReady() async {
        let response = await routes([nil, nil]).response(method: .get, uri: "/readyz")
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"ready\":true,\"failing\":[]}\n")
    }

    @Test func readyzNamesEveryPartThatIsNotReady() async {
        let response = await routes([nil, "irc:libera: not connected", "matrix:@bot:x.org: \"sync\" failing"])
            .response(method: .get, uri: "/readyz?verbose=1")
        #expect(response.status == .serviceUnavailable)
        #expect(response.contentType == "application/json")
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(
            body == #"{"ready":false,"failing":["irc:libera: not connected","matrix:@bot:x.org: \"sync\" failing"]}"#
                + "\n")
    }

    @Test func metricsAreInPrometheusTextFormat() async {
        let response = await routes([]).response(method: .get, uri: "/metrics")
        #expect(response.status == .ok)
        #expect(response.contentType.hasPrefix("text/plain; version=0.0.4"))
        #expect(String(decoding: response.body, as: UTF8.self) == metricsText)
    }

    @Test(arguments: ["/", "/metrics/", "/readyz/x", "/../etc/passwd", ""])
    func otherPathsAreNotFound(_ path: String) async {
        #expect(await routes([]).response(method: .get, uri: path).status == .notFound)
    }

    @Test(arguments: [HTTPRequest.Method.post, .put, .delete, .patch, .options])
    func onlyGETAndHEADAreServed(_ method: HTTPRequest.Method) async {
        #expect(await routes([]).response(method: method, uri: "/readyz").status == .methodNotAllowed)
    }
}
