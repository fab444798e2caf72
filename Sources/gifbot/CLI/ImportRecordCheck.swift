import Foundation
import GifBotApp
import GifBotCore
import GifSources
import Storage

/// What `gifbot import` accepts of a record: the same limits the commands enforce, so a file
/// cannot put into the store what chat could not (a 10,000-character id, a `javascript:` link,
/// a cooldown of a million seconds, a date past `Int`'s range). Returns why a record is refused.
enum ImportRecordCheck {
    /// Names (networks, users, channels) and free text are at most this many characters.
    static let maximumNameLength = 255
    static let maximumTitleLength = 300
    static let maximumQueryLength = 500
    /// Exports of the bot's own links: https, and http only from a stand-in on loopback.
    static let links = LinkPolicy(httpHosts: ["127.0.0.1", "::1", "localhost"])
    /// Times are Unix seconds from 1970 to a day past now (another machine's clock may run ahead).
    static func timeRange(now: Date = Date()) -> ClosedRange<Int> {
        0...(Int(now.timeIntervalSince1970) + 86_400)
    }

    static func problem(with record: StoreRecord, now: Date = Date()) -> String? {
        switch record {
        case .user(let user, let randomID):
            if let problem = problem(with: user) { return problem }
            if let randomID, randomID.isEmpty || randomID.count > 100 || !randomID.allSatisfy(\.isIDCharacter) {
                return "random_id is not an id"
            }
        case .favorite(let user, let favorite):
            if let problem = problem(with: user) { return problem }
            guard GifIDFormat.isValid(favorite.gifID) else { return "gif_id is not a GIF id" }
            guard let title = text(favorite.title, upTo: maximumTitleLength), !title.isEmpty else {
                return "title is empty, too long or holds control characters"
            }
            guard links.allows(favorite.url) else { return "url is not an https link" }
            if let rating = favorite.rating, ContentRating(parameter: rating) == nil {
                return "rating is not g, pg, pg-13 or r"
            }
            let seconds = favorite.addedAt.timeIntervalSince1970
            guard seconds.isFinite, seconds >= 0, seconds <= Double(timeRange(now: now).upperBound) else {
                return "added_at is not a time between 1970 and now"
            }
        case .recentSearch(let user, let query, let searchedAt):
            if let problem = problem(with: user) { return problem }
            guard let query = text(query, upTo: maximumQueryLength), !query.isEmpty else {
                return "query is empty, too long or holds control characters"
            }
            guard timeRange(now: now).contains(searchedAt) else {
                return "searched_at is not a time between 1970 and now"
            }
        case .channelSettings(let network, let channel, let settings):
            guard name(network) else { return "network is empty, too long or holds control characters" }
            guard name(channel) else { return "channel is empty, too long or holds control characters" }
            if let rating = settings.rating, ContentRating(parameter: rating) == nil {
                return "rating is not g, pg, pg-13 or r"
            }
            if let commands = settings.cooldownCommands, !ChannelSettingLimits.cooldownCommands.contains(commands) {
                return "cooldown_commands is not within \(ChannelSettingLimits.cooldownCommands)"
            }
            if let seconds = settings.cooldownSeconds, !ChannelSettingLimits.cooldownSeconds.contains(seconds) {
                return "cooldown_seconds is not within \(ChannelSettingLimits.cooldownSeconds)"
            }
            if let mode = settings.previewMode, PreviewMode(parameter: mode) == nil {
                return "preview_mode is not off, optional or required"
            }
            if (settings.cooldownCommands == nil) != (settings.cooldownSeconds == nil) {
                return "cooldown_commands and cooldown_seconds come together"
            }
        case .collectionEntry(let entry):
            return problem(with: entry, now: now)
        case .collectionPolicy(let channel, _):
            guard name(channel.network) else { return "network is empty, too long or holds control characters" }
            guard name(channel.channel) else { return "channel is empty, too long or holds control characters" }
        }
        return nil
    }

    /// A collection entry holds what `!save` would have stored: a valid id of the source it
    /// names, valid tags within the limit, links the bot would post, sizes a page can use.
    private static func problem(with entry: CollectionEntry, now: Date) -> String? {
        guard name(entry.channel.network) else { return "network is empty, too long or holds control characters" }
        guard name(entry.channel.channel) else { return "channel is empty, too long or holds control characters" }
        guard GifIDFormat.isValid(entry.gifID), let ref = GifRef(text: entry.gifID) else {
            return "gif_id is not a GIF id"
        }
        guard GifSourceID(rawValue: entry.source) == ref.source else { return "source is not the gif_id's source" }
        guard let title = text(entry.title, upTo: maximumTitleLength), !title.isEmpty else {
            return "title is empty, too long or holds control characters"
        }
        guard entry.tags.count <= CollectionLimits.maximumTags else {
            return "tags has more than \(CollectionLimits.maximumTags)"
        }
        guard entry.tags.allSatisfy(CollectionLimits.isValidTag), Set(entry.tags).count == entry.tags.count else {
            return
                "tags are not distinct tags as chat takes them (lowercased NFC words of at most \(CollectionLimits.maximumTagLength) scalars, nothing invisible)"
        }
        guard name(entry.savedBy.userID) else { return "saved_by is empty, too long or holds control characters" }
        guard name(entry.savedByName) else { return "saved_by_name is empty, too long or holds control characters" }
        guard timeRange(now: now).contains(Int(exactly: entry.savedAt.timeIntervalSince1970.rounded(.down)) ?? -1)
        else { return "saved_at is not a time between 1970 and now" }
        guard links.allows(entry.url) else { return "url is not an https link" }
        if let preview = entry.preview {
            guard links.allows(preview.url) else { return "preview_url is not an https link" }
            for size in [preview.width, preview.height] {
                if let size, !(1...10_000).contains(size) { return "preview size is not within 1...10000" }
            }
        }
        if let pageURL = entry.pageURL, !links.allows(pageURL) { return "page_url is not an https link" }
        if let rating = entry.rating, ContentRating(parameter: rating) == nil {
            return "rating is not g, pg, pg-13 or r"
        }
        return nil
    }

    private static func problem(with user: UserKey) -> String? {
        guard name(user.network) else { return "network is empty, too long or holds control characters" }
        guard name(user.userID) else { return "user is empty, too long or holds control characters" }
        return nil
    }

    private static func name(_ text: String) -> Bool {
        guard let text = self.text(text, upTo: maximumNameLength) else { return false }
        return !text.isEmpty
    }

    /// The text when it has at most `limit` characters and no control or format characters.
    private static func text(_ text: String, upTo limit: Int) -> String? {
        guard text.count <= limit else { return nil }
        let forbidden = text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: true
            default: false
            }
        }
        return forbidden ? nil : text
    }
}

extension Character {
    fileprivate var isIDCharacter: Bool {
        isASCII && (isLetter || isNumber || self == "-" || self == "_")
    }
}
