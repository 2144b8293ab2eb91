// What the two fuzz targets (`icskit-fuzz`, `icsview-fuzz`) share: handing control to libFuzzer,
// and, in the plain build, replaying files through the same code.
//
// SwiftPM renames an executable's entry point to `<module>_main` and links `main` to it, so
// libFuzzer's own `main` (in the toolchain's libclang_rt.fuzzer) is never linked. Built with
// `-D ICSKIT_FUZZ` and `-sanitize=fuzzer,address` (scripts/fuzz.sh), each target defines that
// renamed entry point itself (`@_cdecl`, which must stay in the executable's own module) and
// calls ``FuzzDriver/runFuzzer(_:_:_:)``, which hands control to libFuzzer's driver,
// `LLVMFuzzerRunDriver`. Built without it (the package's normal `swift build`), a target's
// `@main` calls ``FuzzDriver/replay(_:_:)``, and nothing needs the fuzzer runtime.
import Foundation

/// The fuzzer's loop, or the replay of files, around one target's function of the input's bytes.
public enum FuzzDriver {
    #if ICSKIT_FUZZ
    /// libFuzzer's driver (compiler-rt `FuzzerInterface.h`):
    /// > int LLVMFuzzerRunDriver(int *argc, char ***argv,
    /// >                         int (*UserCb)(const uint8_t *Data, size_t Size));
    /// It parses libFuzzer's flags from `argv` and calls `UserCb` once per input; the callback
    /// must return 0. The data is borrowed for the call only.
    @_silgen_name("LLVMFuzzerRunDriver")
    private static func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// The target's function: a C callback cannot capture it, so it waits here. Set once,
    /// before libFuzzer starts, and read only from libFuzzer's one thread.
    nonisolated(unsafe) private static var body: ([UInt8]) -> Void = { _ in }

    /// Runs libFuzzer with the process's arguments, calling `body` once per input.
    /// - Returns: libFuzzer's exit status.
    public static func runFuzzer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                 _ body: @escaping ([UInt8]) -> Void) -> Int32 {
        Self.body = body
        var count = argc
        var vector = argv
        return LLVMFuzzerRunDriver(&count, &vector) { data, size in
            FuzzDriver.body(size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
            return 0
        }
    }
    #endif

    /// The plain build: with files as arguments, runs each through `body`, as the fuzzer does
    /// (`icskit-fuzz FILE...`): to reproduce an input in a debugger, and to measure coverage
    /// over a corpus (`scripts/fuzz-coverage.sh`); without, says how to fuzz and exits 64.
    public static func replay(_ name: String, _ body: ([UInt8]) -> Void) {
        let files = CommandLine.arguments.dropFirst()
        guard !files.isEmpty else {
            let text = """
            \(name) was built without the fuzzer. Build and run it with:
              bash scripts/fuzz.sh [seconds] [libFuzzer flags...]
            (a release build with -sanitize=fuzzer,address and -D ICSKIT_FUZZ; see docs/development.md's Fuzzing).
            With files as arguments, it runs each through what the fuzzer runs.

            """
            FileHandle.standardError.write(Data(text.utf8))
            exit(64)
        }
        var count = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                exit(66)
            }
            count += 1
            body([UInt8](data))
        }
        // Last, after everything the commands printed: the runs ended (none exited the process).
        FileHandle.standardError.write(Data("\(name): \(count) inputs run\n".utf8))
    }
}
