/// Who may invite the bot into a room: patterns such as `@*:example.org` or `@alice:example.org`
/// (`*` any run of characters, `?` one). With no patterns, only admins may.
struct InviteAllowList: Sendable {
    let patterns: [String]
    let admins: [String]

    func allows(_ userID: String) -> Bool {
        if patterns.isEmpty { return admins.contains(userID) }
        return patterns.contains { Self.matches(Array(userID), Array($0)) }
    }

    static func matches(_ text: [Character], _ pattern: [Character]) -> Bool {
        var textIndex = 0, patternIndex = 0
        var starPattern = -1, starText = 0
        while textIndex < text.count {
            if patternIndex < pattern.count, pattern[patternIndex] == "?" || pattern[patternIndex] == text[textIndex] {
                textIndex += 1
                patternIndex += 1
            } else if patternIndex < pattern.count, pattern[patternIndex] == "*" {
                starPattern = patternIndex
                starText = textIndex
                patternIndex += 1
            } else if starPattern >= 0 {
                patternIndex = starPattern + 1
                starText += 1
                textIndex = starText
            } else {
                return false
            }
        }
        while patternIndex < pattern.count, pattern[patternIndex] == "*" { patternIndex += 1 }
        return patternIndex == pattern.count
    }
}
