import GifSources

/// What a user is told when a GIF source fails: what happened and what to do next, in one short
/// line, naming the source. Nothing here may carry a URL, a response body or a key.
enum ErrorReplies {
    static func message(for failure: GifSourceFailure) -> String {
        let name = failure.source.displayName
        switch failure.error {
        case .invalidKey:
            return failure.source == .giphy
                ? "GIPHY refused this bot's API key; an operator needs to check giphy.api_key."
                : "\(name) refused this bot's key; an operator needs to check \(failure.source.rawValue).app_key."
        case .rateLimited(let seconds):
            return "\(name)'s rate limit for this bot is used up; try again in about \(seconds) s."
        case .queryTooLong(let maximum):
            return "That is too long for \(name): at most \(maximum) characters, please."
        case .notFound:
            return "\(name) has no GIF with that id."
        case .badRequest:
            return "\(name) did not accept that request; try different words."
        case .unavailable:
            return "\(name) is having trouble right now; try again in a minute."
        case .timeout:
            return "\(name) took too long to answer; try again in a moment."
        case .networkUnreachable:
            return "I can't reach \(name) right now; try again later."
        case .notConfigured:
            return "That GIF is from \(name), which this bot does not use."
        case .unsupported:
            return "That is not available with \(name)."
        }
    }

    /// For failures on the bot's own side (the store), which the user cannot fix.
    static let internalFailure = "Sorry, something went wrong on my side; please try again later."
}
