/// The elements of a JSON array that read, and how many did not: one odd item from a source or
/// another Matrix client must never cost the bot the whole page or sync batch. GIPHY's compact
/// reader fills it element by element; `Decodable` answers (KLIPY, Matrix) decode it directly.
public struct LossyList<Element> {
    public var elements: [Element]
    public var droppedCount: Int

    public init(elements: [Element] = [], droppedCount: Int = 0) {
        self.elements = elements
        self.droppedCount = droppedCount
    }
}

extension LossyList: Sendable where Element: Sendable {}

extension LossyList: Decodable where Element: Decodable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init()
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                elements.append(element)
            } else if (try? container.decode(SkippedValue.self)) != nil {
                droppedCount += 1
            } else {
                // Only a decode that succeeds moves the container on; stop rather than loop.
                break
            }
        }
    }
}

/// Consumes one element of any shape, even one that is not valid JSON inside (decoding it as
/// anything failed there, so the container never advanced).
private struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {
        _ = try decoder.singleValueContainer()
    }
}
