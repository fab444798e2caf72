import AsyncHTTPClient
import GiphyStandIn
import HTTPTransport
import NIOCore
import TestServerSupport
import Testing

@testable import Matrix

/// An upload's and a send's answers: what the homeserver says is taken, other fields are passed
/// over, an answer without the field (or with another kind of value in it, or that is not an
/// object) fails as an answer without it, and text that is not JSON fails as such.
@Suite(.timeLimit(.minutes(1))) struct UploadAndSendAnswerTests {
    static let uploadPath = "/_matrix/media/v3/upload"
    /// Every room's path, however the room id in it is encoded.
    static let roomsPath = "/_matrix/client/v3/rooms/"

    @Test func theURIAndTheEventIDAreReadFromTheirAnswers() async throws {
        try await withClient(
            upload: #"{"content_uri":"mxc://hs.test/abc","extra":{"nested":[1,true,null]}}"#,
            send: #"{"event_id":"$event:hs.test","unsigned":{"age":3}}"#
        ) { client in
            let uri = try await client.upload(ByteBuffer(string: "gif"), contentType: "image/gif", filename: "a.gif")
            #expect(uri == "mxc://hs.test/abc")
            let eventID = try await client.send(["body": "hi"], to: "!room:hs.test", transactionID: "txn1")
            #expect(eventID == "$event:hs.test")
        }
    }

    @Test(arguments: [
        (#"{"content_uri":5}"#, "upload answer without a content URI"),
        (#"{"content_uri":"https://elsewhere/abc"}"#, "upload answer without a content URI"),
        (#"{}"#, "upload answer without a content URI"),
        (#"["mxc://hs.test/abc"]"#, "upload answer without a content URI"),
        (#"not json"#, "the homeserver's answer is not JSON"),
    ])
    func anUploadAnswerWithoutAURIFails(answer: String, message: String) async throws {
        try await withClient(upload: answer, send: "{}") { client in
            await #expect(throws: MatrixError.transport(message)) {
                _ = try await client.upload(ByteBuffer(string: "gif"), contentType: "image/gif", filename: "a.gif")
            }
        }
    }

    @Test(arguments: [
        (#"{"event_id":null}"#, "send answer without an event id"),
        (#"{"event_id":{"id":"$e"}}"#, "send answer without an event id"),
        (#""$event:hs.test""#, "send answer without an event id"),
        (#"{"event_id":"$e""#, "the homeserver's answer is not JSON"),
    ])
    func aSendAnswerWithoutAnEventIDFails(answer: String, message: String) async throws {
        try await withClient(upload: "{}", send: answer) { client in
            await #expect(throws: MatrixError.transport(message)) {
                _ = try await client.send(["body": "hi"], to: "!room:hs.test", transactionID: "txn1")
            }
        }
    }

    private func withClient(
        upload: String, send: String, _ body: (MatrixClient) async throws -> Void
    ) async throws {
        let http = HTTPClient.gifBot()
        try await withCleanUp(
            try await GiphyStandIn.start(),
            cleanUp: {
                try? await $0.stop()
                try? await http.shutdown()
            }
        ) { standIn in
            standIn.override(Self.uploadPath, with: StandInResponse(json: upload))
            standIn.override(pathsUnder: Self.roomsPath, with: StandInResponse(json: send))
            try await body(
                MatrixClient(http: MatrixHTTP(client: http, baseURL: standIn.baseURL), timing: MatrixTiming()))
        }
    }
}
