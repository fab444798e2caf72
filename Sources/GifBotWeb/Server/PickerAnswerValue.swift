/// A value of the picker's JSON answers to its script: a sentence or a toggle's state.
enum PickerAnswerValue: Encodable, Sendable {
    case text(String)
    case flag(Bool)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .flag(let flag): try container.encode(flag)
        }
    }
}
