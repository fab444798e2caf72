import GifSources

/// The GIFs one search has shown, as 64-bit fingerprints of their refs rather than the id
/// strings: thousands of users' searches are held at once (issue 9), and a shown id outlives
/// the cached page that held its string. Two GIFs sharing a fingerprint (odds ~1 in 10^17 for
/// a search's few hundred) would only skip one result.
struct ShownGifs: Sendable {
    private var fingerprints: Set<Int> = []

    init() {}

    private init(fingerprints: Set<Int>) {
        self.fingerprints = fingerprints
    }

    var isEmpty: Bool { fingerprints.isEmpty }

    func contains(_ ref: GifRef) -> Bool {
        fingerprints.contains(ref.hashValue)
    }

    mutating func insert(_ ref: GifRef) {
        fingerprints.insert(ref.hashValue)
    }

    func union(_ other: ShownGifs) -> ShownGifs {
        ShownGifs(fingerprints: fingerprints.union(other.fingerprints))
    }
}
