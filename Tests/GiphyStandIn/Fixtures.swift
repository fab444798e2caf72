import Foundation

/// The real GIPHY responses recorded over the years (see Fixtures/SOURCES.md).
public enum Fixtures {
    public static var directory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    }

    /// Every recorded file, errors included, by name relative to the fixtures folder.
    public static func allNames() -> [String] {
        let root = directory
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var names: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            names.append(String(url.path.dropFirst(root.path.count + 1)))
        }
        return names.sorted()
    }

    public static func bytes(_ name: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
            preconditionFailure("missing fixture \(name)")
        }
        return Array(data)
    }

    /// A fixture parsed as a JSON object, for the stand-in's routes that reshape recorded data.
    static func object(_ name: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(bytes(name)))) as? [String: Any] ?? [:]
    }
}
