import Foundation

// matrix-crypto-peer: drives MatrixCrypto from another process for the cross-checks against
// vodozemac, libolm, matrix-nio and mautrix (Tests/CryptoCrossCheck). One JSON request per line
// on standard input, one JSON answer per line on standard output, until end of input. State
// (keys, accounts, sessions) lives in memory, named by handles the answers return. It is a test
// tool: it prints key material on request, which nothing else in GifBot does.

var peer = Peer()
while let line = readLine(strippingNewline: true) {
    guard !line.isEmpty else { continue }
    let answer = peer.answer(line)
    FileHandle.standardOutput.write(Data(answer.utf8 + [0x0A]))
}
