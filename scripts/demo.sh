#!/usr/bin/env bash
# The README's first command: installs what is missing, builds icsview, shows a month of a bundled calendar.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --product icsview 2>&1 | grep -E "error|warning:|Compiling|Build" >&2 || true
exec .build/debug/icsview Fixtures/import/google-team.ics "$@"
