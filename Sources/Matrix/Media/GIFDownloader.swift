import AsyncHTTPClient
import GifBotCore
import GifSources
import HTTPTransport
import NIOCore
import NIOHTTP1

/// Fetches a GIF from a source's media servers: only from the hosts `rule` allows (each
/// redirect checked too), with a byte cap enforced while streaming (a `size` field is a claim,
/// not a limit) and one deadline for the whole download, body included.
struct GIFDownloader: Sendable {
    let client: HTTPClient
    /// How long one GIF's downloads may take together, renditions tried in turn included.
    let timeout: Duration
    let rule: MediaDestinationRule

    /// The GIF as the buffer it arrived in (`spare`, when given), handed on to the upload as it
    /// is: a GIF is megabytes, and each copy of it cost the process as much as everything else a
    /// command does. What its bytes begin with must be one of `formats` (a GIF for a GIF to post,
    /// any still image for a thumbnail); it is returned beside them.
    func download(
        _ url: String, limit: Int, deadline: ContinuousClock.Instant, into spare: consuming ByteBuffer? = nil,
        accepting formats: Set<ImageFormat> = ImageFormat.animated
    ) async throws(MatrixError) -> (bytes: ByteBuffer, format: ImageFormat) {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: formats.map(\.mimetype).sorted().joined(separator: ", "))
        let result: GuardedGet.Result
        do {
            result = try await GuardedGet(client: client, rule: rule)
                .get(url, headers: headers, timeout: deadline - .now, maximumBodyBytes: limit, bodyInto: spare.take())
        } catch let refused as GuardedGet.Refused {
            throw .transport("GIF download refused: \(refused.reason)")
        } catch is NIOTooManyBytesError {
            throw .tooLarge(limit: limit)
        } catch let error as HTTPClientError where error == .deadlineExceeded {
            throw .transport("GIF download did not finish within \(timeout)")
        } catch {
            throw .transport("GIF download failed: \(error)")
        }
        if let reason = result.unfollowedRedirect { throw .transport("GIF download redirect not followed: \(reason)") }
        guard result.response.status == .ok else {
            throw .transport("GIF download answered \(result.response.status.code)")
        }
        let body = result.response.body
        guard let format = ImageFormat.of(body), formats.contains(format) else {
            throw .transport(
                formats == ImageFormat.animated ? "the download is not a GIF" : "the download is not an image")
        }
        return (body, format)
    }
}
