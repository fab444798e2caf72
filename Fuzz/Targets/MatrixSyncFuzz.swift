import Foundation

// A /sync body as the homeserver sends it, read as MatrixClient reads it (`JSONValue.parse`,
// `SyncResponse(parsing:)`). Reading must never trap or hang (LossyList skips what it cannot
// read), every value the bot might read must be readable, and any JSON value must encode and
// read back to itself.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatrixSync(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Data(fuzzBytes(data, size))

    if let response = try? SyncResponse(parsing: body) {
        for room in (response.rooms?.join ?? [:]).values {
            for event in room.timeline?.events?.elements ?? [] {
                _ = (event.eventID, event.type, event.sender, event.stateKey, event.membership)
                readEverything(in: event.content)
            }
        }
        for room in (response.rooms?.invite ?? [:]).values {
            for event in room.inviteState?.events?.elements ?? [] {
                _ = (event.type, event.sender, event.stateKey)
                event.content.map(readEverything)
            }
        }
    }

    if let value = try? JSONValue.parse(body) {
        readEverything(in: value)
        guard let encoded = try? value.encoded() else {
            invariant(false, "\(value) does not encode")
            return 0
        }
        let decoded = try? JSONValue.parse(encoded)
        invariant(
            decoded == value, "\(value) → \(String(decoding: encoded, as: UTF8.self)) → \(String(describing: decoded))")
    }
    return 0
}

/// Every accessor on every value, as the adapter reads `body`, `msgtype`, `retry_after_ms`, …
private func readEverything(in value: JSONValue) {
    _ = (value.string, value.int, value["body"], value["msgtype"])
    if let number = value.int, case .number(let double) = value {
        invariant(Double(number) == double.rounded(.towardZero), "\(double) read as \(number)")
    }
    for element in value.arrayValue ?? [] {
        readEverything(in: element)
    }
    for element in (value.objectValue ?? [:]).values {
        readEverything(in: element)
    }
}
