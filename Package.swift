// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ICSKit",
    products: [
        .library(name: "ICSKit", targets: ["ICSKit"]),
        .executable(name: "icsview", targets: ["icsview"]),
    ],
    targets: [
        // libical, found with pkg-config; the only place libical's C comes in.
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"]), .brew(["libical"])]
        ),
        // ICU's Windows→IANA zone table behind a plain-C header (ICU's own headers
        // clash with the ICU module that Foundation bundles when Swift imports them).
        .target(
            name: "CICUZones",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]
        ),
        .target(
            name: "ICSKit",
            dependencies: ["CLibical", "CICUZones"]
        ),
        .executableTarget(
            name: "icsview",
            dependencies: ["ICSKit"]
        ),
        .executableTarget(name: "FeedMonth", dependencies: ["ICSKit"], path: "Examples/FeedMonth"),
        // scripts/bench.sh: the import and the expansion timed apart.
        .executableTarget(name: "icskit-bench", dependencies: ["ICSKit"], path: "Benchmarks/ExpansionBenchmark"),
        // scripts/fuzz.sh: the libFuzzer target (a stub that says so unless built with -D ICSKIT_FUZZ).
        .executableTarget(name: "icskit-fuzz", dependencies: ["ICSKit"], path: "Fuzz/ICSKitFuzz"),
        .testTarget(
            name: "ICSKitTests",
            dependencies: ["ICSKit", "CLibical"]
        ),
        .testTarget(
            name: "icsviewTests",
            dependencies: ["ICSKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
