#!/usr/bin/env bash
# Runs every test under AddressSanitizer, with LeakSanitizer on (known leaks inside the
# toolchain's URLSession, Process and XCTest suppressed by scripts/lsan.supp). CI runs it
# (.ci/run). Builds into .build/asan, so that it does not invalidate the normal debug build
# (nor the normal build it), and a second run only rebuilds what changed.
# Arguments go to `swift test` (e.g. --filter BadInputTests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Tests that bound memory allow for the sanitizer's own (FeedLimitCommandTests).
export ICSKIT_SANITIZER=address
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
# Line tables only: a report still names file and line; full debug info made the build slower.
# Tests over every fixture take a third of them here (SanitizerRun.sample): the ordinary run checks them all.
swift build --build-tests --sanitize=address --scratch-path .build/asan -Xswiftc -gline-tables-only
swift test --skip-build --sanitize=address --scratch-path .build/asan -Xswiftc -gline-tables-only "$@"
