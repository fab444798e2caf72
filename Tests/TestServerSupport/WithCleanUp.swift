/// Runs `body` with `resource`, then `cleanUp`, whether `body` returns or throws: the one shape
/// of every `with…` test harness (bots, consoles, proxies), so a failing test never leaks one.
public func withCleanUp<Resource, Result>(
    _ resource: Resource, cleanUp: (Resource) async -> Void,
    _ body: (Resource) async throws -> Result
) async throws -> Result {
    do {
        let result = try await body(resource)
        await cleanUp(resource)
        return result
    } catch {
        await cleanUp(resource)
        throw error
    }
}
