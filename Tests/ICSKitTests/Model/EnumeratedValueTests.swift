import Foundation
import Testing
import ICSKit

/// The RFC's enumerated values as open sets. Expected values come from RFC 5545:
/// section 2 (names and enumerated values are case-insensitive), 3.2.3/3.2.12/3.2.16 (the CUTYPE,
/// PARTSTAT and ROLE defaults), and the `x-name` / `iana-token` alternatives every one of them allows.
@Suite("Typed enumerated values")
struct EnumeratedValueTests {
    private static let unusual = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//test//EN
        BEGIN:VEVENT
        UID:x-values
        DTSTAMP:20240601T000000Z
        DTSTART:20240610T090000Z
        SUMMARY:Unknown values
        STATUS:X-BUSY-AWAY
        TRANSP:x-mostly-free
        CLASS:X-SECRET
        ATTENDEE;ROLE=X-OBSERVER;PARTSTAT=x-maybe;CUTYPE=X-ROBOT:mailto:r2@example.org
        BEGIN:VALARM
        ACTION:X-VIBRATE
        TRIGGER:-PT5M
        END:VALARM
        END:VEVENT
        BEGIN:VEVENT
        UID:lower-case
        DTSTAMP:20240601T000000Z
        DTSTART:20240611T090000Z
        SUMMARY:Known values in lower case
        status:tentative
        transp:transparent
        class:private
        ATTENDEE;role=chair;partstat=accepted;cutype=room:mailto:room@example.org
        BEGIN:VALARM
        action:audio
        TRIGGER:-PT5M
        END:VALARM
        END:VEVENT
        END:VCALENDAR
        """

    private func events() throws -> [Incidence] {
        try ICalendar(parsing: Self.unusual.replacingOccurrences(of: "\n", with: "\r\n")).events
    }

    @Test func unknownAndExperimentalValuesSurviveTheImport() throws {
        let event = try #require(try events().first)
        // Upper-cased (RFC 5545 section 2), kept as written otherwise.
        #expect(event.status == EventStatus(rawValue: "X-BUSY-AWAY"))
        #expect(event.status?.rawValue == "X-BUSY-AWAY")
        #expect(event.status?.isExperimental == true)
        #expect(event.transparency?.rawValue == "X-MOSTLY-FREE")
        #expect(event.classification?.rawValue == "X-SECRET")
        #expect(event.alarms.first?.action?.rawValue == "X-VIBRATE")
        let robot = try #require(event.attendees.first)
        #expect(robot.role.rawValue == "X-OBSERVER")
        #expect(robot.participationStatus.rawValue == "X-MAYBE")
        #expect(robot.userType.rawValue == "X-ROBOT")
        // Not mistaken for a known one.
        #expect(event.status != .confirmed && event.status != .tentative && event.status != .cancelled)
        #expect(!event.isCancelled)
    }

    @Test func lowerCaseInputIsTheKnownValue() throws {
        let event = try #require(try events().last)
        #expect(event.status == .tentative)
        #expect(event.transparency == .transparent)
        #expect(event.classification == .private)
        #expect(event.alarms.first?.action == .audio)
        let room = try #require(event.attendees.first)
        #expect(room.role == .chair)
        #expect(room.participationStatus == .accepted)
        #expect(room.userType == .room)
        #expect(EventStatus(rawValue: "Cancelled") == .cancelled)
        #expect(EventStatus(rawValue: "in-process") == .inProcess)
        #expect(AlarmAction(rawValue: "none") == .noAction)
        #expect(ParticipationStatus(rawValue: "needs-action") == .needsAction)
    }

    @Test func canonicalSpellingsAreTheRFCs() {
        // RFC 5545 3.8.1.11, 3.8.2.7, 3.8.1.3, 3.8.6.1, 3.2.16, 3.2.12, 3.2.3, as printed there.
        #expect([EventStatus.tentative, .confirmed, .cancelled, .needsAction, .completed, .inProcess, .draft, .final].map(\.rawValue)
                == ["TENTATIVE", "CONFIRMED", "CANCELLED", "NEEDS-ACTION", "COMPLETED", "IN-PROCESS", "DRAFT", "FINAL"])
        #expect([Transparency.opaque, .transparent].map(\.rawValue) == ["OPAQUE", "TRANSPARENT"])
        #expect([Classification.public, .private, .confidential].map(\.rawValue) == ["PUBLIC", "PRIVATE", "CONFIDENTIAL"])
        #expect([AlarmAction.audio, .display, .email, .noAction].map(\.rawValue) == ["AUDIO", "DISPLAY", "EMAIL", "NONE"])
        #expect([ParticipantRole.chair, .required, .optional, .nonParticipant].map(\.rawValue)
                == ["CHAIR", "REQ-PARTICIPANT", "OPT-PARTICIPANT", "NON-PARTICIPANT"])
        #expect([ParticipationStatus.needsAction, .accepted, .declined, .tentative, .delegated, .completed, .inProcess].map(\.rawValue)
                == ["NEEDS-ACTION", "ACCEPTED", "DECLINED", "TENTATIVE", "DELEGATED", "COMPLETED", "IN-PROCESS"])
        #expect([CalendarUserType.individual, .group, .resource, .room, .unknown].map(\.rawValue)
                == ["INDIVIDUAL", "GROUP", "RESOURCE", "ROOM", "UNKNOWN"])
        #expect("\(EventStatus.needsAction)" == "NEEDS-ACTION")
    }

    @Test func absentParametersTakeTheRFCDefaults() {
        let plain = CalendarUser(address: "mailto:a@example.org")
        #expect(plain.role == .required)                // 3.2.16
        #expect(plain.participationStatus == .needsAction) // 3.2.12
        #expect(plain.userType == .individual)          // 3.2.3
    }

    @Test func valuesEncodeAsTheirTextAndRoundTrip() throws {
        let event = try #require(try events().first)
        let data = try JSONEncoder().encode(event)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""status":"X-BUSY-AWAY""#))
        #expect(json.contains(#""transparency":"X-MOSTLY-FREE""#))
        #expect(json.contains(#""action":"X-VIBRATE""#))
        let back = try JSONDecoder().decode(Incidence.self, from: data)
        #expect(back == event)
        #expect(back.status?.rawValue == "X-BUSY-AWAY")
        // A value decoded in lower case is upper-cased like one parsed.
        let decoded = try JSONDecoder().decode([EventStatus].self, from: Data(#"["confirmed","x-later"]"#.utf8))
        #expect(decoded == [.confirmed, EventStatus(rawValue: "X-LATER")])
    }
}
