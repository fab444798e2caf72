// Two directions, chosen by the first byte:
// - even: a received line (decoded as IRCLineDecoder does) is parsed; the message must be well
//   formed, serialise to one line, and parse back to itself;
// - odd: a message the bot could send, with untrusted text in its parameters, source and tags,
//   is serialised; the line must hold no CR, LF or NUL and parse back with the same command and
//   number of parameters, the trailing text intact.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIRCMessage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    guard let mode = input.first else { return 0 }
    if mode & 1 == 0 {
        checkReceived(LenientText.decode(input.dropFirst()))
    } else {
        checkSent(mode: mode, fields: input.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false))
    }
    return 0
}

private func checkReceived(_ line: String) {
    guard let message = IRCMessageParser.parse(line) else { return }
    checkWellFormed(message)
    let serialized = IRCLineSerializer.serialize(message)
    checkOneLine(serialized)
    let reparsed = IRCMessageParser.parse(serialized)
    if !containsLineBreakers(message) {
        invariant(reparsed == message, "\(message) → \(serialized.debugDescription) → \(String(describing: reparsed))")
    } else if let reparsed {
        // CR, LF and NUL were stripped on the way out; from there on nothing may change.
        checkWellFormed(reparsed)
        invariant(!containsLineBreakers(reparsed), "breakers survived: \(reparsed)")
        let again = IRCMessageParser.parse(IRCLineSerializer.serialize(reparsed))
        invariant(again == reparsed, "\(reparsed) → \(String(describing: again))")
    }
}

private func checkWellFormed(_ message: IRCMessage) {
    invariant(!message.command.isEmpty && !message.command.contains(" "), "command \(message.command.debugDescription)")
    invariant(
        !message.command.utf8.contains { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) },
        "command not uppercased: \(message.command.debugDescription)")
    invariant(
        message.source.map { !$0.isEmpty && !$0.contains(" ") } ?? true, "source \(String(describing: message.source))")
    invariant(message.parameters.count <= 15, "\(message.parameters.count) parameters")
    for middle in message.parameters.dropLast() {
        invariant(
            !middle.isEmpty && !middle.contains(" ") && !middle.hasPrefix(":"),
            "middle parameter \(middle.debugDescription)")
    }
    for key in message.tags.keys {
        invariant(
            !key.isEmpty && !key.unicodeScalars.contains { $0 == ";" || $0 == "=" || $0 == " " },
            "tag key \(key.debugDescription)")
    }
}

private let sentCommands = ["PRIVMSG", "NOTICE", "JOIN", "PART", "KICK", "MODE", "TAGMSG", "PONG", "001"]

private func checkSent(mode: UInt8, fields: [ArraySlice<UInt8>]) {
    let text = fields.map { String(decoding: $0, as: UTF8.self) }
    let command = sentCommands[Int(mode >> 1) % sentCommands.count]
    var tags: [String: String] = [:]
    for pair in (text.first ?? "").split(separator: "\u{1}", omittingEmptySubsequences: false) {
        let parts = pair.split(separator: "\u{2}", maxSplits: 1, omittingEmptySubsequences: false)
        tags[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    let source = text.count > 1 && !text[1].isEmpty ? text[1] : nil
    let parameters = Array(text.dropFirst(2).prefix(15))
    let message = IRCMessage(tags: tags, source: source, command: command, parameters: parameters)

    let line = IRCLineSerializer.serialize(message)
    checkOneLine(line)
    guard let parsed = IRCMessageParser.parse(line) else {
        invariant(false, "\(message) serialised to the unparsable \(line.debugDescription)")
        return
    }
    invariant(
        parsed.command == command, "command became \(parsed.command.debugDescription) in \(line.debugDescription)")
    invariant(
        parsed.parameters.count == parameters.count,
        "\(parameters.count) parameters became \(parsed.parameters.count) in \(line.debugDescription)")
    if let last = parameters.last {
        invariant(
            parsed.parameters.last == IRCLineSerializer.strip(last), "trailing text changed in \(line.debugDescription)"
        )
    }
    let expectedSource = source.map {
        String(String.UnicodeScalarView(IRCLineSerializer.strip($0).unicodeScalars.filter { $0 != " " }))
    }
    .flatMap { $0.isEmpty ? nil : $0 }
    invariant(
        parsed.source == expectedSource, "source \(String(describing: parsed.source)) in \(line.debugDescription)")
    for (key, value) in parsed.tags {
        invariant(!key.isEmpty && !key.contains(" "), "tag key \(key.debugDescription)")
        invariant(
            !value.unicodeScalars.contains(where: IRCLineSerializer.isLineBreaker),
            "tag value \(value.debugDescription)")
    }
}

private func checkOneLine(_ line: String) {
    invariant(
        !line.unicodeScalars.contains(where: IRCLineSerializer.isLineBreaker),
        "line breaker in \(line.debugDescription)")
}

private func containsLineBreakers(_ message: IRCMessage) -> Bool {
    let texts =
        [message.command] + message.parameters + Array(message.tags.keys) + Array(message.tags.values)
        + (message.source.map { [$0] } ?? [])
    return texts.contains { $0.unicodeScalars.contains(where: IRCLineSerializer.isLineBreaker) }
}
