/// Why the picker could not show a page, in words for the person (a source's trouble, as chat
/// would say it); the details are in the log.
public struct PickerFailure: Error, Sendable, Equatable {
    public let message: String
}
