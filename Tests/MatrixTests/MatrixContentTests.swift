import Foundation
import GifBotCore
import GifSources
import MatrixCrypto
import MatrixState
import NIOCore
import NIOHTTP1
import Testing

@testable import Matrix

@Suite struct MatrixContentTests {
    let card = GifCard(
        id: "abc", title: "Cats & <Dogs>", url: "https://media.giphy.com/media/abc/giphy.gif", width: 200, height: 100,
        byteSize: 5000, rating: "g", pageURL: nil,
        renditions: [
            GifRenditionLink(name: "fixed_width_small", url: "https://m/s.gif", width: 100, height: 50, byteSize: 1000),
            GifRenditionLink(name: "downsized", url: "https://m/d.gif", width: 400, height: 200, byteSize: 900_000),
            GifRenditionLink(name: "original", url: "https://m/o.gif", width: 800, height: 400, byteSize: 9_000_000),
            GifRenditionLink(name: "looping", url: "https://m/l.gif", width: nil, height: nil, byteSize: nil),
        ])

    @Test func imagesCarryInfoAndThreadTheReply() {
        let media = UploadedMedia(
            gifID: "abc", contentURI: "mxc://localhost/xyz", mimetype: "image/gif", byteSize: 900_000, width: 400,
            height: 200)
        let content = MatrixContent.image(card, media: media, inReplyTo: "$cmd")
        #expect(content["msgtype"] == "m.image")
        #expect(content["url"] == "mxc://localhost/xyz")
        #expect(content["body"] == "Cats & <Dogs> (abc)")
        #expect(
            content["info"]?["w"]?.int == 400 && content["info"]?["h"]?.int == 200
                && content["info"]?["size"]?.int == 900_000)
        #expect(content["info"]?["is_animated"] == true)
        #expect(content["m.relates_to"]?["m.in_reply_to"]?["event_id"] == "$cmd")
    }

    @Test func theThumbnailIsTheSmallestRenditionBelowThePostedOne() throws {
        let small = try #require(GIFThumbnail.card(of: card, postedBytes: 900_000))
        #expect(small.id == "abc.thumbnail" && small.url == "https://m/s.gif" && small.renditions.count == 1)
        #expect(GIFThumbnail.card(of: card, postedBytes: 1000) == nil, "nothing smaller than what was posted")

        let media = UploadedMedia(
            gifID: "abc", contentURI: "mxc://localhost/xyz", mimetype: "image/gif", byteSize: 900_000, width: 400,
            height: 200)
        let thumbnail = UploadedMedia(
            gifID: small.id, contentURI: "mxc://localhost/small", mimetype: "image/gif", byteSize: 1000, width: 100,
            height: 50)
        let plain = MatrixContent.withThumbnail(
            MatrixContent.image(card, media: media, inReplyTo: nil), thumbnail, file: nil)
        #expect(plain["info"]?["thumbnail_url"] == "mxc://localhost/small")
        #expect(plain["info"]?["thumbnail_info"]?["size"]?.int == 1000)
        #expect(plain["info"]?["thumbnail_info"]?["w"]?.int == 100 && plain["info"]?["size"]?.int == 900_000)

        let file = try AttachmentCipher.encrypt(Array("small".utf8)).file(url: "mxc://localhost/small")
        let encrypted = MatrixContent.withThumbnail(
            MatrixContent.image(card, media: media, inReplyTo: nil), thumbnail, file: file)
        #expect(encrypted["info"]?["thumbnail_url"] == nil, "an encrypted room's thumbnail is never in the clear")
        #expect(encrypted["info"]?["thumbnail_file"]?["url"] == "mxc://localhost/small")
        #expect(encrypted["info"]?["thumbnail_file"]?["key"]?["k"] != nil)
    }

    @Test func theThumbnailIsTheSourcesStillWhenItHasOne() throws {
        let withStill = GifCard(
            id: "abc", title: "Cats", url: card.url, width: 200, height: 100, byteSize: 5000, rating: "g",
            pageURL: nil, renditions: card.renditions,
            still: GifRenditionLink(name: "still", url: "https://m/still.gif", width: 100, height: 50, byteSize: 400))
        let thumbnail = try #require(GIFThumbnail.card(of: withStill, postedBytes: 900_000))
        #expect(thumbnail.id == "abc.thumbnail" && thumbnail.url == "https://m/still.gif")
        #expect(thumbnail.renditions.map(\.url) == ["https://m/still.gif"] && thumbnail.byteSize == 400)
        // A still without a size (older GIPHY answers) is taken too; one no smaller than what
        // was posted is not, and the smallest smaller rendition serves.
        let unsized = GifCard(
            id: "abc", title: "Cats", url: card.url, width: nil, height: nil, byteSize: nil, rating: "g",
            pageURL: nil, renditions: card.renditions,
            still: GifRenditionLink(name: "still", url: "https://m/still.gif", width: 100, height: nil, byteSize: nil))
        #expect(GIFThumbnail.card(of: unsized, postedBytes: 900_000)?.url == "https://m/still.gif")
        #expect(GIFThumbnail.card(of: withStill, postedBytes: 400)?.url == nil, "nothing smaller than 400 bytes")
        #expect(GIFThumbnail.card(of: withStill, postedBytes: 300) == nil)
    }

    @Test func anImagesFormatIsReadFromItsFirstBytes() {
        func format(_ bytes: [UInt8]) -> ImageFormat? { ImageFormat.of(ByteBuffer(bytes: bytes)) }
        #expect(format(Array("GIF89a".utf8) + [1, 0, 1, 0]) == .gif)
        #expect(format(Array("GIF87a".utf8)) == .gif)
        #expect(format([0xFF, 0xD8, 0xFF, 0xDB, 0]) == .jpeg)
        #expect(format([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]) == .png)
        #expect(format(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8)) == .webp)
        #expect(format(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVE".utf8)) == nil, "a RIFF that is not WebP")
        #expect(format([0xFF, 0xD8]) == nil, "too short to be a JPEG")
        #expect(format([]) == nil && format(Array("<html>".utf8)) == nil)
        #expect(ImageFormat.jpeg.mimetype == "image/jpeg" && ImageFormat.jpeg.fileExtension == "jpg")
        #expect(!ImageFormat.animated.contains(.jpeg) && ImageFormat.stills.contains(.jpeg))
    }

    @Test(arguments: ["javascript:alert(1)//x.gif", "JavaScript:alert(1)", "data:text/html,<b>x</b>", "vbscript:x"])
    func aLinkThatIsNotHTTPNeverBecomesAnHref(url: String) {
        let hostile = GifCard(
            id: "abc", title: "Cats", url: url, width: nil, height: nil, byteSize: nil, rating: "g", pageURL: nil,
            renditions: [])
        let html = MatrixContent.link(to: hostile, inReplyTo: nil)["formatted_body"]?.string ?? ""
        #expect(!html.contains("href"), "\(html)")
        #expect(html.hasPrefix("Cats (abc)"))
    }

    @Test func linksEscapeHTML() {
        let content = MatrixContent.link(to: card, inReplyTo: nil)
        #expect(content["msgtype"] == "m.notice")
        #expect(
            content["formatted_body"]?.string
                == "<a href=\"https://media.giphy.com/media/abc/giphy.gif\">Cats &amp; &lt;Dogs&gt;</a> (abc)")
        #expect(content["m.relates_to"] == nil)
    }

    @Test func theLargestRenditionWithinTheCapIsTriedFirst() {
        #expect(
            GIFUploader.candidates(card, limit: 4 * 1024 * 1024).map(\.name) == [
                "downsized", "fixed_width_small", "looping",
            ])
        #expect(GIFUploader.candidates(card, limit: 2000).map(\.name) == ["fixed_width_small", "looping"])
    }

    @Test func rateLimitAnswersSayHowLongToWait() {
        var headers = HTTPHeaders()
        headers.add(name: "Retry-After", value: "2")
        let body = Data(#"{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":1500}"#.utf8)
        let withHeader = MatrixHTTP.error(from: .init(status: 429, headers: headers, body: body))
        #expect(
            withHeader
                == .api(status: 429, code: "M_LIMIT_EXCEEDED", message: "Too Many Requests", retryAfter: .seconds(2)))
        let withBody = MatrixHTTP.error(from: .init(status: 429, headers: [:], body: body))
        #expect(
            withBody
                == .api(
                    status: 429, code: "M_LIMIT_EXCEEDED", message: "Too Many Requests", retryAfter: .milliseconds(1500)
                ))
        #expect(withBody.isRateLimited && withBody.isRetryable)
        let unknownToken = MatrixHTTP.error(
            from: .init(status: 401, headers: [:], body: Data(#"{"errcode":"M_UNKNOWN_TOKEN","error":"x"}"#.utf8)))
        #expect(unknownToken.isUnknownToken && !unknownToken.isRetryable)
        #expect(MatrixHTTP.error(from: .init(status: 502, headers: [:], body: Data("<html>".utf8))).isRetryable)
    }

    @Test func bareNamesAreOnTheBotsHomeserver() {
        let names = MatrixUserNames(serverName: "example.org")
        #expect(names.userID(forName: "Alice", network: "matrix") == "@alice:example.org")
        #expect(names.userID(forName: "@bob:other.org", network: "matrix") == "@bob:other.org")
        #expect(
            MatrixAdapter.serverName(MatrixConfiguration(homeserver: "https://hs.example.org/", user: "gifbot"))
                == "hs.example.org")
        #expect(
            MatrixAdapter.serverName(
                MatrixConfiguration(homeserver: "https://hs.example.org", user: "@gifbot:example.org")) == "example.org"
        )
    }
}
