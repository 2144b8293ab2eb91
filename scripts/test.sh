#!/usr/bin/env bash
# The README's second command (and CI's): installs what is missing (libical, zlib, libcurl; the CalDAV
# servers the tests start), then builds and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/setup-caldav.sh
bash scripts/check-doc-comments.sh
# The SARIF schema and the JUnit reader that the report-format tests check against (pinned, PyPI).
bash scripts/report-formats.sh install
export ICSVIEW_REQUIRE_REPORT_CHECKERS=1
swift build --build-tests
swift test --skip-build
bash scripts/validate-fixtures.sh
