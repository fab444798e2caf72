import Foundation

/// KLIPY responses: real ones published in public repositories and samples from KLIPY's API
/// docs (see Fixtures/SOURCES.md; the same files as Docs/research/klipy-fixtures).
public enum KlipyFixtures {
    public static var directory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    }

    public static func allNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    public static func bytes(_ name: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
            preconditionFailure("missing KLIPY fixture \(name)")
        }
        return Array(data)
    }

    /// The items of a list or items fixture, as parsed JSON objects.
    static func items(_ name: String) -> [[String: Any]] {
        let object = (try? JSONSerialization.jsonObject(with: Data(bytes(name)))) as? [String: Any]
        let data = object?["data"] as? [String: Any]
        return data?["data"] as? [[String: Any]] ?? []
    }
}
