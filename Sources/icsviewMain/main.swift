// The `icsview` executable: everything it does is in the `icsviewCore` library
// (Sources/icsview), so that the in-process fuzz target can run the same commands.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import icsviewCore

exit(run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
