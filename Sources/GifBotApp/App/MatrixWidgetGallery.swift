import GifBotWeb
import Matrix

/// The gallery's widget question answered by the Matrix adapter: the composition root joins the
/// two modules, which know nothing of each other.
struct MatrixWidgetGallery: WidgetIdentityChecking {
    let identity: MatrixWidgetIdentity

    var network: String { MatrixAdapter.network }

    func userID(openIDToken: String, serverName: String) async -> String? {
        await identity.userID(openIDToken: openIDToken, serverName: serverName)
    }

    func isJoined(_ userID: String, room: String) async -> Bool {
        await identity.isJoined(userID, room: room)
    }
}
