import Foundation

/// The document around the calendar pages' content: HTML5 that is also well-formed XML,
/// `lang` from the calendar's locale, `dir="rtl"` for right-to-left languages, the style
/// sheet inline, no script and no external resource.
public enum HTMLPage {
    /// The style sheet the pages inline, for an app that embeds ``HTMLMonthRenderer/section(_:calendar:options:)``.
    public static var styleSheet: String { CalendarPageCSS.sheet }

    /// A whole document with `title` and `body` (already HTML).
    static func document(title: String, body: String, calendar: Calendar, options: PageRenderOptions) -> String {
        let lang = HTMLEscaping.attribute(PageRenderOptions.languageTag(calendar))
        let dir = options.isRightToLeft(calendar) ? "rtl" : "ltr"
        return """
        <!DOCTYPE html>
        <html lang="\(lang)" xml:lang="\(lang)" dir="\(dir)" xmlns="http://www.w3.org/1999/xhtml">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="color-scheme" content="light dark"/>
        <title>\(HTMLEscaping.text(title))</title>
        <style>
        \(CalendarPageCSS.sheet)
        </style>
        </head>
        <body>
        <h1>\(HTMLEscaping.text(title))</h1>
        \(body)</body>
        </html>

        """
    }
}
