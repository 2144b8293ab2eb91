// The entry point of `icskit-fuzz`, the libFuzzer target (run it with `scripts/fuzz.sh`).
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
@_cdecl("icskit_fuzz_main")
func icskitFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector) { data, size in
        let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        FuzzInput.run(bytes)
        return 0
    }
}

#else

/// The plain build: no fuzzer runtime, only a pointer to the script that builds the real target.
@main
enum FuzzHelp {
    static func main() {
        let text = """
        icskit-fuzz was built without the fuzzer. Build and run it with:
          bash scripts/fuzz.sh [seconds] [libFuzzer flags...]
        (a release build with -sanitize=fuzzer,address and -D ICSKIT_FUZZ; see the README's Fuzzing paragraph).

        """
        FileHandle.standardError.write(Data(text.utf8))
        exit(64)
    }
}

#endif
