import GifSources

// A chat line parsed as a command, with one of several prefixes. Whatever the line holds, the
// free text a command carries must be as Command promises: no control or formatting
// characters, no bidirectional overrides, trimmed, inner whitespace collapsed to single spaces;
// single-word arguments are single words, and numbers are within their documented ranges.

private let prefixes = ["!", ".", "@@", "gif:", "~~~~~"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    guard let first = input.first else { return 0 }
    let prefix = prefixes[Int(first) % prefixes.count]
    let line = String(decoding: input.dropFirst(), as: UTF8.self)
    guard let command = CommandParser(prefix: prefix).parse(line) else { return 0 }

    switch command {
    case .gifs(let text), .translate(let text), .suggest(let text), .related(let text):
        checkFreeText(text)
    case .gif(let query, let caption), .previewGif(let query, let caption):
        checkFreeText(query)
        caption.map(checkCaption)
    case .pick(let number):
        invariant((1...CommandParser.maximumPickNumber).contains(number), "pick \(number)")
    case .random(let tag):
        tag.map(checkFreeText)
    case .help(let word), .info(let word), .fav(let word):
        word.map(checkWord)
    case .unfav(let target):
        checkWord(target)
    case .favs(let user, let page):
        user.map(checkWord)
        invariant(page >= 1, "favs page \(page)")
    case .trending(let count):
        invariant((1...CommandParser.maximumTrendingCount).contains(count), "trending \(count)")
    case .cooldown(let commands, let seconds):
        invariant((0...100).contains(commands) && (1...3600).contains(seconds), "cooldown \(commands) \(seconds)")
    case .more, .trends, .recent, .clearRecent, .about, .undo, .rating, .showCooldown, .usage, .previewMode, .send,
        .shuffle, .cancel, .web:
        break
    case .gifTag(let tag), .untag(_, let tag):
        checkTag(tag)
    case .save(_, let tags), .tag(_, let tags):
        invariant(tags.count <= CollectionLimits.maximumTags, "\(tags.count) tags")
        tags.forEach(checkTag)
    case .forget(let id):
        checkWord(id)
    case .collection(let tag, let page):
        tag.map(checkTag)
        invariant(page >= 1, "collection page \(page)")
    case .invalidTag(let word):
        checkWord(word)
    case .collectionSavers, .collectionPublic, .tooManyTags, .roomFeature:
        break
    }
    return 0
}

private func checkFreeText(_ text: String) {
    invariant(!text.isEmpty, "empty free text")
    for scalar in text.unicodeScalars {
        let value = scalar.value
        invariant(
            !(0x00...0x1F).contains(value) && !(0x7F...0x9F).contains(value),
            "control U+\(hex(value)) in \(text.debugDescription)")
        invariant(
            !(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value),
            "bidi U+\(hex(value)) in \(text.debugDescription)")
    }
    invariant(
        text.first?.isWhitespace == false && text.last?.isWhitespace == false, "untrimmed \(text.debugDescription)")
    invariant(!text.contains("  "), "uncollapsed \(text.debugDescription)")
    invariant(!text.contains { $0.isWhitespace && $0 != " " }, "other whitespace in \(text.debugDescription)")
}

private func checkCaption(_ caption: String) {
    checkFreeText(caption)
    invariant(caption.count <= GifCaption.maximumLength, "a caption of \(caption.count) characters")
    invariant(!caption.lowercased().split(separator: " ").contains("@room"), "a mass mention in \(caption)")
}

private func checkTag(_ tag: String) {
    invariant(CollectionLimits.isValidTag(tag), "a tag \(tag.debugDescription)")
}

private func checkWord(_ word: String) {
    checkFreeText(word)
    invariant(!word.contains(" "), "a word with a space: \(word.debugDescription)")
}

private func hex(_ value: UInt32) -> String {
    String(value, radix: 16, uppercase: true)
}
