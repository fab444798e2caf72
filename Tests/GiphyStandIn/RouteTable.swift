import Synchronization

/// The stand-in's answers: the default GIPHY routes, per-path overrides set by a test, and the
/// log of requests received. Shared by the server object and every connection handler.
final class RouteTable: Sendable {
    private struct State {
        var overrides: [String: StandInResponse] = [:]
        var requests: [RecordedRequest] = []
    }

    private let routes: GiphyRoutes
    private let state = Mutex(State())

    init(routes: GiphyRoutes) {
        self.routes = routes
    }

    func respond(to request: RecordedRequest) -> StandInResponse {
        let override = state.withLock { state in
            state.requests.append(request)
            return state.overrides[request.path]
        }
        return override ?? routes.respond(to: request)
    }

    func override(_ path: String, with response: StandInResponse?) {
        state.withLock { $0.overrides[path] = response }
    }

    func clearOverrides() {
        state.withLock { $0.overrides = [:] }
    }

    var requests: [RecordedRequest] {
        state.withLock { $0.requests }
    }
}
