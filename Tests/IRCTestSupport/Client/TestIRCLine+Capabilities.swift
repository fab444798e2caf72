/// Reading CAP LS replies, shared by registration and the servers' readiness probe.
extension TestIRCLine {
    /// "name" or "name=value" items of the last parameter; a name without value maps to "".
    var capabilityEntries: [String: String] {
        var entries: [String: String] = [:]
        for item in (parameters.last ?? "").split(separator: " ") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            entries[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
        }
        return entries
    }

    /// "CAP * LS * :..." says more lines follow; the last line of the reply has no "*".
    var announcesMoreCapabilities: Bool {
        parameters.count >= 4 && parameters[2] == "*"
    }

    /// "CAP <target> <subcommand> ..."
    func isCapability(_ subcommand: String) -> Bool {
        command == "CAP" && parameters.count >= 3 && parameters[1].uppercased() == subcommand
    }
}
