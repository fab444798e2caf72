import CoreTestSupport
import Dispatch
import Foundation
import FuzzSupport
import GifBotCore
import GifSources
import Logging
import Synchronization

// The whole core, from chat lines to replies and the store (issue 20): each input is a short
// conversation of up to 12 lines from four users in two channels and private messages, answered
// by a fresh bot over an in-memory store and two scripted GIF sources. Invariants: no trap; at
// most a few replies a line, each short, one line, without control characters; every GIF shown
// has a valid id in its source's namespace and only https links; nothing stored past its limit;
// every stored tag is NFC, visible and within its bounds. Membership (issue 31): a line from
// outside a channel changes nothing of the channel's (collection, settings, gallery grants), and
// nobody holds a gallery grant for a channel they left or were never in when they asked.
//
// Input: byte 0 = n, the length of the sources' script (0...15); the next n bytes are the
// script; the rest are lines split at \n, each starting with a byte that picks the sender
// (bits 0-1), the conversation (bits 2-3: #a, #b, private), admin rights (bit 4), whether the
// sender is outside the channel (bit 5), and whether the line is instead the sender leaving
// the conversation (bit 6).

private let settings = BotSettings(
    prefix: "!", favoritesLimit: 3, recentLimit: 3, maximumRating: .pg13, cooldownCommands: 5,
    cooldownWindow: .seconds(30), favoritesPageSize: 2)
private let maximumRepliesPerLine = 8
private let maximumReplyBytes = 1_500
private let logger = Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() }

public enum WholeCoreFuzz: FuzzTarget {
    public static func fuzz(_ input: [UInt8]) {
        guard let first = input.first else { return }
        let scriptLength = min(Int(first & 0x0F), input.count - 1)
        let script = Array(input[1..<(1 + scriptLength)])
        let lines = input[(1 + scriptLength)...].split(separator: 0x0A, omittingEmptySubsequences: true).prefix(12).map(
            Array.init)
        let done = DispatchSemaphore(value: 0)
        // The harness is synchronous (libFuzzer calls it) and the core async: the task is waited
        // for right here, so it never outlives the call.
        Task {
            await converse(script: script, lines: lines)
            done.signal()
        }
        done.wait()
    }
}

private func converse(script: [UInt8], lines: [[UInt8]]) async {
    let store = InMemoryCoreStore()
    let sources: [any GifSource] = [
        FuzzGifSource(id: .giphy, script: script), FuzzGifSource(id: .klipy, script: script.reversed()),
    ]
    let webLinks = GrantRecordingWebLinks()
    let bot = GifBot(sources: sources, store: store, settings: settings, webLinks: webLinks, logger: logger)
    let start = ContinuousClock.now
    // Who may hold a grant for which channel: they asked in it as a member and did not leave since.
    var mayHoldGrant: Set<String> = []
    for (index, line) in lines.enumerated() {
        guard let selector = line.first else { continue }
        let user = ChatUser(network: "fuzz", id: "user\(selector & 0x3)", displayName: "User\(selector & 0x3)")
        let conversation = Int(selector >> 2) & 0x3
        let isPrivate = conversation >= 2
        let place = isPrivate ? user.id : (conversation == 0 ? "#a" : "#b")
        if selector & 0x40 != 0 {
            await bot.memberLeft(user, from: place)
            mayHoldGrant.remove("\(user.id) \(place)")
        } else {
            let isMember = isPrivate || selector & 0x20 == 0
            if isMember { mayHoldGrant.insert("\(user.id) \(place)") }
            let message = ChatMessage(
                user: user, conversation: place, isPrivate: isPrivate,
                text: String(decoding: line.dropFirst(), as: UTF8.self), senderIsAdmin: selector & 0x10 != 0,
                receivedAt: start + .seconds(index), senderIsMember: isMember)
            // A channel's collection and settings are written before the reply (only recent
            // searches are written behind), so the store is compared as it is.
            let before = ChannelState(store.contents.withLock { $0 }, place)
            let replies = await bot.handle(message)
            invariant(replies.count <= maximumRepliesPerLine, "\(replies.count) replies to one line")
            for reply in replies { check(reply) }
            if !isMember {
                invariant(
                    ChannelState(store.contents.withLock { $0 }, place) == before,
                    "a line from outside \(place) changed its collection or settings")
            }
        }
        for (holder, channels) in webLinks.all {
            for channel in channels {
                invariant(
                    mayHoldGrant.contains("\(holder.userID) \(channel)"),
                    "\(holder.userID) holds a grant for \(channel) without being in it")
            }
        }
    }
    await bot.finishPendingWrites()
    check(store.contents.withLock { $0 })
}

/// What of the store is one channel's own.
private struct ChannelState: Equatable {
    let entries: [CollectionEntry]?
    let policy: CollectionPolicy?
    let settings: ChannelSettings?

    init(_ contents: InMemoryCoreStore.Contents, _ channel: String) {
        let key = CollectionChannel(network: "fuzz", channel: channel)
        entries = contents.collections[key]
        policy = contents.collectionPolicies[key]
        settings = contents.channels["fuzz \(channel)"]
    }
}

private func check(_ reply: Reply) {
    let line = reply.line
    invariant(line.utf8.count <= maximumReplyBytes, "a reply of \(line.utf8.count) bytes")
    invariant(
        !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
        "a control character in \(line.debugDescription)")
    guard case .gif(let card) = reply else { return }
    invariant(GifIDFormat.isValid(card.id), "a GIF shown with the id \(card.id.debugDescription)")
    invariant(LinkPolicy().allows(card.url), "a GIF shown with the link \(card.url.debugDescription)")
    invariant(card.renditions.allSatisfy { LinkPolicy().allows($0.url) }, "a rendition link that is not https")
    invariant(card.pageURL.map(LinkPolicy().allows) != false, "a page link that is not https")
}

private func check(_ contents: InMemoryCoreStore.Contents) {
    invariant(
        contents.favorites.count <= 4 && contents.recent.count <= 4 && contents.randomIDs.count <= 4,
        "stored for unknown users")
    for (user, favorites) in contents.favorites {
        invariant(favorites.count <= settings.favoritesLimit, "\(user) has \(favorites.count) favorites")
        invariant(Set(favorites.map(\.gifID)).count == favorites.count, "\(user) has a favorite twice")
        for favorite in favorites {
            invariant(GifIDFormat.isValid(favorite.gifID), "a favorite stored as \(favorite.gifID.debugDescription)")
            invariant(LinkPolicy().allows(favorite.url), "a favorite's link \(favorite.url.debugDescription)")
        }
    }
    for (user, searches) in contents.recent {
        invariant(searches.count <= settings.recentLimit, "\(user) has \(searches.count) recent searches")
    }
    invariant(contents.channels.count <= 6, "\(contents.channels.count) channels' settings")
    for settings in contents.channels.values {
        invariant(
            settings.rating.map { ContentRating(parameter: $0) != nil } != false,
            "a stored rating \(settings.rating ?? "")")
        invariant(
            settings.cooldownCommands.map(ChannelSettingLimits.cooldownCommands.contains) != false
                && settings.cooldownSeconds.map(ChannelSettingLimits.cooldownSeconds.contains) != false,
            "a stored cooldown out of range")
    }
    for id in contents.randomIDs.values {
        invariant(GifIDFormat.isValidRandomID(id), "a random id stored as \(id.debugDescription)")
    }
    for (channel, entries) in contents.collections {
        invariant(entries.count <= settings.collectionLimit, "\(channel) has \(entries.count) entries")
        invariant(Set(entries.map(\.gifID)).count == entries.count, "\(channel) has a GIF twice")
        for entry in entries {
            invariant(GifIDFormat.isValid(entry.gifID), "an entry stored as \(entry.gifID.debugDescription)")
            invariant(LinkPolicy().allows(entry.url), "an entry's link \(entry.url.debugDescription)")
            invariant(
                entry.tags.count <= CollectionLimits.maximumTags && entry.tags.allSatisfy(CollectionLimits.isValidTag),
                "an entry's tags \(entry.tags)")
            for tag in entry.tags { check(tag: tag) }
        }
    }
}

/// A stored tag, checked apart from the rule that made it: in NFC, nothing invisible, bounded.
private func check(tag: String) {
    invariant(
        tag.unicodeScalars.elementsEqual(tag.precomposedStringWithCanonicalMapping.unicodeScalars),
        "a tag not in NFC: \(tag.debugDescription)")
    invariant(
        tag.unicodeScalars.count <= CollectionLimits.maximumTagLength
            && tag.utf8.count <= CollectionLimits.maximumTagBytes,
        "a tag of \(tag.unicodeScalars.count) scalars, \(tag.utf8.count) bytes")
    invariant(
        !tag.unicodeScalars.contains {
            $0.properties.generalCategory == .format || $0.properties.isDefaultIgnorableCodePoint
                || (0xE0000...0xE007F).contains($0.value)
        }, "an invisible scalar in the tag \(tag.debugDescription)")
}
