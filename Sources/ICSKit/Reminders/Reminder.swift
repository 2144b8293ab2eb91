import Foundation

/// One time an alarm goes off: the alarm, what it belongs to, when, and which repetition.
///
/// Made by ``ReminderExpansion``. A relative alarm gives one reminder per occurrence of its
/// event or todo (and per repetition, REPEAT/DURATION); an absolute one gives one in all,
/// however often its series recurs.
public struct Reminder: Sendable, Hashable {
    /// The VALARM (its action, description, summary, attendees for EMAIL, ``Alarm/attachment`` for AUDIO).
    public var alarm: Alarm
    /// The event or todo the alarm is in: the override's data for an overridden instance.
    public var incidence: Incidence
    /// The calendar it came from (``ICalendar/id``).
    public var calendarID: CalendarID
    /// The position of its calendar in the list given to the expansion: for the command line's
    /// own lists, not public API (apps go by ``calendarID``).
    package var calendarIndex: Int
    /// The occurrence whose start or end the trigger is relative to; nil for an absolute trigger,
    /// which belongs to its component rather than to one instance.
    public var occurrence: Occurrence?
    /// The original start of the instance the reminder is for, when it is for one instance of a
    /// series (the occurrence's, an override's RECURRENCE-ID, or Thunderbird's snooze of one instance).
    public var recurrenceID: OccurrenceTime?
    /// When it goes off.
    public var trigger: Date
    /// The instant a relative trigger counts from: the occurrence's start, or its end with
    /// `RELATED=END` (an all-day or floating time at its wall time in the viewer's zone); nil for
    /// an absolute trigger.
    public var anchor: Date?
    /// 0 for the trigger itself, 1… for the repetitions REPEAT and DURATION add.
    public var repetition: Int
    /// Whether the user already dismissed it: at or before the alarm's ACKNOWLEDGED (RFC 9074),
    /// Thunderbird's X-MOZ-LASTACK, or replaced by a snooze alarm. Only listed when asked for
    /// (``ReminderExpansion/includesAcknowledged``).
    public var isAcknowledged: Bool
    /// Whether it comes from a snooze: an RFC 9074 snooze alarm or Thunderbird's X-MOZ-SNOOZE-TIME.
    public var isSnooze: Bool

    /// Creates a reminder (the expansion makes them; this is for tests and for apps that merge their own).
    public init(alarm: Alarm, incidence: Incidence, calendarID: CalendarID = .unspecified, occurrence: Occurrence? = nil,
                recurrenceID: OccurrenceTime? = nil, trigger: Date, anchor: Date? = nil, repetition: Int = 0,
                isAcknowledged: Bool = false, isSnooze: Bool = false) {
        self.init(alarm: alarm, incidence: incidence, calendarID: calendarID, calendarIndex: 0, occurrence: occurrence,
                  recurrenceID: recurrenceID, trigger: trigger, anchor: anchor, repetition: repetition,
                  isAcknowledged: isAcknowledged, isSnooze: isSnooze)
    }

    /// Every field (the expansion's).
    package init(alarm: Alarm, incidence: Incidence, calendarID: CalendarID, calendarIndex: Int, occurrence: Occurrence? = nil,
                recurrenceID: OccurrenceTime? = nil, trigger: Date, anchor: Date? = nil, repetition: Int = 0,
                isAcknowledged: Bool = false, isSnooze: Bool = false) {
        self.alarm = alarm
        self.incidence = incidence
        self.calendarID = calendarID
        self.calendarIndex = calendarIndex
        self.occurrence = occurrence
        self.recurrenceID = recurrenceID
        self.trigger = trigger
        self.anchor = anchor
        self.repetition = repetition
        self.isAcknowledged = isAcknowledged
        self.isSnooze = isSnooze
    }

    /// Whether the producer marked the alarm as a default the user did not set (``Alarm/isDefault``).
    public var isDefault: Bool { alarm.isDefault }

    /// ACTION (`DISPLAY`, `AUDIO`, `EMAIL`, …), `DISPLAY` when absent.
    public var action: AlarmAction { alarm.action ?? .display }
}
