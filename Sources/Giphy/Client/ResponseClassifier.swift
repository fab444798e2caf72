import GifSources
import HTTPTransport

/// Turns a raw GIPHY answer into a typed error, or lets it through. Both error body families
/// are understood: `{"meta":{"status","msg"}}` and the gateway's `{"message": …}`.
enum ResponseClassifier {
    /// Checks a response whose body was read in one pass with its payload; `envelope` is nil
    /// when the body could not be read at all.
    static func check(status: Int, envelope: GiphyEnvelope?, rateLimitCooldownSeconds: Int) throws {
        let message = (envelope?.message ?? envelope?.meta?.message ?? "").lowercased()
        if message.contains("rate limit") || status == 429 || envelope?.meta?.status == 429 {
            throw GifSourceError.rateLimited(retryAfterSeconds: rateLimitCooldownSeconds)
        }
        switch status {
        case 200..<300:
            break
        case 401, 403:
            throw GifSourceError.invalidKey
        case 404:
            throw GifSourceError.notFound
        case 400, 414:
            throw GifSourceError.badRequest
        default:
            throw GifSourceError.unavailable
        }
        guard let envelope else { throw GifSourceError.unavailable }
        if let status = envelope.meta?.status, status != 200 {
            if status == 401 || status == 403 { throw GifSourceError.invalidKey }
            if status == 404 { throw GifSourceError.notFound }
            throw GifSourceError.unavailable
        }
        // The synthetic response: 200, empty response_id, empty data. GIPHY says: an error.
        if let meta = envelope.meta, (meta.responseID ?? "").isEmpty {
            throw GifSourceError.unavailable
        }
    }

    /// Classifies a raw response by its envelope alone, returning the body when it is usable.
    static func classify(_ response: HTTPTransportResponse, rateLimitCooldownSeconds: Int) throws -> [UInt8] {
        let envelope = try? GiphyBody(json: response.body, data: GiphyPayload.skipped).envelope
        try check(status: response.status, envelope: envelope, rateLimitCooldownSeconds: rateLimitCooldownSeconds)
        return response.body
    }
}
