/// The feed shown when no argument is given: a team calendar for June 2024 with single,
/// all-day and multi-day events in two colors.
enum SampleFeed {
    static let text = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//ICSKit//FeedMonth example//EN\r
    NAME:Team\r
    COLOR:teal\r
    REFRESH-INTERVAL;VALUE=DURATION:PT6H\r
    BEGIN:VEVENT\r
    UID:kickoff@example.org\r
    DTSTART:20240603T090000Z\r
    DTEND:20240603T100000Z\r
    SUMMARY:Kickoff\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:review@example.org\r
    DTSTART:20240603T140000Z\r
    DTEND:20240603T150000Z\r
    SUMMARY:Design review\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:conference@example.org\r
    DTSTART;VALUE=DATE:20240612\r
    DTEND;VALUE=DATE:20240615\r
    SUMMARY:Conference\r
    COLOR:orange\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:sprint@example.org\r
    DTSTART;VALUE=DATE:20240613\r
    DTEND;VALUE=DATE:20240619\r
    SUMMARY:Sprint 12\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:holiday@example.org\r
    DTSTART;VALUE=DATE:20240619\r
    SUMMARY:Juneteenth\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:offsite@example.org\r
    DTSTART;VALUE=DATE:20240627\r
    DTEND;VALUE=DATE:20240702\r
    SUMMARY:Offsite\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:standup@example.org\r
    DTSTART:20240603T083000Z\r
    DURATION:PT15M\r
    RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=12\r
    SUMMARY:Standup\r
    END:VEVENT\r
    END:VCALENDAR\r

    """
}
