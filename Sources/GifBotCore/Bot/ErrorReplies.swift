import Giphy

/// What a user is told when GIPHY fails: what happened and what to do next, in one short line.
/// Nothing here may carry a URL, a response body or the API key.
enum ErrorReplies {
    static func message(for error: GiphyError) -> String {
        switch error {
        case .invalidAPIKey:
            "GIPHY refused this bot's API key; an operator needs to check giphy.api_key."
        case .rateLimited(let seconds):
            "GIPHY's rate limit for this bot is used up; try again in about \(seconds) s."
        case .queryTooLong(let maximum):
            "That is too long for GIPHY: at most \(maximum) characters, please."
        case .notFound:
            "GIPHY has no GIF with that id."
        case .badRequest:
            "GIPHY did not accept that request; try different words."
        case .unavailable:
            "GIPHY is having trouble right now; try again in a minute."
        case .timeout:
            "GIPHY took too long to answer; try again in a moment."
        case .networkUnreachable:
            "I can't reach GIPHY right now; try again later."
        }
    }

    /// For failures on the bot's own side (the store), which the user cannot fix.
    static let internalFailure = "Sorry, something went wrong on my side; please try again later."
}
