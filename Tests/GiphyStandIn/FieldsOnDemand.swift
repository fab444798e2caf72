/// GIPHY's "fields on demand" (`fields=id,url,images.original,…`): only the listed keys of each
/// GIF come back, `images.<name>` keeping one rendition whole. The stand-in answers as GIPHY
/// does, so what the bot's requests really cost is what the tests and benchmark see; a request
/// without `fields` still gets every key, as older responses have.
/// (https://developers.giphy.com/docs/optional-settings/fields-on-demand/)
public enum FieldsOnDemand {
    /// The keys of `gif` that `fields` (GIPHY's comma-separated list) asks for.
    public static func project(_ gif: [String: Any], fields: String) -> [String: Any] {
        var projected: [String: Any] = [:]
        var images: [String: Any] = [:]
        for field in fields.split(separator: ",").map(String.init) {
            if field.hasPrefix("images.") {
                let name = String(field.dropFirst("images.".count))
                images[name] = (gif["images"] as? [String: Any])?[name]
            } else {
                projected[field] = gif[field]
            }
        }
        if !images.isEmpty { projected["images"] = images }
        return projected
    }
}
