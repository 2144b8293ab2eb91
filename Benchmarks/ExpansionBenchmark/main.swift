// Times ICSKit's phases on one file, for scripts/bench.sh: the import, and the expansion alone
// (iterating every occurrence in the range, nothing rendered; setupSeconds is the part of it
// spent preparing the series, before the first occurrence), as one JSON line on stdout.
//
//   icskit-bench FILE FROM TO        (dates YYYY-MM-DD, inclusive; the range is read in UTC)
//
// With ICSKIT_BENCH_WRITE=1 it also times writing the imported calendar back as iCalendar text
// (ICSWriter, in memory; writeSeconds and writtenBytes), against Benchmarks/write_floor.c.
import Foundation
import ICSKit

func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

func day(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.date(from: text)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let from = day(arguments[2]), let to = day(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: icskit-bench FILE FROM TO (dates YYYY-MM-DD)\n".utf8))
    exit(64)
}
let importStart = DispatchTime.now()
let calendar: ICalendar
do {
    calendar = try ICalendar(contentsOfFile: arguments[1])
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
let importSeconds = seconds(since: importStart)

let expansionStart = DispatchTime.now()
var count = 0
var iterator = OccurrenceExpansion(calendars: [calendar], from: from, to: to.addingTimeInterval(86_400),
                                   viewerTimeZone: TimeZone(identifier: "UTC")!).makeIterator()
let setupSeconds = seconds(since: expansionStart)
while iterator.next() != nil { count += 1 }
let expansionSeconds = seconds(since: expansionStart)

var writing = ""
if ProcessInfo.processInfo.environment["ICSKIT_BENCH_WRITE"] == "1" {
    let writeStart = DispatchTime.now()
    let bytes = ICSWriter().bytes(for: calendar)
    writing = ",\"writeSeconds\":\(seconds(since: writeStart)),\"writtenBytes\":\(bytes.count)"
}

print("{\"events\":\(calendar.events.count),\"importSeconds\":\(importSeconds),\"expansionSeconds\":\(expansionSeconds),\"setupSeconds\":\(setupSeconds),\"occurrences\":\(count)\(writing)}")
