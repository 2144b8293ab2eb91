#!/usr/bin/env bash
# Renders the calendar page fixtures in headless Chromium at 1280×900 and at a phone's 390×844
# and checks, from the layout the browser computed, that each bar's left and right edges line
# up with the cells of its first and last day, that no text overflows its cell (scrollWidth ≤
# clientWidth, or cut with an ellipsis inside it), that no word is broken in two where it would
# fit on a line, that no heading is repeated, that the year is four months a row at 1280 px and
# one at 390 px, and that to-dos have their box and no time. The SVG pictures (inlined into a
# page, at 1280×900 only: a picture has its own size) are checked for every text ending inside
# its clip path or the picture. A check script (scripts/browser-check/check.js) is injected into
# a copy of each page only here; it writes the findings into the DOM that --dump-dom prints.
# The copy is measured in an iframe of the size's width (srcdoc: same origin, so the page around
# it can read the findings): headless Chromium's --dump-dom lays a page out at least 500 px wide
# whatever --window-size says, so a phone's 390 px is only measured inside a frame that wide.
# Saves a screenshot of every page and size under DIR (default .build/browser-check).
# Usage: scripts/browser-check.sh [DIR]. Exits 1 when a check fails.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/browser-check}
mkdir -p "$out"
out=$(cd "$out" && pwd)

if ! command -v chromium >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
# CJK and Hebrew glyphs (the fixtures have both), else boxes of the wrong width.
if ! dpkg -s fonts-noto-cjk >/dev/null 2>&1 || ! dpkg -s fonts-noto-core >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk fonts-noto-core >/dev/null
fi
[ -x .build/debug/icsview ] || swift build --product icsview
icsview=.build/debug/icsview
feeds=(Fixtures/pages/busy.ics Fixtures/pages/team.ics)
common=(--today 2024-03-13)

render() { # name, LANG, icsview arguments…
    local name=$1 lang=$2
    shift 2
    TZ=Europe/Berlin LANG=$lang "$icsview" "$@" "${common[@]}" --format html "${feeds[@]}" >"$out/$name.html"
}
# An SVG picture inlined into a page of its own (the check runs in the page), named *.svg.html.
render_svg() { # name, LANG, icsview arguments…
    local name=$1 lang=$2
    shift 2
    { printf '<!DOCTYPE html>\n<html><head><meta charset="utf-8"/></head><body style="margin: 0">\n'
      TZ=Europe/Berlin LANG=$lang "$icsview" "$@" "${common[@]}" --format svg "${feeds[@]}" | sed 1d
      printf '</body>\n</html>\n'; } >"$out/$name.svg.html"
}
render month-en en_GB.UTF-8 --month 2024-03 --select 2024-03-20
render month-he he_IL.UTF-8 --month 2024-03
render month-ja ja_JP.UTF-8 --month 2024-03
render three en_US.UTF-8 -3 --month 2024-03 --no-agenda
render week de_DE.UTF-8 --week 2024-03-13
render year en_GB.UTF-8 --year 2024 --no-agenda
render_svg month en_GB.UTF-8 --month 2024-03
render_svg month-narrow en_GB.UTF-8 --month 2024-03 --width 480 --height 420
render_svg month-he he_IL.UTF-8 --month 2024-03
render_svg week de_DE.UTF-8 --week 2024-03-13 --width 640

chrome=(timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --disable-dev-shm-usage
        --virtual-time-budget=1000)
failed=0
for page in "$out"/*.html; do
    case $page in *.check.html) continue ;; esac
    name=$(basename "$page" .html)
    check="$out/$name.check.html"
    checked=$({ sed '/<\/body>/,$d' "$page"; printf '<script>\n'; cat scripts/browser-check/check.js; printf '</script>\n</body>\n</html>\n'; } \
        | sed 's/&/\&amp;/g; s/"/\&quot;/g')
    sizes=(1280,900 390,844)
    case $name in *.svg) sizes=(1280,900) ;; esac
    for size in "${sizes[@]}"; do
        { printf '<!DOCTYPE html>\n<html><body style="margin: 0">\n'
          printf '<iframe id="page" style="border: 0; width: %spx; height: %spx" srcdoc="%s"></iframe>\n' "${size%,*}" "${size#*,}" "$checked"
          printf '<script>\ndocument.getElementById("page").addEventListener("load", function () {\n'
          printf '  var found = this.contentDocument.getElementById("browser-check"), out = document.createElement("pre");\n'
          printf '  out.textContent = found ? found.textContent : "\\nFAIL the check did not run in the frame";\n'
          printf '  document.body.appendChild(out);\n});\n</script>\n</body>\n</html>\n'; } >"$check"
        dom=$("${chrome[@]}" --window-size="$size" --dump-dom "file://$check" 2>/dev/null || true)
        result=$(printf '%s\n' "$dom" | grep -E "^(RESULT|FAIL) " | sed "s/&gt;/>/g; s/&lt;/</g; s/&amp;/\&/g; s/<\/pre>.*//" || true)
        "${chrome[@]}" --window-size="$size" --screenshot="$out/$name-${size/,/x}.png" "file://$page" >/dev/null 2>&1 || echo "FAIL $name at $size: no screenshot"
        if [ -z "$result" ]; then
            echo "FAIL $name at $size: the check did not run"
            failed=1
        elif printf '%s\n' "$result" | grep -q '^RESULT .* fails=0$'; then
            echo "ok   $name at ${size/,/x}: ${result#RESULT }"
        else
            echo "FAIL $name at ${size/,/x}:"
            printf '%s\n' "$result" | sed 's/^/  /' | head -20
            failed=1
        fi
    done
done
echo "screenshots in $out"
exit "$failed"
