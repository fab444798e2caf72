/// Small valid animated GIFs made on demand, so media downloads can be tested byte for byte
/// without fetching from GIPHY's CDN.
public enum TestGIF {
    /// What the stand-in serves at `/media/<id>/<size>.gif`.
    public static func bytes(forMediaPath path: String) -> [UInt8] {
        let parts = path.split(separator: "/").dropFirst()
        let size = parts.count == 2 ? Int(parts.last?.split(separator: ".").first ?? "") ?? 0 : 0
        return bytes(size: size, seed: parts.first.map { $0.utf8.reduce(0, &+) } ?? 0)
    }

    /// A 2-frame 4×4 GIF89a, padded with comment blocks to exactly `size` bytes when larger
    /// than the minimum; `seed` changes the colours so different GIFs have different bytes.
    public static func bytes(size: Int = 0, seed: UInt8 = 0) -> [UInt8] {
        var gif: [UInt8] = Array("GIF89a".utf8)
        gif.reserveCapacity(max(size, 128))
        gif += [4, 0, 4, 0, 0x80, 0, 0]  // 4×4, global colour table of 2 entries
        gif += [seed, 0x20, 0x40, 0xFF, 0xFF &- seed, 0x80]  // palette
        gif += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]  // loop forever
        for frame in 0..<2 {
            gif += [0x21, 0xF9, 0x04, 0x04, 0x0A, 0x00, 0x00, 0x00]  // 100 ms per frame
            gif += [0x2C, 0, 0, 0, 0, 4, 0, 4, 0, 0x00]  // image descriptor
            gif += frame == 0 ? [0x02, 0x02, 0x84, 0x51, 0x00] : [0x02, 0x02, 0x8C, 0x53, 0x00]  // LZW data
        }
        let trailerSize = 1
        var padding = size - gif.count - trailerSize
        let fullComment: [UInt8] = [0x21, 0xFE, 255] + Array(repeating: UInt8(ascii: "x"), count: 255) + [0x00]
        while padding >= 4 {  // comment extension: 0x21 0xFE, sub-blocks, 0x00
            let chunk = min(255, padding - 4)
            if chunk == 255 {
                gif.append(contentsOf: fullComment)
            } else {
                gif += [0x21, 0xFE, UInt8(chunk)] + Array(repeating: UInt8(ascii: "x"), count: chunk) + [0x00]
            }
            padding -= chunk + 4
            if chunk == 0 { break }
        }
        gif.append(0x3B)
        return gif
    }
}
