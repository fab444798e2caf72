import GifBotCore
import HTTPTypes
import Synchronization
import Testing

@testable import Ops

/// `/readyz` with a warning: the bot serves (200), and says what the operator must fix, such as
/// a Matrix device that is not cross-signed.
@Suite struct ReadinessWarningTests {
    @Test func aWarningKeepsReadyzOKAndIsListed() async {
        let status = AdapterStatus(kind: "matrix", name: "@bot:x.org")
        status.ready()
        status.warn("device ABC not cross-signed: set matrix.recovery_key", about: "cross-signing")
        let routes = OpsRoutes(readiness: [status], metrics: { [] })
        let response = await routes.response(method: .get, uri: "/readyz")
        #expect(response.status == .ok)
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"ready":true,"failing":[],"warnings":["matrix:@bot:x.org: device ABC not cross-signed: set matrix.recovery_key"]}"#
                + "\n")

        status.warn(nil, about: "cross-signing")
        let cleared = await routes.response(method: .get, uri: "/readyz")
        #expect(String(decoding: cleared.body, as: UTF8.self) == "{\"ready\":true,\"failing\":[]}\n")
    }

    @Test func aWarningDoesNotHideAProblem() async {
        let status = AdapterStatus(kind: "matrix", name: "@bot:x.org")
        status.disconnected("sync failing")
        status.warn("device ABC not cross-signed", about: "cross-signing")
        let response = await OpsRoutes(readiness: [status], metrics: { [] }).response(method: .get, uri: "/readyz")
        #expect(response.status == .serviceUnavailable)
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"ready":false,"failing":["matrix:@bot:x.org: sync failing"],"warnings":["matrix:@bot:x.org: device ABC not cross-signed"]}"#
                + "\n")
    }

    /// Warnings about different topics stand side by side (by topic), and one asked for is
    /// asked again on each `/readyz`, so a change made elsewhere shows at once.
    @Test func warningsOfSeveralTopicsAreAllListedAndAskedOnesFollowTheirSource() async {
        let status = AdapterStatus(kind: "matrix", name: "@bot:x.org")
        status.ready()
        let identities = Mutex<String?>("cross-signing identity changed: 1 user (@eve:x.org)")
        status.warn(about: "identities") { identities.withLock { $0 } }
        status.warn("device ABC not cross-signed", about: "cross-signing")
        let routes = OpsRoutes(readiness: [status], metrics: { [] })
        #expect(
            String(decoding: await routes.response(method: .get, uri: "/readyz").body, as: UTF8.self)
                == #"{"ready":true,"failing":[],"warnings":["matrix:@bot:x.org: device ABC not cross-signed","matrix:@bot:x.org: cross-signing identity changed: 1 user (@eve:x.org)"]}"#
                + "\n")

        identities.withLock { $0 = nil }
        status.warn("device ABC not cross-signed again", about: "cross-signing")
        #expect(
            String(decoding: await routes.response(method: .get, uri: "/readyz").body, as: UTF8.self)
                == #"{"ready":true,"failing":[],"warnings":["matrix:@bot:x.org: device ABC not cross-signed again"]}"#
                + "\n")
    }
}
