#!/usr/bin/env bash
# Renders the calendar page fixtures in headless Chromium at 1280×900 and at a phone's 390×844
# and checks, from the layout the browser computed, that each bar's left and right edges line
# up with the cells of its first and last day and that no text overflows its cell
# (scrollWidth ≤ clientWidth). A check script (scripts/browser-check/check.js) is injected into
# a copy of each page only here; it writes the findings into the DOM that --dump-dom prints.
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
common=(--today 2024-03-13 --format html)

render() { # name, LANG, icsview arguments…
    local name=$1 lang=$2
    shift 2
    TZ=Europe/Berlin LANG=$lang "$icsview" "$@" "${common[@]}" "${feeds[@]}" >"$out/$name.html"
}
render month-en en_GB.UTF-8 --month 2024-03 --select 2024-03-20
render month-he he_IL.UTF-8 --month 2024-03
render month-ja ja_JP.UTF-8 --month 2024-03
render three en_US.UTF-8 -3 --month 2024-03 --no-agenda
render week de_DE.UTF-8 --week 2024-03-13
render year en_GB.UTF-8 --year 2024 --no-agenda

chrome=(timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --disable-dev-shm-usage
        --virtual-time-budget=1000)
failed=0
for page in "$out"/*.html; do
    case $page in *.check.html) continue ;; esac
    name=$(basename "$page" .html)
    check="$out/$name.check.html"
    { sed '/<\/body>/,$d' "$page"; printf '<script>\n'; cat scripts/browser-check/check.js; printf '</script>\n</body>\n</html>\n'; } >"$check"
    for size in 1280,900 390,844; do
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
