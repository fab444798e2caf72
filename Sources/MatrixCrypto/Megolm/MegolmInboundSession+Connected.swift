extension MegolmInboundSession {
    /// Whether `other` is the same session: the same signing key, and the same ratchet at the
    /// later of the two first known indices (compared in constant time: the ratchet is secret).
    /// A copy of a session that is not connected to the one already held is a forgery (an export
    /// carries no signature) and must not replace it, as libolm's and vodozemac's stores decide.
    public func isConnected(to other: MegolmInboundSession) -> Bool {
        let index = max(firstKnownIndex, other.firstKnownIndex)
        guard let mine = try? export(at: index), let theirs = try? other.export(at: index) else { return false }
        return ConstantTimeComparison.equal(mine.bytes, theirs.bytes)
    }
}
