import Foundation
import GifSources

// A GIPHY response body decoded as every endpoint's response type, as GiphyClient and
// ResponseClassifier do. Decoding must never trap, and what decodes must keep the models'
// promises: a GIF always has an id, a rating is trimmed and non-empty, a lossy list accounts
// for every element.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGiphyResponse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let body = Data(bytes)

    if let envelope = try? GiphyBody(json: bytes, data: GiphyPayload.skipped).envelope {
        _ = (envelope.message, envelope.meta?.status, envelope.meta?.message, envelope.meta?.responseID)
    }
    if let list = try? GiphyBody(json: bytes, data: GiphyPayload.gifList), let gifs = list.data {
        gifs.elements.forEach(check)
        checkCount(of: gifs, in: body)
        _ = (list.pagination?.offset, list.pagination?.count, list.pagination?.totalCount)
    }
    if let single = try? GiphyBody(json: bytes, data: GiphyPayload.singleGif) {
        (single.data ?? nil).map(check)
    }
    if let terms = try? GiphyBody(json: bytes, data: GiphyPayload.terms), let list = terms.data {
        checkCount(of: list, in: body)
    }
    if let strings = try? GiphyBody(json: bytes, data: GiphyPayload.strings), let list = strings.data {
        checkCount(of: list, in: body)
    }
    if let random = try? GiphyBody(json: bytes, data: GiphyPayload.randomID) {
        _ = random.data
    }
    return 0
}

private func check(_ gif: GiphyGif) {
    invariant(!gif.id.isEmpty, "a GIF without an id")
    if let rating = gif.rating {
        invariant(
            !rating.isEmpty && rating.trimmingCharacters(in: .whitespaces) == rating,
            "rating \(rating.debugDescription)")
        invariant(ContentRating.ofGif(rating) != nil, "rating \(rating.debugDescription) not understood")
    }
    for rendition in gif.renditions.values {
        _ = (rendition.isUsable, rendition.width, rendition.height, rendition.size)
    }
    _ = (gif.user?.username, gif.user?.isVerified)
}

private func checkCount<Element>(of list: LossyList<Element>, in body: Data) {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
        let array = object["data"] as? [Any]
    else { return }
    invariant(
        list.elements.count + list.droppedCount == array.count,
        "\(list.elements.count) kept + \(list.droppedCount) dropped of \(array.count)")
}
