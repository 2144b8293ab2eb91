#!/usr/bin/env bash
# The README's first command: installs what is missing, builds icsview, shows a month of a bundled calendar.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --product icsview 2>&1 | grep -E "error|warning:|Compiling|Build" >&2 || true
# June 2024 of the bundled team calendar, in its own zone, with a fixed "today" (add options to change it).
exec .build/debug/icsview Fixtures/import/google-team.ics --month 2024-06 --today 2024-06-12 --tz Europe/Berlin "$@"
