import Foundation
import GifSources
import HTTPTransport

/// Turns a raw KLIPY answer into the body to decode or a typed error. KLIPY documents no error
/// body and none was ever recorded, so the status decides; a 2xx must also be
/// `{"result": true, "data": …}`, because clients report `result: false` bodies as failures.
enum KlipyResponseClassifier {
    static func classify(
        _ response: HTTPTransportResponse, rateLimitCooldownSeconds: Int, lookup: Bool = false,
        requiresData: Bool = true
    ) throws -> [UInt8] {
        switch response.status {
        case 200..<300:
            break
        case 429:
            throw GifSourceError.rateLimited(retryAfterSeconds: rateLimitCooldownSeconds)
        case 401, 403:
            throw GifSourceError.invalidKey
        case 404 where lookup:
            throw GifSourceError.notFound
        case 400, 413, 414, 422:
            throw GifSourceError.badRequest
        default:
            // 404 on a list endpoint means a wrong base URL, not "no GIFs": the source is broken.
            throw GifSourceError.unavailable
        }
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(response.body)),
            envelope.result == true, envelope.hasData || !requiresData
        else {
            throw GifSourceError.unavailable
        }
        return response.body
    }

    /// Only the two keys every KLIPY success body has; the rest is decoded by the caller.
    private struct Envelope: Decodable {
        let result: Bool?
        let hasData: Bool

        private enum CodingKeys: String, CodingKey { case result, data }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            result = try? container.decodeIfPresent(Bool.self, forKey: .result)
            hasData = container.contains(.data)
        }
    }
}
