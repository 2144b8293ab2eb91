/// The style sheet of the calendar pages, inlined into each page (no external resource).
///
/// Light and dark colours follow `prefers-color-scheme`; a month prints on its own A4
/// landscape page. A week row is a CSS grid: column 1 holds the week number, columns 2–8 the
/// days; row 1 the day numbers, one row per lane of bars, and the last row the day's entries.
/// Each day cell spans every row and takes them as a subgrid, and each bar is placed with
/// `grid-column: start / span n` and `grid-row` from its lane, so a bar's edges are the
/// edges of the cells of its first and last day. Text in a cell or a bar wraps between words
/// only; a word wider than its cell is cut with an ellipsis (the agenda below shows it whole),
/// never broken in two. A year is four months a row at desktop widths (4 × 3), three, two,
/// and one on a phone: twelve divides by each, so no row is left short.
enum CalendarPageCSS {
    static let sheet = """
    :root { color-scheme: light dark; --bg: #ffffff; --fg: #1d1d1f; --muted: #8a8a8e; --line: #d2d2d7;
      --out: #f4f4f6; --today: #d70015; --sel: #0a64d8; --head: #f9f9fb; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #1c1c1e; --fg: #f2f2f7; --muted: #8e8e93; --line: #3a3a3c; --out: #242426; --today: #ff453a;
        --sel: #409cff; --head: #2c2c2e; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; padding: 12px; background: var(--bg); color: var(--fg);
      font: 14px/1.3 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP", "Noto Sans Arabic",
        "Noto Sans Hebrew", "DejaVu Sans", sans-serif; }
    h1 { font-size: 1.4em; margin: 0 0 8px; }
    h2 { font-size: 1.15em; margin: 0 0 6px; }
    .month { margin: 0 0 18px; }
    .cal { border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
    .week { display: grid; grid-template-columns: 2.2em repeat(7, minmax(0, 1fr)); border-top: 1px solid var(--line);
      min-height: 6.5em; }
    .week.head { min-height: 0; border-top: 0; background: var(--head); }
    .head > div { padding: 4px; font-weight: 600; font-size: .85em; text-align: center; min-width: 0;
      overflow-wrap: anywhere; }
    .wk { grid-row: 1 / -1; grid-column: 1; color: var(--muted); font-size: .75em; padding: 4px 2px; text-align: center;
      border-inline-end: 1px solid var(--line); }
    .day { grid-row: 1 / -1; display: grid; grid-template-rows: subgrid; min-width: 0; padding: 0 2px 2px;
      border-inline-start: 1px solid var(--line); }
    .week > .day:nth-child(2) { border-inline-start: 0; }
    .day.out { background: var(--out); color: var(--muted); }
    .num { grid-row: 1; display: flex; align-items: center; gap: 4px; padding: 2px 2px 1px; font-size: .85em; }
    .today .num b { background: var(--today); color: #fff; border-radius: 1em; padding: 0 .4em; }
    .selected { box-shadow: inset 0 0 0 2px var(--sel); }
    .dot { display: inline-block; width: 6px; height: 6px; border-radius: 50%; flex: none; }
    .dot.medium { width: 8px; height: 8px; } .dot.large { width: 10px; height: 10px; }
    .entries { grid-row: -2 / -1; list-style: none; margin: 0; padding: 0; min-width: 0; font-size: .8em; }
    .entries li { margin: 1px 0; padding: 0 3px; border-radius: 3px; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
    .entries .allday { background: var(--c); color: var(--on); }
    .entries .timed::before { content: ""; display: inline-block; width: 6px; height: 6px; border-radius: 50%;
      background: var(--c); margin-inline-end: 3px; vertical-align: middle; }
    .time { color: var(--muted); margin-inline-end: 3px; font-variant-numeric: tabular-nums; }
    .more { color: var(--muted); }
    .box { margin-inline-end: 3px; } .entries .todo .box, .agenda .todo .box { color: var(--c); font-weight: 600; }
    .bar .box { color: inherit; } .done bdi { text-decoration: line-through; opacity: .7; }
    .bar .time { color: inherit; opacity: .85; }
    .bar { position: relative; z-index: 1; margin: 1px 3px; padding: 0 4px; border-radius: 4px; background: var(--c);
      color: var(--on); font-size: .8em; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
    .bar.open-start { margin-inline-start: 0; border-start-start-radius: 0; border-end-start-radius: 0; }
    .bar.open-end { margin-inline-end: 0; border-start-end-radius: 0; border-end-end-radius: 0; }
    .bar.open-start::before { content: "\\25C2\\00A0"; } .bar.open-end::after { content: "\\00A0\\25B8"; }
    [dir="rtl"] .bar.open-start::before { content: "\\25B8\\00A0"; } [dir="rtl"] .bar.open-end::after { content: "\\00A0\\25C2"; }
    .legend { display: flex; flex-wrap: wrap; gap: 4px 14px; list-style: none; padding: 0; margin: 8px 0; font-size: .85em; }
    .legend .dot { margin-inline-end: 4px; }
    .agenda h3 { font-size: 1em; margin: 12px 0 4px; }
    .agenda ul { list-style: none; margin: 0; padding: 0; }
    .agenda li { padding: 2px 0; overflow-wrap: anywhere; }
    .agenda .dot, .agenda .box { margin-inline-end: 6px; }
    .year { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; }
    @media (min-width: 560px) { .year { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
    @media (min-width: 820px) { .year { grid-template-columns: repeat(3, minmax(0, 1fr)); } }
    @media (min-width: 1100px) { .year { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
    .year .week { min-height: 0; } .year .day { text-align: center; padding: 0; }
    .year .num { flex-direction: column; gap: 1px; padding: 2px 0; } .year .today .num b { padding: 0 .2em; }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    @media (max-width: 600px) { body { padding: 4px; font-size: 12px; } .week { grid-template-columns: 1.6em repeat(7, minmax(0, 1fr)); }
      .head > div { padding: 4px 1px; } .entries .time { display: none; } .entries li, .bar { font-size: 9.5px; padding: 0 2px; }
      .entries .timed::before { display: none; } .entries .timed { border-inline-start: 2px solid var(--c); border-radius: 0; }
      .entries .box { margin-inline-end: 1px; } }
    @page { size: A4 landscape; margin: 10mm; }
    @media print { body { padding: 0; } .month { break-after: page; } .month:last-of-type { break-after: auto; }
      .agenda { break-before: page; } }
    """
}
