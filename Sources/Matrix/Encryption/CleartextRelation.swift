/// The specification keeps an encrypted event's relation (`m.relates_to`: reply, thread,
/// reaction, edit) in the cleartext content beside the ciphertext, so that servers can aggregate
/// it; Element sends it there only. The decrypted event gets it back when its own content has
/// none, so an encrypted reaction or threaded command reads like a plain one.
enum CleartextRelation {
    static let key = "m.relates_to"

    static func restore(_ cleartext: JSONValue?, into decrypted: JSONValue) -> JSONValue {
        guard decrypted[key] == nil, let relation = cleartext, case .object = relation,
            case .object(var content) = decrypted
        else { return decrypted }
        content[key] = relation
        return .object(content)
    }
}
