import GifBotWeb

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
            host: host, port: port, baseURL: baseURL, extraImageSources: hosts.map { "http://\($0):*" })
    }
}
