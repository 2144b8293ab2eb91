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
        // zlib, for the streaming Content-Encoding decoder (Feeds/Fetch/ContentDecoder.swift).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // libcurl, used directly by the fetch (URLSession on Linux always inflates bodies itself, unbounded).
        // Headers only, no pkgConfig (it would link -lcurl): ICSKit loads libcurl with dlopen when it
        // first fetches (Feeds/Fetch/CurlLibrary.swift). Debian puts curl/curl.h in the default include path.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // libxml2, whose SAX2 parser reads CalDAV servers' WebDAV answers (CalDAV/DAVXMLReader.swift),
        // found with pkg-config and included by CDAVXML's C alone: its headers include ICU's, which
        // clash with Foundation's ICU module when Swift imports them (as for CICUZones).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "CDAVXML", dependencies: ["CLibXML2"]),
        .target(
            name: "ICSKit",
            dependencies: ["CLibical", "CICUZones", "CZlib", "CCurl", "CDAVXML"]
        ),
        // Everything icsview does (commands, views, options, configuration), as a library with one
        // public entry point, `run(arguments:environment:) -> Int32`, which never exits the process:
        // the executable below and the in-process fuzz target (icsview-fuzz) both call it.
        .target(
            name: "icsviewCore",
            dependencies: ["ICSKit"],
            path: "Sources/icsview"
        ),
        // The executable: `exit(run(arguments:environment:))` and nothing else.
        .executableTarget(
            name: "icsview",
            dependencies: ["icsviewCore"],
            path: "Sources/icsviewMain"
        ),
        .executableTarget(name: "FeedMonth", dependencies: ["ICSKit"], path: "Examples/FeedMonth"),
        // The importer example (docs/library.md): the next 90 days of occurrences in SQLite, each
        // refresh applying only its OccurrenceDiff. SQLite from the system, for the example only.
        .systemLibrary(
            name: "CSQLite",
            path: "Examples/OccurrenceStore/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .executableTarget(name: "OccurrenceStore", dependencies: ["ICSKit", "CSQLite"], path: "Examples/OccurrenceStore/Sources"),
        // scripts/bench.sh: the import and the expansion timed apart.
        .executableTarget(name: "icskit-bench", dependencies: ["ICSKit"], path: "Benchmarks/ExpansionBenchmark"),
        // scripts/fuzz.sh: the libFuzzer target (a stub that says so unless built with -D ICSKIT_FUZZ).
        .executableTarget(name: "icskit-fuzz", dependencies: ["ICSKit", "FuzzDriver"], path: "Fuzz/ICSKitFuzz"),
        // scripts/fuzz.sh: icsview's commands run in-process over each input (views in every format,
        // remind, search, diff, validate, the configuration, date arguments); a stub the same way.
        .executableTarget(name: "icsview-fuzz", dependencies: ["icsviewCore", "FuzzDriver"], path: "Fuzz/ICSViewFuzz"),
        // Both fuzz targets' driver: libFuzzer's loop, or the replay of files in the plain build.
        .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
        // What both test targets share: the repository root, the local HTTP and CalDAV servers, the deflate bomb.
        // Foundation only; it knows nothing of ICSKit.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "ICSKitTests",
            // Tests reach libical and libcurl only through ICSKit's internal API (@testable import ICSKit).
            dependencies: ["ICSKit", "TestSupport"]
        ),
        // Imports only ICSKit (no @testable): fails to build when a C type or an internal name leaks
        // into the public API an app uses (as swift-system's probe does).
        .testTarget(
            name: "PublicAPIProbe",
            dependencies: ["ICSKit"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        .testTarget(
            name: "icsviewTests",
            dependencies: ["ICSKit", "TestSupport"]
        ),
        // A stand-in that exports HorizonCalendar's public type names (plain Foundation
        // values), and a test target that imports it beside ICSKit: it compiles only while no
        // name of one is ambiguous with a name of the other.
        .target(name: "HorizonCalendar", path: "Tests/HorizonCalendarStandIn"),
        .testTarget(
            name: "BesideHorizonCalendarTests",
            dependencies: ["ICSKit", "HorizonCalendar"],
            path: "Tests/BesideHorizonCalendarTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
