import BenchmarkSupport
import Foundation

// Scenario 4's child (issue 9): `gifbot-memory BASE_URL PLAN_JSON` runs `MemoryWorkload` against
// the GIPHY stand-in at BASE_URL and prints its result as JSON. Its own executable, without the
// benchmark's allocation counter (a Swift library that brings a second, dynamic Swift runtime),
// so that the resident set measured is the bot's alone.
let arguments = CommandLine.arguments
guard arguments.count == 3,
    let plan = try? JSONDecoder().decode(MemoryWorkload.Plan.self, from: Data(arguments[2].utf8))
else {
    FileHandle.standardError.write(Data("usage: gifbot-memory BASE_URL PLAN_JSON\n".utf8))
    exit(2)
}
let result = try await MemoryWorkload.run(baseURL: arguments[1], plan: plan)
FileHandle.standardOutput.write(try JSONEncoder().encode(result))
