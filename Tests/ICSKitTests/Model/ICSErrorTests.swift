import Foundation
import TestSupport
import Testing
@testable import ICSKit

/// `ICSError` for people: a `LocalizedError` whose `localizedDescription` is a
/// sentence (what failed, where, why, what to do) instead of Foundation's "The operation could
/// not be completed. (ICSKit.ICSError error 1.)"; an open set of codes; the HTTP status as a number.
/// The expected sentences are written out by hand from what each code means.
@Suite("ICSError for people")
struct ICSErrorTests {
    @Test(arguments: [
        (ICSError.Code.unreadable, "cannot open: No such file or directory",
         "The calendar “team.ics” could not be read: cannot open: No such file or directory. Check that the file or address exists and can be read."),
        (.notICalendar, "the input is HTML, not iCalendar",
         "“team.ics” is not an iCalendar calendar: the input is HTML, not iCalendar. Check that it is an iCalendar (.ics) file or feed, not a web page or another format."),
        (.hostNotFound, "the host name does not resolve (DNS)",
         "The server of “team.ics” could not be found: the host name does not resolve (DNS). Check the address and the internet connection."),
        (.connectionFailed, "the connection was refused or the host cannot be reached",
         "Could not connect to the server of “team.ics”: the connection was refused or the host cannot be reached. Check the internet connection, or try again later."),
        (.tlsFailure, "the secure connection failed (TLS): certificate expired",
         "A secure connection to the server of “team.ics” could not be made: the secure connection failed (TLS): certificate expired. The server’s certificate may be expired or not trusted; try again later or ask its owner."),
        (.httpStatus, "HTTP 418 I'm a teapot",
         "The server of “team.ics” did not send it: HTTP 418 I'm a teapot. Check the address and try again later."),
        (.timedOut, "no complete answer within 30 s",
         "Downloading “team.ics” took too long: no complete answer within 30 s. Try again later, or allow more time."),
        (.tooLarge, "the body (12 MB) is over the 10 MB limit",
         "The calendar “team.ics” is too large: the body (12 MB) is over the 10 MB limit. Raise the maximum size if the calendar is meant to be this large."),
        (.badRedirect, "more than 5 redirects",
         "The server of “team.ics” redirected to where it cannot be followed: more than 5 redirects. Check the address; the calendar may have moved."),
        (.truncated, "the connection closed after 200 of 900 bytes",
         "Downloading “team.ics” broke off before the end: the connection closed after 200 of 900 bytes. Try again."),
        (.network, "the server closed the connection without answering",
         "The calendar “team.ics” could not be downloaded: the server closed the connection without answering. Check the internet connection and try again."),
        (.badEncoding, "the gzip data is corrupt",
         "The calendar “team.ics” arrived in a form that cannot be decoded: the gzip data is corrupt. Try again later; if it persists, the server sends a damaged or unsupported compression."),
        (.emptyFeed, "the feed now has no events where the cached copy had 2",
         "The new copy of “team.ics” was not taken: the feed now has no events where the cached copy had 2. The previous copy is kept; if the calendar was emptied on purpose, remove and add it again."),
        (.notCached, "offline, and there is no cached copy",
         "The calendar “team.ics” cannot be shown offline: offline, and there is no cached copy. Connect to the internet and refresh."),
    ])
    func everyCodeHasASentence(_ code: ICSError.Code, _ message: String, _ expected: String) {
        let error = ICSError(code, message, source: "team.ics")
        #expect(error.localizedDescription == expected)
        #expect(error.failureReason == message)
        #expect(!error.localizedDescription.contains("could not be completed"))
        // The command line's form stays `source: message`.
        #expect(error.description == "team.ics: \(message)")
    }

    @Test func theTableCoversEveryCode() {
        #expect(ICSError.Code.all.count == 14)
        #expect(Set(ICSError.Code.all).count == 14)
        for code in ICSError.Code.all {
            let text = ICSError(code, "why", source: "x.ics").localizedDescription
            #expect(text.contains("“x.ics”") && text.contains("why.") && !text.contains("(\(code.rawValue))"), "\(code)")
        }
    }

    @Test func withoutASourceOrWithALine() {
        #expect(ICSError(.unreadable, "cannot read").localizedDescription
                == "The calendar could not be read: cannot read. Check that the file or address exists and can be read.")
        #expect(ICSError(.notICalendar, "no BEGIN:VCALENDAR", source: "a.ics", line: 3).localizedDescription
                == "“a.ics” (line 3) is not an iCalendar calendar: no BEGIN:VCALENDAR. Check that it is an iCalendar (.ics) file or feed, not a web page or another format.")
        #expect(ICSError(.notICalendar, "no BEGIN:VCALENDAR", source: "a.ics", line: 3).description == "a.ics:3: no BEGIN:VCALENDAR")
    }

    /// A code this version does not raise still reads as a sentence, and matching needs `default:`.
    @Test func aCodeFromALaterVersionStillReads() {
        let later = ICSError.Code(rawValue: "quotaExceeded")
        let error = ICSError(later, "the account is over its quota", source: "team.ics")
        #expect(error.localizedDescription == "The calendar “team.ics” could not be loaded (quotaExceeded): the account is over its quota.")
        #expect(error.recoverySuggestion == nil)
        let matched: String
        switch error.code {
        case .unreadable: matched = "unreadable"
        case .httpStatus: matched = "http"
        default: matched = "other"
        }
        #expect(matched == "other")
        #expect(later != .unreadable && ICSError.Code(rawValue: "unreadable") == .unreadable)
    }

    @Test(arguments: [
        (401, "The calendar needs permission: check the address or its access token."),
        (403, "The calendar needs permission: check the address or its access token."),
        (404, "Check the address: the calendar may have moved or been deleted."),
        (410, "Check the address: the calendar may have moved or been deleted."),
        (429, "The server asks to wait: try again later."),
        (503, "The server has a problem: try again later."),
    ])
    func httpAdviceFollowsTheStatus(_ status: Int, _ advice: String) {
        let error = ICSError(.httpStatus, "HTTP \(status)", source: "https://example.org/cal.ics", httpStatus: status)
        #expect(error.recoverySuggestion == advice)
        #expect(error.localizedDescription == "The server of “https://example.org/cal.ics” did not send it: HTTP \(status). \(advice)")
    }

    /// Against a server on 127.0.0.1 that answers 404 and 503: the status arrives as a number.
    @Test(arguments: [(404, "Not Found"), (503, "Service Unavailable")])
    func aFetchCarriesTheHTTPStatus(_ status: Int, _ phrase: String) throws {
        let server = try TestHTTPServer { _ in .response(status: status, headers: [], body: Array("nope".utf8)) }
        defer { server.stop() }
        let source = try FeedSource(server.base + "/team.ics")
        guard case .remote(let url) = source.kind else { Issue.record("not remote"); return }
        var caught: ICSError?
        do { _ = try FetchRequest.fetchBlocking(url, source: source, options: .test, validators: FetchValidators()) } catch { caught = error }
        let error = try #require(caught)
        #expect(error.code == .httpStatus)
        #expect(error.httpStatus == status)
        #expect(error.localizedDescription.hasPrefix(
            "The server of “\(server.base)/team.ics” did not send it: HTTP \(status) \(phrase). "))
    }

    @Test func otherFailuresCarryNoStatus() {
        #expect(ICSError(.timedOut, "slow").httpStatus == nil)
    }
}
