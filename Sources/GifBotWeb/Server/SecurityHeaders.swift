import HTTPTypes
import Hummingbird

/// Headers every response carries, error pages included: a strict Content-Security-Policy
/// (only this server's script and stylesheet, images from https and the configured extra
/// hosts, no framing, forms only to itself), no referrer (a login link must not leak through
/// one), no caching of pages that show a person's data.
struct SecurityHeaders {
    let contentSecurityPolicy: String

    init(extraImageSources: [String]) {
        let images = (["'self'", "https:"] + extraImageSources).joined(separator: " ")
        contentSecurityPolicy =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src \(images); connect-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    }

    func apply(to response: inout Response) {
        response.headers[.contentSecurityPolicy] = contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
    }
}
