import Foundation
import Testing
@testable import ICSKit

/// ``Sparse``: the fields of ``Incidence`` that most events lack, one reference wide. Expected
/// values are the plain `Optional`'s behaviour, checked side by side (the coded form of the value
/// alone, written out by hand where it is short).
@Suite("Sparse fields")
struct SparseTests {
    @Test func aSparseFieldIsOneReferenceWide() {
        #expect(MemoryLayout<Sparse<TimeValue>>.size == 8)
        #expect(MemoryLayout<Sparse<Geo>>.size == 8)
        #expect(MemoryLayout<Sparse<Int>>.size == 8)
    }

    @Test func itReadsAndWritesAsTheOptionalItStandsFor() {
        var todo = Incidence(kind: .todo)
        #expect(todo.due == nil && todo.geo == nil && todo.percentComplete == nil)
        let due = TimeValue.zoned(CivilDateTime(year: 2024, month: 6, day: 10, hour: 9), tzid: "Europe/Berlin")
        todo.due = due
        todo.percentComplete = 40
        todo.percentComplete! += 2
        var copy = todo
        copy.due = nil
        copy.geo = Geo(latitude: 52.52, longitude: 13.405)
        // A copy's change stays in the copy (value semantics).
        #expect(todo.due == due && todo.geo == nil && todo.percentComplete == 42)
        #expect(copy.due == nil && copy.geo?.latitude == 52.52 && copy.percentComplete == 42)
        #expect(todo != copy)
        copy.due = due
        copy.geo = nil
        #expect(todo == copy && todo.hashValue == copy.hashValue)
        #expect(Set([todo, copy]).count == 1)
    }

    @Test func aNilFieldIsLeftOutOfTheCodedFormAndASetOneCodesAsItsValue() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var event = Incidence(kind: .event)
        event.uid = "u1"
        let plain = try #require(try JSONSerialization.jsonObject(with: encoder.encode(event)) as? [String: Any])
        // As a synthesized Codable leaves out nil optionals: none of the sparse keys.
        for key in ["geo", "url", "color", "duration", "due", "completed", "percentComplete", "recurrenceID"] {
            #expect(plain[key] == nil, "\(key)")
        }
        #expect(plain["uid"] as? String == "u1")
        event.recurrenceID = .date(CivilDate(year: 2024, month: 2, day: 29))
        event.color = "#FF0000"
        event.percentComplete = 7
        let text = String(decoding: try encoder.encode(event), as: UTF8.self)
        // The value's own coded form, under the property's name (TimeValue.date is {"date":{"_0":…}}).
        let idText = String(decoding: try encoder.encode(event.recurrenceID!), as: UTF8.self)
        #expect(text.contains(#""recurrenceID":\#(idText)"#))
        #expect(text.contains(##""color":"#FF0000""##) && text.contains(#""percentComplete":7"#))
        let back = try JSONDecoder().decode(Incidence.self, from: Data(text.utf8))
        #expect(back == event && back.recurrenceID == .date(CivilDate(year: 2024, month: 2, day: 29)) && back.url == nil)
    }

    @Test func aMissingKeyDecodesAsNil() throws {
        // The coded form written out by hand: only the required keys of an Incidence.
        let minimal = try JSONEncoder().encode(Incidence(kind: .journal))
        var object = try #require(try JSONSerialization.jsonObject(with: minimal) as? [String: Any])
        object["due"] = nil
        let back = try JSONDecoder().decode(Incidence.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(back.kind == .journal && back.due == nil && back.duration == nil)
    }
}
