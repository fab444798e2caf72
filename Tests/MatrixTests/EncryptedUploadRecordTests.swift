import Foundation
import Testing

@testable import Matrix

/// An encrypted GIF's upload record keeps its `EncryptedFile` JSON as text, and records from
/// before, which kept it as an array of byte values, still read.
@Suite struct EncryptedUploadRecordTests {
    let fileJSON = #"{"v":"v2","url":"mxc://hs/abc","iv":"AAAAAAAAAAAAAAAAAAAAAA"}"#

    @Test func theFileIsWrittenAsTextAndReadBack() throws {
        let record = GIFUploader.EncryptedUpload(
            contentURI: "mxc://hs/abc", mimetype: "image/gif", byteSize: 1234, width: 480, height: nil,
            file: Array(fileJSON.utf8))
        let written = Data(try record.jsonBytes())
        let object = try JSONValue.parse(written)
        #expect(object["file"]?.string == fileJSON)
        #expect(object["height"] == nil)
        let read = try JSONDecoder().decode(GIFUploader.EncryptedUpload.self, from: written)
        #expect(read.file == Array(fileJSON.utf8))
        #expect(read.contentURI == "mxc://hs/abc" && read.byteSize == 1234 && read.width == 480 && read.height == nil)
    }

    @Test func aRecordFromBeforeStillReads() throws {
        let bytes = Array(fileJSON.utf8).map(String.init).joined(separator: ",")
        let old =
            #"{"contentURI":"mxc://hs/abc","mimetype":"image/gif","byteSize":1234,"width":480,"file":[\#(bytes)]}"#
        let read = try JSONDecoder().decode(GIFUploader.EncryptedUpload.self, from: Data(old.utf8))
        #expect(read.file == Array(fileJSON.utf8))
        #expect(read.width == 480 && read.height == nil)
    }
}
