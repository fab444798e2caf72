import GifSources

/// Turns a chat line into a `Command`. Lines that are not commands, and commands of other
/// bots, give nil: the bot stays silent so bots can share a channel.
public struct CommandParser: Sendable {
    public let prefix: String
    /// The most `!trending` lists.
    static let maximumTrendingCount = 5
    /// The longest list `!pick` chooses from (`!trending 5`).
    static let maximumPickNumber = 5

    public init(prefix: String) {
        self.prefix = prefix
    }

    public func parse(_ line: String) -> Command? {
        let text = TextSanitizer.clean(line)
        guard !prefix.isEmpty, text.hasPrefix(prefix) else { return nil }
        let body = text.dropFirst(prefix.count)
        let word = body.prefix { !$0.isWhitespace }
        guard !word.isEmpty, let name = CommandName.named(String(word)) else { return nil }
        let argument = String(body.dropFirst(word.count)).trimmingSpaces
        let arguments = argument.split(separator: " ").map(String.init)
        return command(name, argument: argument, arguments: arguments)
    }

    private func command(_ name: CommandName, argument: String, arguments: [String]) -> Command {
        let text: String? = argument.isEmpty ? nil : argument
        switch name {
        case .gif:
            guard let text else { return .usage(.gif) }
            guard text.hasPrefix("#"), !text.contains(" ") else {
                let (query, caption) = GifCaption.split(text)
                return query.isEmpty ? .usage(.gif) : .gif(query: query, caption: caption)
            }
            return CollectionLimits.tag(text).map { .gifTag($0) } ?? .invalidTag(text)
        case .more: return .more
        case .gifs: return text.map { .gifs(query: $0) } ?? .usage(.gifs)
        case .random: return .random(tag: text)
        case .translate: return text.map { .translate(phrase: $0) } ?? .usage(.translate)
        case .trending:
            guard let text else { return .trending(count: 1) }
            guard let count = ChatNumber.value(text, in: 1...Self.maximumTrendingCount) else {
                return .usage(.trending)
            }
            return .trending(count: count)
        case .trends: return .trends
        case .suggest: return text.map { .suggest(prefix: $0) } ?? .usage(.suggest)
        case .related: return text.map { .related(term: $0) } ?? .usage(.related)
        case .info: return arguments.count <= 1 ? .info(id: arguments.first) : .usage(.info)
        case .fav: return arguments.count <= 1 ? .fav(id: arguments.first) : .usage(.fav)
        case .unfav: return arguments.count == 1 ? .unfav(target: arguments[0]) : .usage(.unfav)
        case .favs: return favs(arguments)
        case .recent:
            if arguments.isEmpty { return .recent }
            return arguments.count == 1 && arguments[0].lowercased() == "clear" ? .clearRecent : .usage(.recent)
        case .help: return .help(topic: arguments.first)
        case .about: return .about
        case .undo: return arguments.isEmpty ? .undo : .usage(.undo)
        case .rating:
            guard let text else { return .rating(nil) }
            return ContentRating(parameter: text).map { .rating($0) } ?? .usage(.rating)
        case .cooldown:
            if arguments.isEmpty { return .showCooldown }
            guard arguments.count == 2,
                let commands = ChatNumber.value(arguments[0], in: ChannelSettingLimits.cooldownCommands),
                let seconds = ChatNumber.value(arguments[1], in: ChannelSettingLimits.cooldownSeconds)
            else { return .usage(.cooldown) }
            return .cooldown(commands: commands, seconds: seconds)
        case .web: return arguments.isEmpty ? .web : .usage(.web)
        case .save: return save(arguments)
        case .tag:
            guard arguments.count >= 2 else { return .usage(.tag) }
            return tags(arguments.dropFirst()) { .tag(id: arguments[0], tags: $0) }
        case .untag:
            guard arguments.count == 2 else { return .usage(.untag) }
            return CollectionLimits.tag(arguments[1]).map { .untag(id: arguments[0], tag: $0) }
                ?? .invalidTag(arguments[1])
        case .forget: return arguments.count == 1 ? .forget(id: arguments[0]) : .usage(.forget)
        case .collection: return collection(arguments)
        case .previewGif: return text.map(previewGif) ?? .usage(.previewGif)
        case .preview:
            guard let text else { return .previewMode(nil) }
            return PreviewMode(parameter: text).map { .previewMode($0) } ?? previewGif(text)
        case .send: return arguments.isEmpty ? .send : .usage(.send)
        case .shuffle: return arguments.isEmpty ? .shuffle : .usage(.shuffle)
        case .cancel: return arguments.isEmpty ? .cancel : .usage(.cancel)
        case .pack, .picker:
            let word = arguments.first?.lowercased()
            guard arguments.count == 1, word == "on" || word == "off" else { return .usage(name) }
            return .roomFeature(name == .pack ? .imagePack : .pickerWidget, on: word == "on")
        case .pick:
            guard arguments.count == 1, let number = ChatNumber.value(arguments[0], in: 1...Self.maximumPickNumber)
            else { return .usage(.pick) }
            return .pick(number)
        }
    }

    /// `!save`, `!save #a b`, `!save <id> a b`. A first word is an id when it looks like one
    /// (`source:key`, or letters with a digit, or with a capital after the first letter next to
    /// small ones, as GIPHY's ids have); `#word` is always a tag, so `#y2k` tags where `y2k`
    /// would name a GIF, and `Party` or `LOL` are tags.
    private func save(_ arguments: [String]) -> Command {
        guard let first = arguments.first else { return .save(id: nil, tags: []) }
        let mixedCase = first.dropFirst().contains(where: \.isUppercase) && first.contains(where: \.isLowercase)
        let looksLikeID =
            !first.hasPrefix("#")
            && (first.contains(":")
                || (first.contains(where: \.isLetter) && (first.contains(where: \.isNumber) || mixedCase)))
        if looksLikeID { return tags(arguments.dropFirst()) { .save(id: first, tags: $0) } }
        return tags(arguments[...]) { .save(id: nil, tags: $0) }
    }

    /// Tags as stored (lowercased, without `#`, duplicates dropped), or why they are refused.
    private func tags(_ words: ArraySlice<String>, _ make: ([String]) -> Command) -> Command {
        var tags: [String] = []
        for word in words {
            guard let tag = CollectionLimits.tag(word) else { return .invalidTag(word) }
            if !tags.contains(tag) { tags.append(tag) }
        }
        guard tags.count <= CollectionLimits.maximumTags else { return .tooManyTags }
        return make(tags)
    }

    /// `!collection`, `!collection 2`, `!collection #tag [2]`, `!collection open|admins`,
    /// `!collection public on|off`.
    private func collection(_ arguments: [String]) -> Command {
        let words = arguments.map { $0.lowercased() }
        switch words.first {
        case nil: return .collection(tag: nil, page: 1)
        case "open" where words.count == 1: return .collectionSavers(.open)
        case "admins" where words.count == 1: return .collectionSavers(.admins)
        case "public":
            guard words.count == 2, words[1] == "on" || words[1] == "off" else { return .usage(.collection) }
            return .collectionPublic(words[1] == "on")
        default: break
        }
        switch arguments.count {
        case 1:
            switch ChatNumber.read(arguments[0]) {
            case .number(let page): return page >= 1 ? .collection(tag: nil, page: page) : .usage(.collection)
            case .outOfRange: return .usage(.collection)
            case .notANumber:
                return CollectionLimits.tag(arguments[0]).map { .collection(tag: $0, page: 1) }
                    ?? .invalidTag(arguments[0])
            }
        case 2:
            guard let tag = CollectionLimits.tag(arguments[0]) else { return .invalidTag(arguments[0]) }
            guard let page = ChatNumber.value(arguments[1], in: 1...Int.max) else { return .usage(.collection) }
            return .collection(tag: tag, page: page)
        default:
            return .usage(.collection)
        }
    }

    /// `!gif? cat | caption`.
    private func previewGif(_ text: String) -> Command {
        let (query, caption) = GifCaption.split(text)
        return query.isEmpty ? .usage(.previewGif) : .previewGif(query: query, caption: caption)
    }

    /// `!favs`, `!favs 2`, `!favs alice`, `!favs alice 2`.
    private func favs(_ arguments: [String]) -> Command {
        switch arguments.count {
        case 0:
            return .favs(user: nil, page: 1)
        case 1:
            switch ChatNumber.read(arguments[0]) {
            case .number(let page): return page >= 1 ? .favs(user: nil, page: page) : .usage(.favs)
            case .outOfRange: return .usage(.favs)
            case .notANumber: return .favs(user: arguments[0], page: 1)
            }
        case 2:
            guard let page = ChatNumber.value(arguments[1], in: 1...Int.max) else { return .usage(.favs) }
            return .favs(user: arguments[0], page: page)
        default:
            return .usage(.favs)
        }
    }
}

extension String {
    var trimmingSpaces: String {
        TextSanitizer.collapseWhitespace(self)
    }
}
