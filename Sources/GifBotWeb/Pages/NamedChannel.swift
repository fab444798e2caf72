/// A channel the pages link to, with what they call it: a Matrix room's name rather than its id.
struct NamedChannel: Sendable, Equatable {
    let channel: String
    let name: String
}
