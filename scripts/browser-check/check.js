// Injected by scripts/browser-check.sh only (the pages themselves have no script): measures
// the layout the browser computed and writes the findings into the DOM that --dump-dom prints.
window.addEventListener('load', function () {
  var fails = [], bars = 0, boxes = 0, cut = 0, words = 0, long = 0, notes = [];
  function box(e) { return e.getBoundingClientRect(); }
  function near(d, open) { return open ? Math.abs(d) <= 1.5 : d >= -0.5 && d <= 4.5; }
  document.querySelectorAll('.bar').forEach(function (bar) {
    bars++;
    var week = bar.parentElement;
    var first = week.querySelector('[data-day="' + bar.dataset.first + '"]');
    var last = week.querySelector('[data-day="' + bar.dataset.last + '"]');
    if (!first || !last) { fails.push('bar ' + bar.dataset.first + ': no cell for its first or last day in its row'); return; }
    var b = box(bar), f = box(first), l = box(last);
    var left = Math.min(f.left, l.left), right = Math.max(f.right, l.right);
    // The grid's direction (the row's) decides which side is the start.
    var rtl = getComputedStyle(week).direction === 'rtl';
    var openStart = bar.classList.contains('open-start'), openEnd = bar.classList.contains('open-end');
    var openLeft = rtl ? openEnd : openStart, openRight = rtl ? openStart : openEnd;
    // A closed end sits 3 px (the bar's margin) inside its day's cell, an open one on the cell's edge.
    if (!near(b.left - left, openLeft) || !near(right - b.right, openRight)) {
      fails.push('bar ' + bar.dataset.first + '..' + bar.dataset.last + ' spans ' + b.left.toFixed(1) + '..' + b.right.toFixed(1) +
                 ' but its cells span ' + left.toFixed(1) + '..' + right.toFixed(1));
    }
    if (b.top < f.top - 0.5 || b.bottom > f.bottom + 0.5) fails.push('bar ' + bar.dataset.first + ' leaves its row');
  });
  document.querySelectorAll('.day, .entries li, .bar, .head > div, .wk, .legend li, .agenda li').forEach(function (e) {
    boxes++;
    var style = getComputedStyle(e);
    // Cut on purpose: the text ends in an ellipsis inside its box (not drawn past it).
    if (style.textOverflow === 'ellipsis' && style.overflowX !== 'visible') {
      if (e.scrollWidth > e.clientWidth) cut++;
      return;
    }
    if (e.scrollWidth > e.clientWidth) {
      fails.push('text overflows ' + e.className + ' ' + (e.dataset.day || e.textContent.slice(0, 30)) + ': ' + e.scrollWidth + ' > ' + e.clientWidth);
    }
  });
  document.querySelectorAll('.day').forEach(function (day) {
    var d = box(day);
    day.querySelectorAll('li, .num').forEach(function (e) {
      var r = box(e);
      if (r.left < d.left - 0.5 || r.right > d.right + 0.5 || r.bottom > d.bottom + 0.5) {
        fails.push('entry outside its cell ' + day.dataset.day + ': ' + e.textContent.slice(0, 30));
      }
    });
  });
  // No word broken in two: a word (letters and digits, in a script that separates words with
  // spaces) whose pieces lie on more than one line is a failure in the grid (its cells and bars
  // cut a word too wide with an ellipsis), and elsewhere unless it is wider than its whole block
  // (then breaking it is the only way to show it, and it is counted as long).
  var noSpaces = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}]/u;
  var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (var node = walker.nextNode(); node; node = walker.nextNode()) {
    var parent = node.parentElement;
    if (!parent || parent.closest('script, style, #browser-check, .sr')) continue;
    var re = /[\p{L}\p{M}\p{N}]+/gu, m;
    while ((m = re.exec(node.data))) {
      if (noSpaces.test(m[0])) continue;
      words++;
      var range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      var rects = Array.from(range.getClientRects()).filter(function (r) { return r.width > 0; });
      var lines = new Set(rects.map(function (r) { return Math.round(r.top); }));
      if (lines.size < 2) continue;
      var block = parent;
      while (block.parentElement && getComputedStyle(block).display.indexOf('inline') === 0) block = block.parentElement;
      var bs = getComputedStyle(block);
      var room = block.clientWidth - parseFloat(bs.paddingLeft) - parseFloat(bs.paddingRight);
      var wide = rects.reduce(function (sum, r) { return sum + r.width; }, 0);
      if (wide > room + 0.5 && !parent.closest('.cal')) { long++; continue; }
      fails.push('word broken in two: "' + m[0] + '" (' + wide.toFixed(1) + ' px, its block ' + room.toFixed(1) + ' px)');
    }
  }
  // A heading says a thing once: the month's name is not repeated above its own grid.
  var headings = {};
  document.querySelectorAll('h1, h2, h3').forEach(function (h) {
    var t = h.textContent.trim();
    if (headings[t]) fails.push('heading repeated: ' + t);
    headings[t] = true;
  });
  // The year: its twelve months in full rows, in reading order (mirrored right to left),
  // four a row from 1100 px, one on a phone.
  var year = document.querySelector('.year');
  if (year) {
    var months = Array.from(year.querySelectorAll(':scope > .month')).map(box);
    var lefts = Array.from(new Set(months.map(function (r) { return Math.round(r.left); })));
    var tops = Array.from(new Set(months.map(function (r) { return Math.round(r.top); })));
    var columns = lefts.length, rows = tops.length;
    notes.push('year=' + columns + 'x' + rows);
    if (columns * rows !== months.length) fails.push('the year is not in full rows: ' + columns + ' columns, ' + rows + ' rows of ' + months.length + ' months');
    if (window.innerWidth >= 1100 && columns !== 4) fails.push('the year has ' + columns + ' columns at ' + window.innerWidth + ' px, not 4');
    if (window.innerWidth < 560 && columns !== 1) fails.push('the year has ' + columns + ' columns at ' + window.innerWidth + ' px, not 1');
    var rtlYear = getComputedStyle(year).direction === 'rtl';
    months.forEach(function (r, i) {
      if (i === 0) return;
      var p = months[i - 1], sameRow = Math.abs(r.top - p.top) < 1;
      var onward = rtlYear ? r.right < p.left + 1 : r.left > p.right - 1;
      if (!(sameRow ? onward : r.top >= p.bottom - 1)) fails.push('month ' + (i + 1) + ' out of reading order');
    });
  }
  // To-dos: a box, no time.
  document.querySelectorAll('.todo').forEach(function (t) {
    var b = t.querySelector(t instanceof SVGElement ? 'tspan' : '.box');
    if (!b || !/^[☐✓]$/.test(b.textContent.trim())) fails.push('to-do without its box: ' + t.textContent.slice(0, 30));
    if (t.querySelector('.time')) fails.push('to-do with a time: ' + t.textContent.slice(0, 30));
  });
  // SVG pictures (inlined): each text ends inside its clip (the cut made it fit, the clip path
  // does no work), or inside the picture when it has none.
  document.querySelectorAll('svg text').forEach(function (t) {
    var svg = t.ownerSVGElement, holder = t.closest('[clip-path]');
    var left = 0, right = svg.width.baseVal.value;
    if (holder) {
      var id = holder.getAttribute('clip-path').replace(/^url\(#/, '').replace(/\)$/, '');
      var clip = svg.getElementById(id).querySelector('rect');
      left = clip.x.baseVal.value;
      right = left + clip.width.baseVal.value;
    }
    var b = t.getBBox();
    boxes++;
    if (/…/.test(t.textContent)) cut++;
    if (b.width > 0 && (b.x < left - 0.5 || b.x + b.width > right + 0.5)) {
      fails.push('svg text past its room: "' + t.textContent.slice(0, 30) + '" ' + b.x.toFixed(1) + '..' + (b.x + b.width).toFixed(1) +
                 ' in ' + left.toFixed(1) + '..' + right.toFixed(1));
    }
  });
  if (document.documentElement.scrollWidth > window.innerWidth) {
    fails.push('page wider than the window: ' + document.documentElement.scrollWidth + ' > ' + window.innerWidth);
  }
  var out = document.createElement('pre');
  out.id = 'browser-check';
  out.textContent = '\nRESULT bars=' + bars + ' boxes=' + boxes + ' cut=' + cut + ' words=' + words + ' long=' + long +
    ' width=' + window.innerWidth + (notes.length ? ' ' + notes.join(' ') : '') + ' fails=' + fails.length + '\n' +
    fails.map(function (f) { return 'FAIL ' + f; }).join('\n');
  document.body.appendChild(out);
});
