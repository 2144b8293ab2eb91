/// The findings of one file as they come, kept in bounded memory: per code, the first
/// `maxPerCode` in line order and a count of the rest, so that a file with a hundred thousand
/// faulty blocks keeps a few hundred findings, not a hundred thousand.
///
/// The result is what sorting every finding by line (then by arrival) and keeping the first
/// `maxPerCode` of each code gives, with one last finding per capped code that sums up the rest
/// ("N more ICS2104 findings like the ones above (the last on line L)").
struct FindingCollector {
    let maxPerCode: Int
    /// Per code, in the order the codes first came: the kept findings sorted by key, how many
    /// came, and the one with the greatest key.
    private var entries: [Kept] = []
    /// Where each code's entry is in ``entries``.
    private var positions: [DiagnosticCode: Int] = [:]
    /// The codes looked up last (their text) and their entries, asked before ``positions``: the
    /// blocks that share one result hand over the same few codes again and again, and hashing a
    /// code's text for each of their findings was a fifth of such a file's validation.
    private var recentCodes: [String] = []
    private var recentPositions: [Int] = []
    private var nextRecent = 0
    private static let recentCount = 8
    /// Arrival order, the tie-breaker between findings on one line.
    private var arrivals = 0
    /// The findings handed over again and again with their lines moved (``register(_:)``), their
    /// lines and their codes' entries, found once.
    private var repeated: [Finding] = []
    private var repeatedLines: [Int?] = []
    private var repeatedPositions: [Int] = []

    private struct Kept {
        let code: DiagnosticCode
        var findings: [(key: Key, finding: Finding)] = []
        var count = 0
        /// The greatest key so far: that finding is ``lastMade``, or, when it came past the cap
        /// and was not made, ``lastRepeated`` (a registered one, ``FindingCollector/add(repeated:movedBy:)``)
        /// or else ``lastParts`` (``FindingCollector/add(_:line:file:severity:uid:property:message:)``).
        /// Each is cleared when one before it in that list is set, so that a later in-place note
        /// of parts finds the ones it noted before.
        var lastKey: Key?
        var lastMade: Finding? {
            didSet { hasLastMade = lastMade != nil }
        }
        /// Whether ``lastMade`` is set (asking the optional copied the finding).
        private(set) var hasLastMade = false
        var lastRepeated: (index: Int, line: Int?)?
        var lastParts: LastParts?

        /// Whether a finding of `key` is kept (among the first `maxPerCode` in line order so far):
        /// under the cap, or before the greatest kept one.
        func keeps(_ key: Key, maxPerCode: Int) -> Bool {
            if maxPerCode == 0 || findings.count < maxPerCode { return true }
            guard let greatest = findings.last else { return false }
            return key < greatest.key
        }

        /// Notes the parts of a last finding that is not made (``lastParts``): in place when its
        /// texts are those noted before (a shared result's finding, block after block), so that
        /// they are not retained and released again.
        mutating func noteLast(file: String, line: Int?, column: Int?, severity: Diagnostic.Severity?, hint: String?, property: String?) {
            if lastParts?.file == file, lastParts?.hint == hint, lastParts?.property == property {
                lastParts?.line = line
                lastParts?.column = column
                lastParts?.severity = severity
            } else {
                lastParts = LastParts(file: file, line: line, column: column, severity: severity, hint: hint, property: property)
            }
        }

        /// Counts a finding of `key` that is not kept (past the cap, after the kept ones), and
        /// notes its parts when it is the last so far; false when it is kept (the caller makes
        /// it then, and takes it). Called on the entry in place: nothing of the finding is copied.
        mutating func countsPast(_ key: Key, maxPerCode: Int, file: String, line: Int?, column: Int?,
                                 severity: Diagnostic.Severity?, hint: String?, property: String?) -> Bool {
            guard !keeps(key, maxPerCode: maxPerCode) else { return false }
            count += 1
            if lastKey.map({ $0 < key }) ?? true {
                lastKey = key
                if lastMade != nil { lastMade = nil }
                lastRepeated = nil
                noteLast(file: file, line: line, column: column, severity: severity, hint: hint, property: property)
            }
            return true
        }

        /// Counts registered finding `index`, moved to `line` (key `key`), when it is not kept, as
        /// ``countsPast(_:maxPerCode:file:line:column:severity:hint:property:)`` does, noting only
        /// its index and line; false when it is kept.
        mutating func countsPast(_ key: Key, maxPerCode: Int, repeated index: Int, line: Int?) -> Bool {
            guard !keeps(key, maxPerCode: maxPerCode) else { return false }
            count += 1
            if lastKey.map({ $0 < key }) ?? true {
                lastKey = key
                if hasLastMade { lastMade = nil }
                lastRepeated = (index, line)
            }
            return true
        }

        /// The finding with the greatest key, made with an empty message when it was not
        /// (only the note that counts the rest shows it, with a message of its own).
        func last(_ code: DiagnosticCode, repeated: [Finding]) -> (key: Key, finding: Finding)? {
            guard let lastKey else { return nil }
            if let lastMade { return (lastKey, lastMade) }
            if let (index, line) = lastRepeated {
                let finding = repeated[index]
                return (lastKey, Finding(file: finding.file, line: line, column: finding.column, code: code, message: "",
                                         severity: finding.severity, hint: finding.hint, property: finding.property))
            }
            guard let parts = lastParts else { return nil }
            return (lastKey, Finding(file: parts.file, line: parts.line, column: parts.column, code: code, message: "", severity: parts.severity,
                                     hint: parts.hint, property: parts.property))
        }
    }

    /// What the last finding of a capped code shows when it was not made: the note that counts
    /// the rest takes its place, column, severity and hint (nil: the code's).
    private struct LastParts {
        var file: String
        var line: Int?
        var column: Int?
        var severity: Diagnostic.Severity?
        var hint: String?
        var property: String?
    }

    private struct Key: Comparable {
        var line: Int
        var arrival: Int
        static func < (a: Key, b: Key) -> Bool { (a.line, a.arrival) < (b.line, b.arrival) }
    }

    /// - Parameter maxPerCode: the most findings of one code kept; 0 keeps every finding.
    init(maxPerCode: Int) {
        self.maxPerCode = maxPerCode
    }

    /// The place of `code`'s entry in ``entries``, made when the code comes first.
    /// - Complexity: O(1): a few comparisons of short texts, else one dictionary look-up.
    private mutating func position(of code: DiagnosticCode) -> Int {
        for i in recentCodes.indices where recentCodes[i] == code.rawValue { return recentPositions[i] }
        let position: Int
        if let known = positions[code] {
            position = known
        } else {
            position = entries.count
            entries.append(Kept(code: code))
            positions[code] = position
        }
        if recentCodes.count < Self.recentCount {
            recentCodes.append(code.rawValue)
            recentPositions.append(position)
        } else {
            recentCodes[nextRecent] = code.rawValue
            recentPositions[nextRecent] = position
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
        return position
    }

    /// Takes one finding.
    /// - Complexity: O(1) for a finding that comes in line order or past the cap with a later
    ///   line, O(maxPerCode) for one that comes before kept ones of its code.
    mutating func add(_ finding: Finding) {
        let key = Key(line: finding.line ?? 0, arrival: arrivals)
        arrivals += 1
        // In place (the array's modify accessor): no copy of the kept list.
        let position = position(of: finding.code)
        Self.take((key, finding), into: &entries[position], maxPerCode: maxPerCode)
    }

    private static func take(_ item: (key: Key, finding: Finding), into kept: inout Kept, maxPerCode: Int) {
        kept.count += 1
        if kept.lastKey.map({ $0 < item.key }) ?? true {
            kept.lastKey = item.key
            kept.lastMade = item.finding
            kept.lastRepeated = nil
        }
        guard kept.keeps(item.key, maxPerCode: maxPerCode) else { return }
        if maxPerCode > 0 && kept.findings.count == maxPerCode { kept.findings.removeLast() }
        insert(item, into: &kept.findings)
    }

    /// Takes one finding as ``add(_:)`` does, but makes its message only when the finding is
    /// kept: past the cap a finding is counted, and the last only ever shows as the note that
    /// counts the rest (``result()`` writes that note's message, without a UID). A line of five million faulty
    /// values formats a hundred messages, not five million, and makes no finding for the rest.
    /// - Complexity: as ``add(_:)``, with one look-up of the code.
    mutating func add(_ code: DiagnosticCode, line: Int?, file: String, severity: Diagnostic.Severity? = nil, uid: String? = nil,
                      property: String? = nil, message: () -> String) {
        let key = Key(line: line ?? 0, arrival: arrivals)
        arrivals += 1
        let maxPerCode = self.maxPerCode
        let position = position(of: code)
        if entries[position].countsPast(key, maxPerCode: maxPerCode, file: file, line: line, column: 1, severity: severity, hint: nil,
                                        property: property) { return }
        let finding = Finding(file: file, line: line, code: code, message: message(), severity: severity, uid: uid, property: property)
        Self.take((key, finding), into: &entries[position], maxPerCode: maxPerCode)
    }

    /// Takes the finding of an import diagnostic (``Finding/init(_:file:)``) as ``add(_:)`` does,
    /// but makes it only when it is kept (see ``add(_:movedBy:)``).
    /// - Parameter uid: given to the finding when the diagnostic names no UID (the incidence's,
    ///   as ``ComponentConverter`` names its diagnostics).
    /// - Complexity: as ``add(_:)``.
    mutating func add(_ diagnostic: Diagnostic, file: String, uid: String? = nil) {
        let line = diagnostic.line
        let key = Key(line: line ?? 0, arrival: arrivals)
        arrivals += 1
        let maxPerCode = self.maxPerCode
        let position = position(of: diagnostic.code)
        if entries[position].countsPast(key, maxPerCode: maxPerCode, file: file, line: line, column: diagnostic.column ?? 1,
                                        severity: diagnostic.severity, hint: nil, property: diagnostic.property) { return }
        var finding = Finding(diagnostic, file: file)
        if finding.uid == nil { finding.uid = uid }
        Self.take((key, finding), into: &entries[position], maxPerCode: maxPerCode)
    }

    /// Takes `finding` with its line moved `delta` lines down, as ``add(_:)`` takes such a copy,
    /// but copies it only when it is kept: past the cap it is counted, and the parts the note
    /// that counts the rest shows are noted. The blocks that share one result
    /// (``EmptyBlocks``) hand over their findings this way: 300,000 blocks of a few findings each
    /// copy a few hundred.
    /// - Complexity: as ``add(_:)``.
    mutating func add(_ finding: Finding, movedBy delta: Int) {
        let line = finding.line.map { $0 + delta }
        let key = Key(line: line ?? 0, arrival: arrivals)
        arrivals += 1
        let maxPerCode = self.maxPerCode
        let position = position(of: finding.code)
        if entries[position].countsPast(key, maxPerCode: maxPerCode, file: finding.file, line: line, column: finding.column,
                                        severity: finding.severity, hint: finding.hint, property: finding.property) { return }
        var moved = finding
        moved.line = line
        Self.take((key, moved), into: &entries[position], maxPerCode: maxPerCode)
    }

    /// Keeps `finding` for ``add(repeated:movedBy:)``, which takes it again and again with its line
    /// moved; returns its index there. The blocks that share one result (``EmptyBlocks``)
    /// register its findings once: 300,000 blocks of a few findings each then read no
    /// finding's texts past the cap (copying each out of the shared result to hand it over was
    /// a quarter of such a file's validation).
    mutating func register(_ finding: Finding) -> Int {
        repeated.append(finding)
        repeatedLines.append(finding.line)
        repeatedPositions.append(position(of: finding.code))
        return repeated.count - 1
    }

    /// Takes registered finding `index` (``register(_:)``) with its line moved `delta` lines down,
    /// as ``add(_:movedBy:)`` takes that finding: copied only when it is kept; past the cap it
    /// is counted, and when it is the last of its code, its index and line are noted.
    /// - Complexity: as ``add(_:)``, with no look-up of the code.
    mutating func add(repeated index: Int, movedBy delta: Int) {
        let line = repeatedLines[index].map { $0 + delta }
        let key = Key(line: line ?? 0, arrival: arrivals)
        arrivals += 1
        let position = repeatedPositions[index]
        // In place through the buffer (the array's accessor moved the entry out and back).
        let maxPerCode = self.maxPerCode
        let counted = entries.withUnsafeMutableBufferPointer { $0[position].countsPast(key, maxPerCode: maxPerCode, repeated: index, line: line) }
        if counted { return }
        var moved = repeated[index]
        moved.line = line
        Self.take((key, moved), into: &entries[position], maxPerCode: maxPerCode)
    }

    /// Takes each of `findings`, in order.
    mutating func add(contentsOf findings: some Sequence<Finding>) {
        for finding in findings { add(finding) }
    }

    /// Counts `count` findings of `code` that another collector left out (see ``handOver()``).
    mutating func addOmitted(_ code: DiagnosticCode, count: Int) {
        let position = position(of: code)
        entries[position].count += count
    }

    /// What a later collector of the same cap needs of these findings to keep exactly what it
    /// would keep of all of them: the kept ones and each capped code's last, in arrival order,
    /// and per code how many were left out. (A left-out finding has `maxPerCode` findings of
    /// its code before it here, and so in any collector these are added to, in order.) One
    /// block's checks hand over this way: a line of five million faulty values costs a few
    /// hundred findings, not gigabytes.
    func handOver() -> (findings: [Finding], omitted: [DiagnosticCode: Int]) {
        var items: [(key: Key, finding: Finding)] = []
        var omitted: [DiagnosticCode: Int] = [:]
        for entry in entries {
            let code = entry.code
            items += entry.findings
            if let last = entry.last(code, repeated: repeated), last.key != entry.findings.last?.key { items.append(last) }
            let left = entry.count - entry.findings.count - (entry.lastKey.map { $0 != entry.findings.last?.key ? 1 : 0 } ?? 0)
            if left > 0 { omitted[code] = left }
        }
        items.sort { $0.key.arrival < $1.key.arrival }
        return (items.map(\.finding), omitted)
    }

    /// The kept findings in line order (file-wide ones, without a line, first), then for each
    /// code over the cap, in code order, its last finding saying how many more there were.
    func result() -> [Finding] {
        var kept = entries.flatMap(\.findings).sorted { $0.key < $1.key }.map(\.finding)
        guard maxPerCode > 0 else { return kept }
        for entry in entries.sorted(by: { $0.code.rawValue < $1.code.rawValue }) where entry.count > maxPerCode {
            let code = entry.code
            guard var more = entry.last(code, repeated: repeated)?.finding else { continue }
            more.message = "\(entry.count - maxPerCode) more \(code.rawValue) findings like the ones above (the last on line \(more.line ?? 0))"
            more.uid = nil
            more.property = nil
            kept.append(more)
        }
        return kept
    }

    /// Puts `item` into `list`, which is sorted by key (most come last: a search from the end).
    private static func insert(_ item: (key: Key, finding: Finding), into list: inout [(key: Key, finding: Finding)]) {
        var index = list.count
        while index > 0, item.key < list[index - 1].key { index -= 1 }
        list.insert(item, at: index)
    }
}
