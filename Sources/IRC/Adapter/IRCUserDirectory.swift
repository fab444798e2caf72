import GifBotCore
import Synchronization

/// Who is who on one IRC network. A user is their services account when the server says so
/// (favorites then follow a person across nicks); otherwise their nick, case-folded by the
/// server's CASEMAPPING. Nick-based ids carry a `nick:` prefix so nobody can claim an
/// account's favorites by taking its name as a nick.
final class IRCUserDirectory: UserNameResolving {
    private struct State {
        var caseMapping = IRCCaseMapping.rfc1459
        var knowsAccounts = false
        /// Folded nick → account, from the account tags seen recently.
        var accounts: [String: String] = [:]
    }

    static let rememberedNicks = 10_000

    private let state = Mutex(State())

    func update(caseMapping: IRCCaseMapping, knowsAccounts: Bool) {
        state.withLock {
            $0.caseMapping = caseMapping
            $0.knowsAccounts = knowsAccounts
        }
    }

    /// The stable id of the sender of a message.
    func userID(nick: String, account: String?) -> String {
        state.withLock { state in
            let folded = state.caseMapping.fold(nick)
            if let account {
                if state.accounts.count >= Self.rememberedNicks { state.accounts.removeAll(keepingCapacity: true) }
                state.accounts[folded] = account
                return state.caseMapping.fold(account)
            }
            state.accounts[folded] = nil
            return "nick:" + folded
        }
    }

    /// The ids whose grants for a channel end when `departure` happens: the nick's, and the
    /// account's when the line said it or the nick was seen logged in (unless it is only a nick
    /// change: the account is still there under the new nick).
    func departedIDs(_ departure: ChannelDeparture) -> [String] {
        state.withLock { state in
            let folded = state.caseMapping.fold(departure.nick)
            var ids = ["nick:" + folded]
            if departure.reason != .renamed, let account = departure.account ?? state.accounts[folded] {
                ids.append(state.caseMapping.fold(account))
            }
            return ids
        }
    }

    /// A nick-based id's nick, an account's name: "alice picked: …".
    func displayName(forUserID id: String, network: String) -> String {
        id.hasPrefix("nick:") ? String(id.dropFirst("nick:".count)) : id
    }

    /// `!favs alice`: alice's account if she was seen logged in, else the account of that name
    /// where the network has accounts, else the nick.
    func userID(forName name: String, network: String) -> String {
        state.withLock { state in
            let folded = state.caseMapping.fold(name)
            if let account = state.accounts[folded] { return state.caseMapping.fold(account) }
            return state.knowsAccounts ? folded : "nick:" + folded
        }
    }
}
