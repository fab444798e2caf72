import Foundation
import GiphyStandIn

// The GIPHY stand-in as a process, for scripts that run the real binary (the container smoke
// test): serves the recorded responses on a free port of 127.0.0.1 and prints its base URL as
// the first line of standard output. It runs until it is signalled; the caller owns its PID.
let apiKey = CommandLine.arguments.dropFirst().first ?? GiphyStandIn.defaultAPIKey
let standIn = try await GiphyStandIn.start(apiKey: apiKey)
// Written unbuffered: the caller reads the line while this process keeps running.
FileHandle.standardOutput.write(Data("\(standIn.baseURL)\n".utf8))
while true {
    try await Task.sleep(for: .seconds(3600))
}
