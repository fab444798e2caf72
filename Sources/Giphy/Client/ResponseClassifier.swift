import Foundation

/// Turns a raw GIPHY answer into either the body to decode or a typed error. Both error body
/// families are understood: `{"meta":{"status","msg"}}` and the gateway's `{"message": …}`.
enum ResponseClassifier {
    static func classify(_ response: GiphyHTTPResponse, rateLimitCooldownSeconds: Int) throws -> [UInt8] {
        let envelope = try? JSONDecoder().decode(GiphyEnvelope.self, from: Data(response.body))
        let message = (envelope?.message ?? envelope?.meta?.message ?? "").lowercased()
        if message.contains("rate limit") || response.status == 429 || envelope?.meta?.status == 429 {
            throw GiphyError.rateLimited(retryAfterSeconds: rateLimitCooldownSeconds)
        }
        switch response.status {
        case 200..<300:
            break
        case 401, 403:
            throw GiphyError.invalidAPIKey
        case 404:
            throw GiphyError.notFound
        case 400, 414:
            throw GiphyError.badRequest
        default:
            throw GiphyError.unavailable
        }
        guard let envelope else { throw GiphyError.unavailable }
        if let status = envelope.meta?.status, status != 200 {
            if status == 401 || status == 403 { throw GiphyError.invalidAPIKey }
            if status == 404 { throw GiphyError.notFound }
            throw GiphyError.unavailable
        }
        // The synthetic response: 200, empty response_id, empty data. GIPHY says: an error.
        if let meta = envelope.meta, (meta.responseID ?? "").isEmpty {
            throw GiphyError.unavailable
        }
        return response.body
    }
}
