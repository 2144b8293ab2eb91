// The entry point of `icskit-fuzz`: libFuzzer over ``FuzzInput/run(_:)`` (run it with
// `scripts/fuzz.sh`), or the replay of files in the plain build (see Fuzz/FuzzDriver).
import FuzzDriver

#if ICSKIT_FUZZ
/// The renamed `main` of this module (SwiftPM's `<module>_main`).
@_cdecl("icskit_fuzz_main")
func icskitFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzDriver.runFuzzer(argc, argv) { FuzzInput.run($0) }
}
#else
@main
enum FuzzHelp {
    static func main() { FuzzDriver.replay("icskit-fuzz") { FuzzInput.run($0) } }
}
#endif
