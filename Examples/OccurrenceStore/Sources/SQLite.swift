import CSQLite

/// A failed SQLite call: its result code (`SQLITE_*`) and the connection's message.
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    var description: String { "SQLite error \(code): \(message)" }
}

/// One SQLite connection, the only owner of its `sqlite3*` handle, closed in `deinit` (even
/// after a failed open, as sqlite3_open_v2's contract asks).
final class Database {
    private let handle: OpaquePointer

    /// Opens (creating it if needed) the database at `path`.
    init(path: String) throws {
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        // > Whether or not an error occurs when it is opened, resources associated with the
        // > database connection handle should be released by passing it to sqlite3_close().
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw SQLiteError(code: status, message: message)
        }
        handle = db
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs statements that bind nothing and return nothing (schema, BEGIN, COMMIT).
    func execute(_ sql: String) throws {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// Runs `body` in one transaction: all of it is stored, or none.
    func transaction(_ body: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs one statement with text or blob values bound to its `?`s; its rows, each a list of
    /// texts (NULL as nil), for the query's columns.
    @discardableResult
    func run(_ sql: String, _ values: [Value] = []) throws -> [[String?]] {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        // > The application must finalize every prepared statement in order to avoid resource leaks.
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            let bound: Int32
            switch value {
            case .text(let text):
                // SQLITE_TRANSIENT: SQLite copies the text before this call returns.
                bound = sqlite3_bind_text(statement, position, text, -1, Self.transient)
            case .blob(let bytes):
                bound = bytes.withUnsafeBytes { sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), Self.transient) }
            case .real(let number):
                bound = sqlite3_bind_double(statement, position, number)
            case .null:
                bound = sqlite3_bind_null(statement, position)
            }
            guard bound == SQLITE_OK else { throw error(bound) }
        }
        var rows: [[String?]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return rows }
            guard step == SQLITE_ROW else { throw error(step) }
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                // > The pointers returned are valid until … sqlite3_step() or sqlite3_finalize():
                // copied at once.
                sqlite3_column_text(statement, column).map { String(cString: $0) }
            })
        }
    }

    /// The bytes of a BLOB column of the first row of `sql`, if any.
    func blob(_ sql: String, _ values: [Value]) throws -> [UInt8]? {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() {
            guard case .text(let text) = value else { continue }
            sqlite3_bind_text(statement, Int32(index + 1), text, -1, Self.transient)
        }
        let step = sqlite3_step(statement)
        if step == SQLITE_DONE { return nil }
        guard step == SQLITE_ROW else { throw error(step) }
        let count = Int(sqlite3_column_bytes(statement, 0))
        guard count > 0, let base = sqlite3_column_blob(statement, 0) else { return [] }
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// A value bound to a `?`.
    enum Value {
        case text(String)
        case blob([UInt8])
        case real(Double)
        case null
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status, message: String(cString: sqlite3_errmsg(handle)))
    }
}
