import Foundation

/// The repository's root folder, found from this file's path (`Tests/TestSupport/`), so that
/// tests find `Fixtures/`, `scripts/` and the built binary from any working directory and from
/// any depth of test folder.
public enum RepositoryRoot {
    /// The repository root: two levels above `Tests/TestSupport/RepositoryRoot.swift`.
    public static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
}
