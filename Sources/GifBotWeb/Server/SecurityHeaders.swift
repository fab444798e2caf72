import HTTPTypes
import Hummingbird

/// Headers every response carries, error pages included: a strict Content-Security-Policy
/// (only this server's script and stylesheet, images from https and the configured extra
/// hosts, no framing, forms only to itself), no referrer (a login link must not leak through
/// one), no caching of pages that show a person's data.
struct SecurityHeaders {
    let contentSecurityPolicy: String
    /// The same, framable by the widget origins only: for the widget's pages.
    let widgetPolicy: String?

    init(extraImageSources: [String], widgetOrigins: [String] = []) {
        let images = (["'self'", "https:"] + extraImageSources).joined(separator: " ")
        let common =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src \(images); connect-src 'self'; "
            + "form-action 'self'; base-uri 'none'; frame-ancestors "
        contentSecurityPolicy = common + "'none'"
        widgetPolicy = widgetOrigins.isEmpty ? nil : common + widgetOrigins.joined(separator: " ")
    }

    /// - Parameter framable: a widget page (see `GalleryMiddleware`), which the widget origins may
    ///   frame when there are any; every other page may be framed by nobody.
    func apply(to response: inout Response, framable: Bool = false) {
        if framable, let widgetPolicy {
            response.headers[.contentSecurityPolicy] = widgetPolicy
        } else {
            response.headers[.contentSecurityPolicy] = contentSecurityPolicy
            response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
    }
}
