/// Multi-day occurrences as HorizonCalendar draws day ranges: each one a closed range of days,
/// clipped to the visible days, cut into one segment per week row, each segment in a lane so
/// that overlapping segments of a row stack without colliding.
///
/// Lanes are given row by row, greedily, in a stable order: earlier first day first, then the
/// longer range first, then by UID (then by start instant and input position). Processing
/// segments by their first column this way uses the fewest lanes a row can have.
public struct DayRangeLayout: Sendable, Hashable {
    /// Where one covered day sits in the grid.
    public struct Position: Sendable, Hashable {
        /// The day.
        public var day: CalendarDay
        /// The week row, from 0.
        public var row: Int
        /// The column, from 0 (the calendar's `firstWeekday`) to 6.
        public var column: Int
    }

    /// The part of one range that lies in one week row.
    public struct Segment: Sendable, Hashable {
        /// The occurrence the range shows.
        public var occurrence: Occurrence
        /// Its position in the list of occurrences given to the projection.
        public var occurrenceIndex: Int
        /// Every day the occurrence covers, not clipped.
        public var range: ClosedRange<CalendarDay>
        /// The days of this segment (clipped to the visible days and to the row).
        public var days: ClosedRange<CalendarDay>
        /// The week row of this segment.
        public var row: Int
        /// The columns it spans in the row.
        public var columns: ClosedRange<Int>
        /// The lane within the row, from 0 (top).
        public var lane: Int
        /// Each covered day with its row and column, in order.
        public var positions: [Position]
        /// Whether the occurrence begins before this segment (draw it open on the left).
        public var continuesBefore: Bool
        /// Whether the occurrence goes on after this segment (draw it open on the right).
        public var continuesAfter: Bool
    }

    /// The segments, by row, then by lane (only those in the first ``maxLanes`` lanes).
    public var segments: [Segment]
    /// The number of lanes each row needs (0 for a row without ranges), kept segments or not.
    public var laneCounts: [Int]
    /// The most lanes a row keeps segments for.
    public var maxLanes: Int
    /// For each row, for each of its seven columns, how many segments cover that cell in the
    /// lanes past ``maxLanes``: they are counted, not kept.
    public var hiddenCounts: [[Int]]

    /// A layout without ranges for `rows` rows.
    init(emptyRows rows: Int, maxLanes: Int = .max) {
        self.init(segments: [], laneCounts: Array(repeating: 0, count: rows), maxLanes: maxLanes,
                  hiddenCounts: Array(repeating: Array(repeating: 0, count: 7), count: rows))
    }

    init(segments: [Segment], laneCounts: [Int], maxLanes: Int, hiddenCounts: [[Int]]) {
        self.segments = segments
        self.laneCounts = laneCounts
        self.maxLanes = maxLanes
        self.hiddenCounts = hiddenCounts
    }

    /// Lays out the multi-day placements of `occurrences` on a grid of `rows` rows of seven
    /// days whose first cell is the day `gridStart` (a serial), showing only `visible` serials.
    /// Segments that would need a lane past `maxLanes` are counted in ``hiddenCounts``, not kept;
    /// the lanes of the kept ones are the same as without the cap (a lane is the first free one,
    /// and the counted segments only ever take lanes past the cap).
    ///
    /// - Complexity: O(r log r + s · min(lanes, maxLanes)) for r ranges cut into s segments.
    init(_ occurrences: DayOccurrences, gridStart: Int, rows: Int, visible: ClosedRange<Int>, arithmetic: DayArithmetic,
         maxLanes: Int = .max) {
        let gridSerials = gridStart...(gridStart + rows * 7 - 1)
        guard visible.overlaps(gridSerials) else {
            self.init(emptyRows: rows, maxLanes: maxLanes)
            return
        }
        let shown = visible.clamped(to: gridSerials)
        let slots = occurrences.slots
        let multiDay = slots.indices.filter { slots[$0].last > slots[$0].first && slots[$0].serials.overlaps(shown) }
        let order = PlacementOrder.laneOrder(multiDay, of: slots, uidRanks: occurrences.uidRanks)

        var byRow = Array(repeating: [Segment](), count: rows)
        // The last column taken in each kept lane of each row.
        var laneEnds = Array(repeating: [Int](), count: rows)
        // How many segments cover each cell (all of them), and how many of those are not kept.
        var depth = Array(repeating: Array(repeating: 0, count: 7), count: rows)
        var hidden = depth
        for position in order {
            let placement = occurrences.placement(at: position)
            let clipped = placement.serials.clamped(to: shown)
            var start = clipped.lowerBound
            while start <= clipped.upperBound {
                let row = (start - gridStart) / 7
                let end = min(clipped.upperBound, gridStart + row * 7 + 6)
                let columns = (start - gridStart - row * 7)...(end - gridStart - row * 7)
                for column in columns { depth[row][column] += 1 }
                // Rows are filled in order of first column: the first lane whose last column is
                // before this one is free (first fit, which needs as many lanes as the deepest cell).
                let lane = laneEnds[row].firstIndex { $0 < columns.lowerBound } ?? laneEnds[row].count
                guard lane < maxLanes else {
                    for column in columns { hidden[row][column] += 1 }
                    start = end + 1
                    continue
                }
                if lane == laneEnds[row].count { laneEnds[row].append(columns.upperBound) } else { laneEnds[row][lane] = columns.upperBound }
                let positions = (start...end).map {
                    Position(day: arithmetic.day(atSerial: $0), row: row, column: $0 - gridStart - row * 7)
                }
                byRow[row].append(Segment(
                    occurrence: placement.occurrence, occurrenceIndex: placement.index, range: placement.days,
                    days: positions[0].day...positions[positions.count - 1].day, row: row, columns: columns,
                    lane: lane, positions: positions,
                    continuesBefore: placement.serials.lowerBound < start,
                    continuesAfter: placement.serials.upperBound > end))
                start = end + 1
            }
        }
        self.init(segments: byRow.flatMap { $0.sorted { ($0.lane, $0.columns.lowerBound) < ($1.lane, $1.columns.lowerBound) } },
                  laneCounts: depth.map { $0.max() ?? 0 }, maxLanes: maxLanes, hiddenCounts: hidden)
    }

    /// Earlier first day, then longer, then UID, then earlier start instant, then input position.
    static func laneOrder(_ a: OccurrencePlacement, _ b: OccurrencePlacement) -> Bool {
        if a.serials.lowerBound != b.serials.lowerBound { return a.serials.lowerBound < b.serials.lowerBound }
        if a.serials.count != b.serials.count { return a.serials.count > b.serials.count }
        let uidA = a.occurrence.incidence.uid ?? "", uidB = b.occurrence.incidence.uid ?? ""
        if uidA != uidB { return uidA < uidB }
        if a.startDate != b.startDate { return a.startDate < b.startDate }
        return a.index < b.index
    }

    /// The segments of row `row`, by lane.
    public func segments(inRow row: Int) -> [Segment] {
        segments.filter { $0.row == row }
    }

    /// How many segments cover the cell at `row`, `column` in lane `lane` or later, kept or
    /// counted: what a renderer that draws `lane` lanes shows as "+N".
    ///
    /// - Complexity: O(s) for s kept segments.
    public func count(inRow row: Int, column: Int, fromLane lane: Int) -> Int {
        segments.reduce(hiddenCounts[row][column]) { total, segment in
            segment.row == row && segment.lane >= lane && segment.columns.contains(column) ? total + 1 : total
        }
    }
}
