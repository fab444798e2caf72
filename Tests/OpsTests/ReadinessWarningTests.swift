import GifBotCore
import NIOHTTP1
import Testing

@testable import Ops

/// `/readyz` with a warning: the bot serves (200), and says what the operator must fix, such as
/// a Matrix device that is not cross-signed.
@Suite struct ReadinessWarningTests {
    @Test func aWarningKeepsReadyzOKAndIsListed() async {
        let status = AdapterStatus(kind: "matrix", name: "@bot:x.org")
        status.ready()
        status.warn("device ABC not cross-signed: set matrix.recovery_key")
        let routes = OpsRoutes(readiness: [status], metrics: { [] })
        let response = await routes.response(method: .GET, uri: "/readyz")
        #expect(response.status == .ok)
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"ready":true,"failing":[],"warnings":["matrix:@bot:x.org: device ABC not cross-signed: set matrix.recovery_key"]}"#
                + "\n")

        status.warn(nil)
        let cleared = await routes.response(method: .GET, uri: "/readyz")
        #expect(String(decoding: cleared.body, as: UTF8.self) == "{\"ready\":true,\"failing\":[]}\n")
    }

    @Test func aWarningDoesNotHideAProblem() async {
        let status = AdapterStatus(kind: "matrix", name: "@bot:x.org")
        status.disconnected("sync failing")
        status.warn("device ABC not cross-signed")
        let response = await OpsRoutes(readiness: [status], metrics: { [] }).response(method: .GET, uri: "/readyz")
        #expect(response.status == .serviceUnavailable)
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"ready":false,"failing":["matrix:@bot:x.org: sync failing"],"warnings":["matrix:@bot:x.org: device ABC not cross-signed"]}"#
                + "\n")
    }
}
