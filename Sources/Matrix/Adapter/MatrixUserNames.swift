import GifBotCore

/// `!favs alice` on Matrix: a full user id is taken as is; a bare name is taken to be on the
/// bot's own homeserver.
struct MatrixUserNames: UserNameResolving {
    let serverName: String

    func userID(forName name: String, network: String) -> String {
        if name.hasPrefix("@"), name.contains(":") { return name }
        let localpart = name.hasPrefix("@") ? String(name.dropFirst()) : name
        return "@\(localpart.lowercased()):\(serverName)"
    }
}
