import Foundation
import GifBotCore
import GifBotWeb
import GifSources
import Giphy
import HTTPTransport
import IRC
import Klipy
import Logging
import Matrix
import Storage

/// The validated configuration of one process. Built once at start: any problem ends the
/// process with a one-line error before anything connects.
package struct AppConfiguration: Sendable {
    /// `gifs.sources`, each with its settings; the first source serves, the next ones fall back.
    package var gifSources: GifSourceSettings
    package var database: DatabaseLocation
    package var bot: BotSettings
    /// Who may change channel settings: services accounts (or nicks on networks without
    /// accounts) on IRC, user ids on Matrix, login names in the console.
    package var admins: [String]
    package var ircNetworks: [IRCNetworkConfiguration]
    package var matrixAccounts: [MatrixConfiguration]
    package var logLevel: Logger.Level
    package var logFormat: LogFormat
    /// The ops HTTP endpoint; nil when `ops.port` is unset.
    package var ops: OpsSettings?
    /// The web gallery; nil when `web.port` is unset.
    package var web: WebSettings?
    /// Where GIF media may be downloaded from, and for how long.
    package var media: MediaSettings
    /// Secrets given as command-line options, which every local user can read with `ps`: the
    /// process warns about each at start.
    package var secretsOnCommandLine: [SettingKey] = []

    package static func load(from sources: ConfigurationSources) throws(ConfigurationError) -> AppConfiguration {
        let values = ValueParser(sources: sources)
        let gifSources = try GifSourceSettings.load(from: sources)
        try gifSources.requireAKey()
        let database = try DatabaseSettings.location(from: sources)
        let media = try MediaSettings.load(from: sources)
        let bot = BotSettings(
            prefix: try values.prefix(.botPrefix, default: "!"),
            favoritesLimit: try favoritesLimit(values),
            recentLimit: try values.integer(.botRecentLimit, default: 5, in: 1...100),
            maximumRating: try values.rating(.giphyRating, default: .g),
            cooldownCommands: try values.integer(.botCooldownCommands, default: 5, in: 0...1000),
            cooldownWindow: .seconds(try values.integer(.botCooldownSeconds, default: 30, in: 1...86_400)),
            links: LinkPolicy(
                httpHosts: httpSourceHosts(gifSources.sources.map(\.baseURL))
                    .union(media.policy.hosts.filter { $0.allowsHTTP }.map { $0.pattern })),
            collectionLimit: try values.integer(
                .botCollectionLimit, default: CollectionLimits.defaultEntries, in: 1...10_000),
            previewDuration: .seconds(try values.integer(.botPreviewSeconds, default: 120, in: 10...3600))
        )
        let admins = values.list(.botAdmins)
        let channelAdminsText = values.text(.botChannelAdmins) ?? ChannelAdmins.operators.rawValue
        guard let channelAdmins = ChannelAdmins(rawValue: channelAdminsText.lowercased()) else {
            throw .invalid(.botChannelAdmins, accepted: "operators or none", got: channelAdminsText)
        }
        return AppConfiguration(
            gifSources: gifSources, database: database, bot: bot, admins: admins,
            ircNetworks: try IRCSettings(sources: sources, admins: admins, channelAdmins: channelAdmins).networks(),
            matrixAccounts: try MatrixSettings(sources: sources, admins: admins, channelAdmins: channelAdmins)
                .accounts(),
            logLevel: try values.logLevel(.logLevel, default: .info),
            logFormat: try values.logFormat(.logFormat, default: .text),
            ops: try OpsSettings.load(from: sources),
            web: try GallerySettings.load(
                from: sources, extraImageSources: httpSourceHosts(gifSources.sources.map(\.baseURL)).sorted()),
            media: media)
    }

    /// An operator who points a source at a plain-http address (a stand-in on loopback), or
    /// allows http for a media host (`media.hosts: http://host`), accepts http links from that
    /// host too; every other link must be https.
    private static func httpSourceHosts(_ baseURLs: [String]) -> Set<String> {
        Set(
            baseURLs.compactMap { text in
                guard let url = URL(string: text), url.scheme?.lowercased() == "http" else { return nil }
                return url.host?.lowercased()
            })
    }

    /// `bot.favorites_limit`, also read by `gifbot import` to name the users it leaves above it.
    package static func favoritesLimit(_ values: ValueParser) throws(ConfigurationError) -> Int {
        try values.integer(.botFavoritesLimit, default: 20, in: 1...1000)
    }
}
