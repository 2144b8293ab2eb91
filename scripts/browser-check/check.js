// Injected by scripts/browser-check.sh only (the pages themselves have no script): measures
// the layout the browser computed and writes the findings into the DOM that --dump-dom prints.
window.addEventListener('load', function () {
  var fails = [], bars = 0, boxes = 0;
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
  if (document.documentElement.scrollWidth > window.innerWidth) {
    fails.push('page wider than the window: ' + document.documentElement.scrollWidth + ' > ' + window.innerWidth);
  }
  var out = document.createElement('pre');
  out.id = 'browser-check';
  out.textContent = '\nRESULT bars=' + bars + ' boxes=' + boxes + ' fails=' + fails.length + '\n' +
    fails.map(function (f) { return 'FAIL ' + f; }).join('\n');
  document.body.appendChild(out);
});
