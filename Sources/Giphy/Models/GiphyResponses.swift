import GifSources

/// `meta` of every GIPHY response. An empty `response_id` on a 200 marks GIPHY's "synthetic"
/// response, which its docs say to treat as an error.
struct GiphyMeta: Sendable {
    let status: Int?
    let message: String?
    let responseID: String?

    private enum Key: String, JSONKey, CaseIterable {
        static let table = JSONKeyTable<Self>()
        case status, message = "msg", responseID = "response_id"
    }

    static func read(_ reader: inout JSONReader) throws -> GiphyMeta {
        var status: Int?, message: String?, responseID: String?
        try reader.beginObject()
        while let key = try reader.nextKey(Key.self) {
            switch key {
            case .status?: status = try reader.lenientInt()
            case .message?: message = try reader.lenientString()
            case .responseID?: responseID = try reader.lenientString()
            case nil: try reader.skipValue()
            }
        }
        return GiphyMeta(status: status, message: message, responseID: responseID)
    }
}

struct GiphyPagination: Sendable {
    let totalCount: Int?
    let count: Int?
    let offset: Int?

    private enum Key: String, JSONKey, CaseIterable {
        static let table = JSONKeyTable<Self>()
        case totalCount = "total_count", count, offset
    }

    static func read(_ reader: inout JSONReader) throws -> GiphyPagination {
        var totalCount: Int?, count: Int?, offset: Int?
        try reader.beginObject()
        while let key = try reader.nextKey(Key.self) {
            switch key {
            case .totalCount?: totalCount = try reader.lenientInt()
            case .count?: count = try reader.lenientInt()
            case .offset?: offset = try reader.lenientInt()
            case nil: try reader.skipValue()
            }
        }
        return GiphyPagination(totalCount: totalCount, count: count, offset: offset)
    }
}

/// Just the `meta` (or gateway `message`) of a body, what the classifier needs.
struct GiphyEnvelope: Sendable {
    var meta: GiphyMeta?
    var message: String?
}

/// A whole GIPHY body read in one pass: the envelope, `pagination`, and `data` read by the
/// payload's own reader. A `meta`, `pagination` or `message` of the wrong shape makes the body
/// unreadable, as it always did.
struct GiphyBody<Payload> {
    var envelope = GiphyEnvelope()
    var pagination: GiphyPagination?
    /// Nil when the body has no `data` (or `data: null`).
    var data: Payload?

    init(json: [UInt8], data readData: (inout JSONReader) throws -> Payload) throws {
        self = try JSONReader.read(json) { reader in
            var body = GiphyBody()
            try reader.beginObject()
            while let key = try reader.nextKey(GiphyBodyKey.self) {
                let kind = try reader.peekKind()
                switch key {
                case _ where kind == .null: try reader.skipValue()
                case .meta?: body.envelope.meta = try GiphyMeta.read(&reader)
                case .message?:
                    guard let message = try reader.string() else { throw JSONReader.Failure.malformed }
                    body.envelope.message = message
                case .pagination?: body.pagination = try GiphyPagination.read(&reader)
                case .data?: body.data = try readData(&reader)
                case nil: try reader.skipValue()
                }
            }
            return body
        }
    }

    private init() {}
}

/// The keys of a body's top level.
private enum GiphyBodyKey: String, JSONKey, CaseIterable {
    static let table = JSONKeyTable<Self>()
    case meta, message, pagination, data
}

/// How each endpoint's `data` is read.
enum GiphyPayload {
    /// A body without the `data` its endpoint always sends is not an answer.
    static func required<Payload>(_ data: Payload?) throws -> Payload {
        guard let data else { throw JSONReader.Failure.malformed }
        return data
    }

    /// Only the envelope: `data` is skipped.
    static func skipped(_ reader: inout JSONReader) throws {
        try reader.skipValue()
    }

    /// search, trending, GIFs by ids: `[GIF]`, keeping the elements that read, so one odd item
    /// never costs a user the whole page.
    static func gifList(_ reader: inout JSONReader) throws -> LossyList<GiphyGif> {
        try lossyList(&reader, GiphyGif.read)
    }

    /// random, translate, GIF by id: one GIF object, where "nothing found" is `data: []`. An
    /// object without an id is unreadable.
    static func singleGif(_ reader: inout JSONReader) throws -> GiphyGif? {
        switch try reader.peekKind() {
        case .object:
            guard let gif = try GiphyGif.read(&reader) else { throw JSONReader.Failure.malformed }
            return gif
        case .array:
            try reader.beginArray()
            while try reader.hasNextElement() {
                guard try reader.peekKind() == .object else { throw JSONReader.Failure.malformed }
                try reader.skipValue()
            }
            return nil
        default:
            throw JSONReader.Failure.malformed
        }
    }

    /// autocomplete and related terms: `[{name}]`.
    static func terms(_ reader: inout JSONReader) throws -> LossyList<String> {
        try lossyList(&reader) { reader in
            guard try reader.peekKind() == .object else {
                try reader.skipValue()
                return nil
            }
            var name: String?
            try reader.beginObject()
            while let key = try reader.nextKey(TermKey.self) {
                if key == .name, name == nil { name = try reader.string() } else { try reader.skipValue() }
            }
            return name
        }
    }

    /// trending searches: `[String]`.
    static func strings(_ reader: inout JSONReader) throws -> LossyList<String> {
        try lossyList(&reader) { try $0.string() }
    }

    /// random id: `{random_id}`.
    static func randomID(_ reader: inout JSONReader) throws -> String {
        var randomID: String?
        try reader.beginObject()
        while let key = try reader.nextKey(RandomIDKey.self) {
            if key == .randomID { randomID = try reader.string() } else { try reader.skipValue() }
        }
        guard let randomID else { throw JSONReader.Failure.malformed }
        return randomID
    }

    private enum TermKey: String, JSONKey, CaseIterable {
        static let table = JSONKeyTable<Self>()
        case name
    }
    private enum RandomIDKey: String, JSONKey, CaseIterable {
        static let table = JSONKeyTable<Self>()
        case randomID = "random_id"
    }

    private static func lossyList<Element>(
        _ reader: inout JSONReader,
        _ element: (inout JSONReader) throws -> Element?
    ) throws -> LossyList<Element> {
        var list = LossyList<Element>()
        try reader.beginArray()
        while try reader.hasNextElement() {
            if let value = try element(&reader) { list.elements.append(value) } else { list.droppedCount += 1 }
        }
        return list
    }
}
