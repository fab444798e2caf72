/// What RPL_ISUPPORT says about channel modes: the member statuses (`PREFIX`) and which other
/// modes take a parameter (`CHANMODES`), so a MODE line's parameters are matched to the right
/// modes.
extension ISupport {
    /// One member status: its mode letter and the symbol NAMES shows for it (`o` and `@`).
    public struct MemberStatus: Sendable, Equatable {
        public let mode: Character
        public let symbol: Character
    }

    /// The member statuses, highest first: `PREFIX=(qaohv)~&@%+` gives q~, a&, o@, h%, v+.
    /// RFC 1459's o@ and v+ when the server says nothing; none for a malformed or empty value.
    public var memberStatuses: [MemberStatus] {
        guard let value = values["PREFIX"] else {
            return [.init(mode: "o", symbol: "@"), .init(mode: "v", symbol: "+")]
        }
        guard value.hasPrefix("("), let close = value.firstIndex(of: ")") else { return [] }
        let modes = value[value.index(after: value.startIndex)..<close]
        let symbols = value[value.index(after: close)...]
        guard modes.count == symbols.count else { return [] }
        return zip(modes, symbols).map { MemberStatus(mode: $0, symbol: $1) }
    }

    /// How a channel mode other than a member status uses a parameter (`CHANMODES=A,B,C,D`).
    public enum ModeParameter: Sendable, Equatable {
        /// Lists (bans, `b`) and modes always set or unset with one (the key, `k`).
        case always
        /// Only when set (the limit, `l`).
        case whenSet
        case never
    }

    /// The parameter rule of `mode`, nil for a mode the server did not declare. Without
    /// `CHANMODES`, the modes every server has: `beI,k,l,imnpst`.
    public func parameter(of mode: Character) -> ModeParameter? {
        let groups = (values["CHANMODES"] ?? "beI,k,l,imnpst").split(separator: ",", omittingEmptySubsequences: false)
        for (index, group) in groups.prefix(4).enumerated() where group.contains(mode) {
            return index <= 1 ? .always : (index == 2 ? .whenSet : .never)
        }
        return nil
    }
}
