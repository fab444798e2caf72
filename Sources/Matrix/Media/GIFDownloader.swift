import AsyncHTTPClient
import GifBotCore
import NIOCore

/// Fetches a GIF from GIPHY's media servers with a byte cap enforced while streaming (a
/// `size` field is a claim, not a limit) and a deadline for the whole download.
struct GIFDownloader: Sendable {
    let client: HTTPClient
    let timeout: Duration

    func download(_ url: String, limit: Int) async throws(MatrixError) -> [UInt8] {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "image/gif")
        var bytes: [UInt8] = []
        do {
            let response = try await client.execute(request, deadline: .now() + TimeAmount(timeout))
            guard response.status == .ok else { throw MatrixError.transport("GIF download answered \(response.status.code)") }
            if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > limit {
                throw MatrixError.tooLarge(limit: limit)
            }
            for try await chunk in response.body {
                guard bytes.count + chunk.readableBytes <= limit else { throw MatrixError.tooLarge(limit: limit) }
                bytes.append(contentsOf: chunk.readableBytesView)
            }
        } catch let error as MatrixError {
            throw error
        } catch {
            throw .transport("GIF download failed: \(error)")
        }
        guard bytes.starts(with: Array("GIF8".utf8)) else { throw .transport("the download is not a GIF") }
        return bytes
    }
}
