#!/usr/bin/env bash
# Fuzzes with libFuzzer under AddressSanitizer and LeakSanitizer, two targets in turn:
#   icskit-fuzz   (Fuzz/ICSKitFuzz)  ICSKit's public entry points: validate, import, expansion over
#                 two centuries, month and week projection, diff;
#   icsview-fuzz  (Fuzz/ICSViewFuzz) icsview's commands run in-process (icsviewCore's
#                 run(arguments:environment:)): every view in text, JSON, HTML and SVG, remind,
#                 search, diff of the input's halves, validate (and --fix), export, the input as the
#                 configuration file and its first line as date arguments.
# Each is built in release into .build/fuzz (its own scratch path, so that neither the normal nor
# the ASan build is invalidated, and a second run builds nothing).
#
# Usage: scripts/fuzz.sh [seconds] [extra libFuzzer flags...]
#   seconds   how long to fuzz each target (default 60); 0 runs the seed corpus once and stops.
#   FUZZ_SEED=N fixes libFuzzer's -seed (CI: .ci/run sets it); otherwise libFuzzer picks one.
#   FUZZ_TARGETS="icskit-fuzz icsview-fuzz" (the default) chooses the targets, in that order.
#   FUZZ_BUILD_ONLY=1 builds the targets and stops (CI builds them in the background, ahead).
#   The corpus with the inputs libFuzzer found stays in .build/fuzz/run-<target>/corpus until the
#   next run (scripts/fuzz-coverage.sh measures coverage over it).
#
# The corpus is a fresh copy of Fixtures/**/*.ics plus Fuzz/corpus/ (regression inputs: every
# crash found becomes one, with a test); new inputs libFuzzer finds stay in that copy only.
# Flags: -dict=Fuzz/ics.dict, -max_len=16384, -timeout=10 (seconds per input),
# -rss_limit_mb=2048, -detect_leaks=1 (suppressions: scripts/lsan.supp); icsview-fuzz also
# -close_fd_mask=3 (the commands' stdout and stderr are discarded; libFuzzer's report is kept)
# and -timeout=60 (an input runs about eight command lines).
# Exit status: 0 when nothing was found; 1 on any crash, sanitizer report, leak, timeout or
# out-of-memory, with the path of the input that did it (reproduce: the printed command).
set -euo pipefail
cd "$(dirname "$0")/.."

SECS=${1:-60}
[ $# -gt 0 ] && shift
[[ "$SECS" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh [seconds] [libFuzzer flags...]" >&2; exit 64; }

bash scripts/setup.sh

# libFuzzer and the sanitizers come with the Swift toolchain (compiler-rt); LeakSanitizer is
# part of its ASan runtime, so nothing from Debian (libclang-rt-*-dev) is needed.
RT="$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/swift/clang/lib/linux"
for lib in fuzzer asan; do
    if [ ! -f "$RT/libclang_rt.$lib-$(uname -m).a" ]; then
        echo "fuzz: $RT/libclang_rt.$lib-$(uname -m).a is missing: this Swift toolchain has no libFuzzer/ASan runtime" >&2
        exit 1
    fi
done

# Linked with the toolchain's lld: Debian's gold stops with an internal error
# (dwarf_reader.cc, format_file_lineno) on this release + ASan binary.
TARGETS=(${FUZZ_TARGETS:-icskit-fuzz icsview-fuzz})
for target in "${TARGETS[@]}"; do
    BUILD=(swift build -c release --scratch-path .build/fuzz --product "$target"
           -Xswiftc -sanitize=fuzzer,address -Xswiftc -DICSKIT_FUZZ -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
    echo "== fuzz: ${BUILD[*]}" >&2
    "${BUILD[@]}" >&2
done
BINDIR="$(swift build -c release --scratch-path .build/fuzz --show-bin-path)"
if [ "${FUZZ_BUILD_ONLY:-0}" = 1 ]; then
    echo "fuzz: built ${TARGETS[*]} in $BINDIR" >&2
    exit 0
fi

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:allocator_may_return_null=1}"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
# Swift's own crash reporter reads the dying process's memory, which ASan reports as an
# "unknown-crash" that hides the real one; without it, libFuzzer names the Swift runtime failure.
export SWIFT_BACKTRACE=enable=no

failed=0
for target in "${TARGETS[@]}"; do
    BIN="$BINDIR/$target"
    RUN=.build/fuzz/run-$target
    rm -rf "$RUN"
    mkdir -p "$RUN/corpus" "$RUN/artifacts"
    find Fixtures -name '*.ics' -type f | while read -r file; do
        cp "$file" "$RUN/corpus/fixture-$(printf '%s' "$file" | cksum | cut -d' ' -f1)-$(basename "$file")"
    done
    if [ -d Fuzz/corpus ]; then
        find Fuzz/corpus -type f ! -name '*.md' -exec cp {} "$RUN/corpus/" \;
    fi
    if [ "$target" = icsview-fuzz ]; then
        # Forty command lines an input: its seeds are the regression inputs, the blow-up and hostile
        # fixtures and a third of the others (by name), so that the seeds alone take seconds, not minutes.
        find "$RUN/corpus" -name 'fixture-*' ! -name '*bounds*' | while read -r file; do
            case "$file" in *-minutely-*|*-secondly-*|*-weekly-all-day-*|*terminal-escapes*) continue ;; esac
            [ $(( $(printf '%s' "$file" | cksum | cut -d' ' -f1) % 3 )) -eq 0 ] || rm "$file"
        done
    fi
    FLAGS=(-dict=Fuzz/ics.dict -max_len=16384 -timeout=10 -rss_limit_mb=2048 -detect_leaks=1
           -artifact_prefix="$RUN/artifacts/" -print_final_stats=1)
    # icsview-fuzz runs about eight command lines an input: 60 s for an input before it counts as
    # a hang. The slowest seed (a SECONDLY series: its agenda, search and diff of occurrences list
    # every second of two days) takes about 12 s of CPU under ASan, and twice that in wall time
    # on a loaded machine.
    [ "$target" = icsview-fuzz ] && FLAGS+=(-close_fd_mask=3 -timeout=60)
    [ -n "${FUZZ_SEED:-}" ] && FLAGS+=(-seed="$FUZZ_SEED")
    if [ "$SECS" -eq 0 ]; then FLAGS+=(-runs=0); else FLAGS+=(-max_total_time="$SECS"); fi

    echo "== fuzz: $BIN ${FLAGS[*]} $* $RUN/corpus ($(ls "$RUN/corpus" | wc -l) seed inputs, ${SECS}s)" >&2
    status=0
    "$BIN" "${FLAGS[@]}" "$@" "$RUN/corpus" 2>"$RUN/fuzz.log" || status=$?
    tail -n 40 "$RUN/fuzz.log" >&2

    # slow-unit-* files are libFuzzer's notes of inputs over 10 s, not failures (-timeout is the bound).
    found=$(find "$RUN/artifacts" -type f ! -name 'slow-unit-*' | sort)
    if [ "$status" -ne 0 ] || [ -n "$found" ]; then
        echo "fuzz: $target FAILED (exit $status); the whole log is $RUN/fuzz.log" >&2
        for input in $found; do
            echo "fuzz: input: $input ($(stat -c %s "$input") bytes); reproduce: $BIN $input" >&2
        done
        echo "fuzz: add each input to Fuzz/corpus/ and a test that runs it (Tests/ICSKitTests/Fuzz/, Tests/icsviewTests/)" >&2
        failed=1
        continue
    fi
    echo "fuzz: $target OK, nothing found in ${SECS}s ($(grep -o 'stat::number_of_executed_units: *[0-9]*' "$RUN/fuzz.log" | grep -o '[0-9]*$' || echo '?') inputs run)" >&2
done
exit "$failed"
