import Foundation

// A GIPHY response body decoded as every endpoint's response type, as GiphyClient and
// ResponseClassifier do. Decoding must never trap, and what decodes must keep the models'
// promises: a GIF always has an id, a rating is trimmed and non-empty, a lossy list accounts
// for every element.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGiphyResponse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Data(fuzzBytes(data, size))
    let decoder = JSONDecoder()

    if let envelope = try? decoder.decode(GiphyEnvelope.self, from: body) {
        _ = (envelope.message, envelope.meta?.status, envelope.meta?.message, envelope.meta?.responseID)
    }
    if let list = try? decoder.decode(GifListResponse.self, from: body) {
        list.data.elements.forEach(check)
        checkCount(of: list.data, in: body)
        _ = (list.pagination?.offset, list.pagination?.count, list.pagination?.totalCount)
    }
    if let single = try? decoder.decode(SingleGifResponse.self, from: body) {
        single.gif.map(check)
    }
    if let terms = try? decoder.decode(TermListResponse.self, from: body) {
        checkCount(of: terms.data, in: body)
    }
    if let strings = try? decoder.decode(StringListResponse.self, from: body) {
        checkCount(of: strings.data, in: body)
    }
    if let random = try? decoder.decode(RandomIDResponse.self, from: body) {
        _ = random.data.randomID
    }
    return 0
}

private func check(_ gif: GiphyGif) {
    invariant(!gif.id.isEmpty, "a GIF without an id")
    if let rating = gif.rating {
        invariant(!rating.isEmpty && rating.trimmingCharacters(in: .whitespaces) == rating, "rating \(rating.debugDescription)")
        invariant(ContentRating.ofGif(rating) != nil, "rating \(rating.debugDescription) not understood")
    }
    for rendition in gif.renditions.values {
        _ = (rendition.isUsable, rendition.width, rendition.height, rendition.size, rendition.frames)
    }
    _ = (gif.user?.username, gif.user?.isVerified)
}

private func checkCount<Element>(of list: LossyArray<Element>, in body: Data) {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
          let array = object["data"] as? [Any] else { return }
    invariant(list.elements.count + list.droppedCount == array.count,
              "\(list.elements.count) kept + \(list.droppedCount) dropped of \(array.count)")
}
