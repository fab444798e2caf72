import GifBotWeb
import HTTPListening

/// `web.port` (WEB_PORT) turns the gallery on; `web.bind` (WEB_BIND) is the address, loopback
/// by default (a reverse proxy with TLS in front); `web.base_url` (WEB_BASE_URL) is the public
/// address links start with, required with the port (a link to the wrong host opens nothing).
enum GallerySettings {
    static func load(
        from sources: ConfigurationSources, extraImageSources hosts: [String]
    ) throws(ConfigurationError) -> WebSettings? {
        let values = ValueParser(sources: sources)
        let host = try values.listenHost(.webBind, default: WebSettings.defaultHost)
        guard let port = try values.optionalInteger(.webPort, in: 1...65535) else { return nil }
        guard values.text(.webBaseURL) != nil else {
            throw .missing(.webBaseURL, hint: "the public address of the gallery, such as https://gifs.example.org")
        }
        let baseURL = try values.httpURL(.webBaseURL, default: "")
        return WebSettings(
            host: host, port: port, baseURL: baseURL, extraImageSources: hosts.map { "http://\($0):*" },
            limits: try limits(values), listener: try listener(values), widgetOrigins: try widgetOrigins(values))
    }

    /// `web.widget_origins`: the origins (`https://app.element.io`, no path) whose pages may frame
    /// the picker widget; none by default.
    private static func widgetOrigins(_ values: ValueParser) throws(ConfigurationError) -> [String] {
        let entries = values.list(.webWidgetOrigins)
        for entry in entries where WidgetOrigin.normalised(entry) == nil {
            throw .invalid(
                .webWidgetOrigins, accepted: "origins such as https://app.element.io, without a path",
                got: entries.joined(separator: ","))
        }
        return entries.compactMap(WidgetOrigin.normalised)
    }

    /// `web.max_connections` (default from the open-file limit), `web.header_timeout` and
    /// `web.idle_timeout` (seconds): what the gallery's clients may hold.
    private static func listener(_ values: ValueParser) throws(ConfigurationError) -> ListenerLimits {
        ListenerLimits(
            maxConnections: try values.optionalInteger(.webMaxConnections, in: 1...100_000)
                ?? WebSettings.defaultMaxConnections(),
            headerTimeout: try values.seconds(
                .webHeaderTimeout, default: Int(WebSettings.defaultHeaderTimeout.components.seconds), allowZero: false),
            idleTimeout: try values.seconds(
                .webIdleTimeout, default: Int(WebSettings.defaultIdleTimeout.components.seconds), allowZero: false),
            maxBodyBytes: WebSettings.maximumBodyBytes)
    }

    /// `web.requests_per_minute` and `web.logins_per_minute` per client (0: no limit), and
    /// `web.trusted_proxies`, the proxies whose X-Forwarded-For names the client.
    private static func limits(_ values: ValueParser) throws(ConfigurationError) -> WebRequestLimits {
        let standard = WebRequestLimits.standard
        var proxies = standard.trustedProxies
        let entries = values.list(.webTrustedProxies)
        if !entries.isEmpty {
            guard let parsed = TrustedProxies(entries) else {
                throw .invalid(
                    .webTrustedProxies, accepted: "addresses or prefixes such as 127.0.0.1, ::1 or 10.0.0.0/8",
                    got: entries.joined(separator: ","))
            }
            proxies = parsed
        }
        return WebRequestLimits(
            requestsPerMinute: try values.integer(
                .webRequestsPerMinute, default: standard.requestsPerMinute, in: 0...100_000),
            loginsPerMinute: try values.integer(.webLoginsPerMinute, default: standard.loginsPerMinute, in: 0...10_000),
            trustedProxies: proxies)
    }
}
