@testable import ICSKit

/// Reading a line by its name as a string, for tests (the converter passes the line's
/// ``KnownNames/id(_:)``, read by the scanner).
extension SimpleLineReader {
    /// ``read(nameID:_:in:)`` for the line named `name` (upper-cased).
    static func read(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>, in context: Context = .incidence) -> SimpleProperty? {
        read(nameID: KnownNames.id(of: name), bytes, in: context)
    }
}

extension SimpleLineCache {
    /// ``read(nameID:_:in:)`` for the line named `name` (upper-cased).
    func read(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>, in context: SimpleLineReader.Context) -> SimpleProperty? {
        read(nameID: KnownNames.id(of: name), bytes, in: context)
    }
}
