import Foundation
import TestSupport

/// Runs the built `icsview` binary and captures what it prints.
enum CLI {
    /// The repository root.
    static let root: URL = RepositoryRoot.url

    /// `icsview` next to the test bundle (`.build/<triple>/<config>/`, which also covers
    /// sanitizer builds), else `.build/debug/icsview`. `swift build --build-tests` builds it.
    static let binary: URL = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        if dir.pathExtension == "xctest" { dir = dir.deletingLastPathComponent() }
        let beside = dir.appendingPathComponent("icsview")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return root.appendingPathComponent(".build/debug/icsview")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `icsview arguments` in the repository root, with `input` on standard input.
    static func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:]) throws -> Result {
        try launch(binary, arguments, input: input, environment: environment)
    }

    /// Runs a shell command line (with `$ICSVIEW` set to the binary) in the repository root.
    static func shell(_ command: String) throws -> Result {
        try launch(URL(fileURLWithPath: "/bin/sh"), ["-c", command], input: Data(), environment: ["ICSVIEW": binary.path])
    }

    private static func launch(_ executable: URL, _ arguments: [String], input: Data, environment: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["TZ"] = "UTC"
        // The terminal's height shortens wide month rows: unknown unless a test sets LINES.
        env["LINES"] = ""
        // The locale decides weekday names and the first weekday: pinned unless a test sets it.
        env["LANG"] = "C.UTF-8"
        env["LC_ALL"] = ""
        env["LC_TIME"] = ""
        // No configuration file unless a test names one (the user's own must not change the output).
        env["ICSVIEW_CONFIG"] = ""
        env["XDG_CONFIG_HOME"] = "/nonexistent/icsview-tests"
        // No pager (an empty PAGER) for the tests that give the views a terminal with script(1),
        // unless a test names one (PagerTerminalTests).
        env["PAGER"] = ""
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes while the process runs, so that neither fills up and blocks it.
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data(), err = Data()
        DispatchQueue.global().async(group: group) { out = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err = stderr.fileHandleForReading.readDataToEndOfFile() }
        if !input.isEmpty { try? stdin.fileHandleForWriting.write(contentsOf: input) }
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }
}
