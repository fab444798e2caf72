/// What a GIPHY GIF id looks like. Ids typed by users are checked before they reach a URL or
/// the store, so `!fav ../../x` or a 10 kB id is refused with a clear reply.
enum GifIDFormat {
    static let maximumLength = 64

    static func isValid(_ id: String) -> Bool {
        !id.isEmpty && id.count <= maximumLength
            && id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }
}
