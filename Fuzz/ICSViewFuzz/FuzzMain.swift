// The entry point of `icsview-fuzz`: libFuzzer over ``CommandRuns/run(_:all:)`` (run it with
// `scripts/fuzz.sh`), or the replay of files in the plain build, every command line of each
// (see Fuzz/FuzzDriver).
import FuzzDriver

#if ICSKIT_FUZZ
/// The renamed `main` of this module (SwiftPM's `<module>_main`).
@_cdecl("icsview_fuzz_main")
func icsviewFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.runFuzzer(argc, argv) { CommandRuns.run($0) }
}
#else
@main
enum FuzzHelp {
    static func main() { FuzzDriver.replay("icsview-fuzz") { CommandRuns.run($0, all: true) } }
}
#endif
