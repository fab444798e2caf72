import Foundation
import GiphyStandIn
import NIOCore
import Synchronization

/// A local stand-in for api.klipy.com on 127.0.0.1, on the GIPHY stand-in's server machinery.
/// Its base URL ends in `/api/v1`, so the client appends `/{app_key}/gifs/search` as for KLIPY.
/// Tests override single routes, switch on a fault for every call, and read back requests.
public final class KlipyStandIn: Sendable {
    public static let defaultAppKey = "klipy-standin-app-key-0123456789"

    public let port: Int
    public let appKey: String
    public var baseURL: String { "http://127.0.0.1:\(port)/api/v1" }

    private let channel: any Channel
    private let table: RouteTable
    private let faults: FaultSwitch
    private let shareFaults: FaultSwitch

    private init(
        channel: any Channel, table: RouteTable, appKey: String, faults: FaultSwitch, shareFaults: FaultSwitch
    ) {
        self.channel = channel
        self.port = channel.localAddress?.port ?? 0
        self.table = table
        self.appKey = appKey
        self.faults = faults
        self.shareFaults = shareFaults
    }

    /// Starts on a free port. `resultCount` is how many GIFs a search or trending list holds
    /// across all its pages (recorded items, repeated under new slugs past the recorded ones).
    public static func start(appKey: String = defaultAppKey, resultCount: Int = 30) async throws -> KlipyStandIn {
        let routes = KlipyRoutes(appKey: appKey, resultCount: resultCount)
        let faults = FaultSwitch()
        let shareFaults = FaultSwitch()
        let table = RouteTable { request in
            let normal = routes.respond(to: request)
            if routes.isShare(request), let fault = shareFaults.current { return fault.response(normal: normal) }
            guard routes.isAPIRequest(request), let fault = faults.current else { return normal }
            return fault.response(normal: normal)
        }
        return KlipyStandIn(
            channel: try await table.serve(), table: table, appKey: appKey, faults: faults, shareFaults: shareFaults)
    }

    /// Share triggers (`POST gifs/share/{slug}`) alone fail this way from now on; nil restores them.
    public func failShares(with fault: KlipyFault?) {
        shareFaults.set(fault)
    }

    /// The share triggers received, in order, with the right key.
    public var shares: [KlipyShareCall] {
        requests.filter { $0.path.hasPrefix(path("gifs/share/")) }.map(KlipyShareCall.init)
    }

    /// Waits until at least `count` share triggers arrived; false if they did not within `timeout`.
    public func waitForShares(_ count: Int, timeout: Duration = .seconds(20)) async -> Bool {
        let prefix = path("gifs/share/")
        return await table.requests.waitFor(timeout: timeout) { requests in
            requests.filter { $0.path.hasPrefix(prefix) }.count >= count
        }
    }

    /// Every API call fails this way from now on; nil restores normal answers.
    public func fail(with fault: KlipyFault?) {
        faults.set(fault)
    }

    /// Answers `resource` (the path after the key, e.g. `gifs/search`) with `response`.
    public func override(_ resource: String, with response: StandInResponse) {
        table.override(path(resource), with: response)
    }

    /// A one-page list of GIFs that live on this stand-in (`/media/<slug>/<bytes>.gif`, in the
    /// `md` and `sm` sizes), to override `gifs/search` or `gifs/trending` in upload tests.
    public func pageServedHere(_ gifs: [(slug: String, bytes: Int)]) -> StandInResponse {
        let origin = "http://127.0.0.1:\(port)"
        let items: [[String: Any]] = gifs.enumerated().map { index, gif in
            func file(_ bytes: Int, width: Int) -> [String: Any] {
                [
                    "gif": [
                        "url": "\(origin)/media/\(gif.slug)/\(bytes).gif", "width": width, "height": width / 2,
                        "size": bytes,
                    ]
                ]
            }
            return [
                "id": 7_000_000_000_000_001 + index, "slug": gif.slug, "title": "Stand-in \(gif.slug)", "type": "gif",
                "file": ["md": file(gif.bytes, width: 480), "sm": file(max(1, gif.bytes / 4), width: 220)],
            ]
        }
        let body: [String: Any] = [
            "result": true,
            "data": [
                "data": items, "current_page": 1, "per_page": max(1, items.count),
                "has_next": false,
            ],
        ]
        return StandInResponse(body: Array((try? JSONSerialization.data(withJSONObject: body)) ?? Data()))
    }

    public func clearOverrides() {
        table.clearOverrides()
    }

    public var requests: [RecordedRequest] {
        table.requests.value
    }

    /// Requests to `resource` (the path after the key) made with the right key.
    public func requests(to resource: String) -> [RecordedRequest] {
        requests.filter { $0.path == path(resource) }
    }

    public func stop() async throws {
        try await channel.close()
    }

    private func path(_ resource: String) -> String {
        "/api/v1/\(appKey)/\(resource)"
    }
}

/// The fault every API call answers with, flipped by a test, read by the routes.
private final class FaultSwitch: Sendable {
    private let fault = Mutex<KlipyFault?>(nil)

    var current: KlipyFault? { fault.withLock { $0 } }

    func set(_ newFault: KlipyFault?) {
        fault.withLock { $0 = newFault }
    }
}

/// One share trigger as the stand-in received it: the slug from the path, the JSON body's fields.
public struct KlipyShareCall: Sendable, Equatable {
    public let method: String
    public let slug: String
    public let customerID: String?
    public let query: String?

    public init(method: String, slug: String, customerID: String?, query: String?) {
        self.method = method
        self.slug = slug
        self.customerID = customerID
        self.query = query
    }

    init(_ request: RecordedRequest) {
        method = request.method
        slug = request.path.split(separator: "/").last.map { String($0).removingPercentEncoding ?? String($0) } ?? ""
        let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any]
        customerID = object?["customer_id"] as? String
        query = object?["q"] as? String
    }
}
