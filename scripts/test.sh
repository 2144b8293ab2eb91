#!/usr/bin/env bash
# The README's second command (and CI's): installs what is missing (libical, zlib, libcurl; the CalDAV
# servers the tests start), then builds and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/setup-caldav.sh
bash scripts/check-doc-comments.sh
# The map stays true: no two stages of ICSKit use each other (docs/ARCHITECTURE.md).
python3 scripts/folder-deps.py Sources/ICSKit --cycles
# Sources and docs say what the code does and why, not which issue or round asked for it.
if grep -rnEi '\b(issue|round)s? [0-9]+' Sources Tests scripts docs README.md Package.swift Fuzz Benchmarks Examples; then
    echo "test.sh: name what the code does, not an issue or a round (lines above)" >&2
    exit 1
fi
# The SARIF schema and the JUnit reader that the report-format tests check against (pinned, PyPI).
bash scripts/report-formats.sh install
export ICSVIEW_REQUIRE_REPORT_CHECKERS=1
swift build --build-tests
# The suite runs scripts/validate-fixtures.sh too (ValidateCommandTests.fixturesScriptPasses).
swift test --skip-build
