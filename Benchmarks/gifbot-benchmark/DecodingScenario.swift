import BenchmarkSupport
import Foundation
import GifSources
import Giphy
import GiphyStandIn

/// Scenario 1: a recorded 25-result search page read as the client reads it, full (every
/// rendition, as the stand-in and older responses send) and as GIPHY answers with `fields=`.
enum DecodingScenario {
    static func run(_ report: Report, iterations: Int) throws {
        progress("scenario 1: decoding")
        let full = try page(projected: false)
        let lean = try page(projected: true)
        for (label, body) in [("full", full), ("fields", lean)] {
            let gifs = try GifPage(giphyBody: body).gifs.count
            guard gifs == 25 else { throw BenchmarkError.childFailed("\(label) page decoded \(gifs) GIFs") }
            var batches: [Double] = []
            let batchSize = max(1, iterations / 10)
            for _ in 0..<10 {
                let started = ContinuousClock.now
                for _ in 0..<batchSize { _ = try GifPage(giphyBody: body) }
                batches.append((ContinuousClock.now - started).inSeconds * 1000 / Double(batchSize))
            }
            let allocations = try Allocations.count { _ = try GifPage(giphyBody: body) }
            let kB = Double(body.count) / 1024
            let isFull = label == "full"
            report.add(
                "1 decoding", "\(label) page (\(Int(kB)) kB), time per page", Measure.median(batches), "ms",
                target: isFull ? "< 0.5" : nil, met: isFull ? { $0 < 0.5 } : nil)
            report.add(
                "1 decoding", "\(label) page, allocations per page", allocations.map(Double.init), "allocs",
                target: isFull ? "< 2000" : nil, met: isFull ? { $0 < 2000 } : nil)
            // The cache bounds itself by its estimate; this checks the estimate against the heap.
            let held = try Allocations.heapHeld { try GifPage(giphyBody: body) }
            let estimated = try GifPage(giphyBody: body).estimatedBytes
            report.add("1 decoding", "\(label) page, heap held once cached", held.map { Double($0) / 1024 }, "KiB")
            report.add("1 decoding", "\(label) page, the cache's estimate of it", Double(estimated) / 1024, "KiB")
        }
    }

    /// The first 25 results of the recorded search, serialised as GIPHY and the stand-in serve them;
    /// `projected` keeps only what `fields=` asks for, as GIPHY documents it.
    static func page(projected: Bool) throws -> [UInt8] {
        let recorded =
            try JSONSerialization.jsonObject(with: Data(Fixtures.bytes("react_api_search_2023.json"))) as? [String: Any]
            ?? [:]
        var gifs = Array((recorded["data"] as? [[String: Any]] ?? []).prefix(25))
        if projected { gifs = gifs.map { FieldsOnDemand.project($0, fields: GiphyEndpoint.fields) } }
        let body: [String: Any] = [
            "data": gifs, "pagination": ["total_count": 2433, "count": 25, "offset": 0],
            "meta": recorded["meta"] ?? ["status": 200, "msg": "OK", "response_id": "bench"],
        ]
        // As GIPHY writes it (and the recording shows): slashes unescaped.
        return Array(try JSONSerialization.data(withJSONObject: body, options: .withoutEscapingSlashes))
    }
}
