import Synchronization

/// The stand-in's answers: the default GIPHY routes, per-path overrides set by a test, and the
/// log of requests received. Shared by the server object and every connection handler.
final class RouteTable: Sendable {
    private let routes: GiphyRoutes
    private let overrides = Mutex<[String: StandInResponse]>([:])
    let requests = Observed<[RecordedRequest]>([])

    init(routes: GiphyRoutes) {
        self.routes = routes
    }

    /// Keeps `request` in the log; returns its place there.
    func record(_ request: RecordedRequest) -> Int {
        requests.modify { requests in
            requests.append(request)
            return requests.count - 1
        }
    }

    func respond(to request: RecordedRequest) -> StandInResponse {
        overrides.withLock { $0[request.path] } ?? routes.respond(to: request)
    }

    /// The client of the request at `index` closed its connection before the answer went out.
    func abandoned(_ index: Int, at instant: ContinuousClock.Instant) {
        requests.modify { $0[index].abandonedAt = instant }
    }

    func override(_ path: String, with response: StandInResponse?) {
        overrides.withLock { $0[path] = response }
    }

    func clearOverrides() {
        overrides.withLock { $0 = [:] }
    }
}
