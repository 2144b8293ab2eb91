#!/usr/bin/env bash
# Runs every test under AddressSanitizer, with LeakSanitizer on (known leaks inside the
# toolchain's URLSession, Process and XCTest suppressed by scripts/lsan.supp).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
swift build --build-tests --sanitize=address
swift test --skip-build --sanitize=address "$@"
