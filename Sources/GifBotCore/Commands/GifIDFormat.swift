import GifSources

/// What a GIF id looks like: a bare GIPHY id, or `<source>:<key>` (`klipy:hello-hi-662`). Ids
/// typed by users are checked before they reach a URL or the store, so `!fav ../../x` or a 10 kB
/// id is refused with a clear reply.
public enum GifIDFormat {
    static let maximumLength = 64
    /// KLIPY slugs are longer than GIPHY ids (a title's words and a number).
    static let maximumPrefixedKeyLength = 100

    /// The ref an id typed by a user names, or nil when it is not a valid id.
    static func ref(_ text: String) -> GifRef? {
        guard let ref = GifRef(text: text) else { return nil }
        let limit = text.contains(":") ? maximumPrefixedKeyLength : maximumLength
        return ref.key.count <= limit && isValidKey(ref.key) ? ref : nil
    }

    public static func isValid(_ id: String) -> Bool {
        ref(id) != nil
    }

    /// Whether a GIF a source returned has an id a user could have typed, in that source's own
    /// namespace: a GIPHY key holding `klipy:` is GIPHY's key with a colon in it, so invalid.
    static func isValid(_ ref: GifRef) -> Bool {
        let limit = ref.source == .giphy ? maximumLength : maximumPrefixedKeyLength
        return ref.key.count <= limit && isValidKey(ref.key)
    }

    /// A source's per-user random id (GIPHY's are 32 hex digits).
    package static func isValidRandomID(_ id: String) -> Bool {
        id.count <= maximumPrefixedKeyLength && isValidKey(id)
    }

    private static func isValidKey(_ id: String) -> Bool {
        !id.isEmpty
            && id.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
    }
}
