extension TestIRCClient {
    /// Waits until `nick` is in `channel` as far as this client has seen: its JOIN, or its name
    /// in a names list (353), not undone by a later PART, KICK or QUIT. A nick that left and comes
    /// back (a restarted bot) is waited for anew, never taken as present by its earlier join.
    public func waitForPresence(of nick: String, in channel: String, timeout: Duration = .seconds(20)) async throws {
        let deadline = ContinuousClock.now + timeout
        while !isPresent(nick, in: channel) {
            if isClosed {
                throw TestIRCClientError.connectionClosed(reason: closeReason, recentLines: recentLines())
            }
            guard await sleep(until: deadline) else {
                throw TestIRCClientError.timedOut(after: timeout, recentLines: recentLines())
            }
            try Task.checkCancellation()
        }
    }

    /// Whether the lines received so far leave `nick` in `channel`, replayed in order.
    public func isPresent(_ nick: String, in channel: String) -> Bool {
        let wanted = nick.lowercased(), room = channel.lowercased()
        var present = false
        for line in received {
            let source = line.sourceNick?.lowercased()
            let target = line.parameters.first?.lowercased()
            switch line.command {
            case "JOIN" where source == wanted && target == room: present = true
            case "PART" where source == wanted && target == room: present = false
            case "QUIT" where source == wanted: present = false
            case "KICK" where target == room && line.parameters.dropFirst().first?.lowercased() == wanted:
                present = false
            case "353" where line.parameters.count >= 4 && line.parameters[2].lowercased() == room:
                // Names carry their channel status prefixes (`@op`, `+voiced`).
                let names = line.parameters[3].split(separator: " ").map {
                    String($0.drop { "~&@%+".contains($0) }).lowercased()
                }
                if names.contains(wanted) { present = true }
            default: break
            }
        }
        return present
    }
}
