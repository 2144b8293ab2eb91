// The entry point of `icsview-fuzz`, the libFuzzer target (run it with `scripts/fuzz.sh`).
//
// SwiftPM renames an executable's entry point to `<module>_main` and links `main` to it, so
// libFuzzer's own `main` (in the toolchain's libclang_rt.fuzzer) is never linked. Built with
// `-D ICSKIT_FUZZ` and `-sanitize=fuzzer,address` (scripts/fuzz.sh), this file defines that
// renamed entry point itself and hands control to libFuzzer's driver, `LLVMFuzzerRunDriver`.
// Built without it (the package's normal `swift build`), the tool only says how to run it,
// and nothing needs the fuzzer runtime.
import Foundation

#if ICSKIT_FUZZ

/// libFuzzer's driver (compiler-rt `FuzzerInterface.h`):
/// > int LLVMFuzzerRunDriver(int *argc, char ***argv,
/// >                         int (*UserCb)(const uint8_t *Data, size_t Size));
/// It parses libFuzzer's flags from `argv` and calls `UserCb` once per input; the callback
/// must return 0. The data is borrowed for the call only.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The renamed `main` of this module (see the top of the file).
@_cdecl("icsview_fuzz_main")
func icsviewFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector) { data, size in
        let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        CommandRuns.run(bytes)
        return 0
    }
}

#else

/// The plain build: no fuzzer runtime. With files as arguments it runs each through the same
/// code as the fuzzer does (`icsview-fuzz FILE...`): to reproduce an input in a debugger, and to
/// measure coverage over a corpus (`scripts/fuzz-coverage.sh`); without, it says how to fuzz.
@main
enum FuzzHelp {
    static func main() {
        let files = CommandLine.arguments.dropFirst()
        guard !files.isEmpty else {
            let text = """
            icsview-fuzz was built without the fuzzer. Build and run it with:
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
            CommandRuns.run([UInt8](data), all: true)
        }
        // Last, after everything the commands printed: the runs ended (none exited the process).
        FileHandle.standardError.write(Data("\(CommandLine.arguments[0].split(separator: "/").last!): \(count) inputs run\n".utf8))
    }
}

#endif
