#!/usr/bin/env bash
# Checks that the icsview scripts/install.sh builds runs on a machine without the Swift toolchain:
#
#   scripts/static-binary-check.sh [BINARY [PEER]]
#
# BINARY defaults to the release build install.sh makes (swift build -c release
# --static-swift-stdlib; built here when missing, several minutes). It checks that
#  1. ldd lists no Swift runtime library (libswift*, Foundation*, libdispatch, libBlocksRuntime)
#     and nothing under the toolchain, only the system's C libraries;
#  2. the binary runs with the toolchain's library directory out of reach: in a private mount
#     namespace (unshare -rm: this process alone sees it; the machine's other users do not) an
#     empty tmpfs is mounted over that directory, and a copy of the binary in an empty folder is
#     run under env -i: --version, a month of the bundled calendar and validate must succeed;
#  3. and, as a control, that the same run of a dynamically linked build (the debug one, when
#     present) fails there, so that step 2 can tell.
# Prints the size, the libraries and the start-up time (median of 11 runs of --version).
# With PEER (a dynamically linked release build: swift build -c release without
# --static-swift-stdlib, into another --scratch-path), it also times both, interleaved (each
# round runs them in turn, the order swapped every round), 21 rounds of --version and of a month
# of the bundled calendar, and prints each one's median, the ratio and the load average.
# Not part of scripts/test.sh: it needs a release build, which the fast suite does not make.
set -eu
cd "$(dirname "$0")/.."
binary=${1:-}
peer=${2:-}
if [ -z "$binary" ]; then
    swift build -c release --product icsview --static-swift-stdlib
    binary=$(swift build -c release --static-swift-stdlib --show-bin-path)/icsview
fi
toolchain_lib=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift
fail() { echo "static-binary-check: FAIL: $*" >&2; exit 1; }

echo "binary: $binary ($(du -h "$binary" | cut -f1), $(stat -c %s "$binary") bytes)"
echo "toolchain libraries: $toolchain_lib"
libraries=$(ldd "$binary")
echo "$libraries"
if echo "$libraries" | grep -E 'libswift|libFoundation|libdispatch|libBlocksRuntime|lib_FoundationICU|not found' >/dev/null \
    || echo "$libraries" | grep -F "$toolchain_lib" >/dev/null; then
    fail "ldd lists a Swift runtime library or one it cannot find"
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp "$binary" "$scratch/icsview"
cp Fixtures/import/google-team.ics "$scratch/team.ics"
# Runs "$1" (a binary) with the toolchain's libraries hidden, from the scratch folder, with an
# empty environment; prints its output.
hidden() {
    unshare -rm sh -c 'mount -t tmpfs none "$1" && cd "$2" && shift 2 && exec env -i "$@"' sh \
        "$toolchain_lib" "$scratch" "$@"
}
hidden ./icsview --version || fail "--version does not run without the toolchain"
hidden ./icsview --month 2024-06 --today 2024-06-12 --tz Europe/Berlin team.ics | head -3 \
    | grep -q "June 2024" || fail "the month view does not run without the toolchain"
hidden ./icsview validate team.ics >/dev/null || fail "validate does not run without the toolchain"
if [ -x .build/debug/icsview ]; then
    cp .build/debug/icsview "$scratch/dynamic"
    if hidden ./dynamic --version >/dev/null 2>&1; then
        fail "the control (a dynamically linked build) ran with the toolchain hidden: the check cannot tell"
    fi
    echo "control: the dynamically linked debug build does not start with the toolchain hidden (as expected)"
fi

times=""
for _ in 1 2 3 4 5 6 7 8 9 10 11; do
    start=$(date +%s%N)
    "$scratch/icsview" --version >/dev/null
    end=$(date +%s%N)
    times="$times $(( (end - start) / 1000 ))"
done
median=$(echo "$times" | tr ' ' '\n' | grep . | sort -n | sed -n 6p)
echo "start-up (--version, median of 11): ${median} µs; load average: $(cut -d' ' -f1-3 /proc/loadavg)"

if [ -n "$peer" ]; then
    # Microseconds one run of "$@" takes, its output discarded.
    elapsed() {
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1
        end=$(date +%s%N)
        echo $(( (end - start) / 1000 ))
    }
    median() { tr ' ' '\n' | grep . | sort -n | sed -n 11p; }
    load_before=$(cut -d' ' -f1-3 /proc/loadavg)
    month=(--month 2024-06 --today 2024-06-12 --tz Europe/Berlin "$scratch/team.ics")
    for what in version month; do
        if [ "$what" = version ]; then args=(--version); else args=("${month[@]}"); fi
        static_times="" peer_times=""
        for round in $(seq 1 21); do
            if [ $((round % 2)) = 1 ]; then
                static_times="$static_times $(elapsed "$scratch/icsview" "${args[@]}")"
                peer_times="$peer_times $(elapsed "$peer" "${args[@]}")"
            else
                peer_times="$peer_times $(elapsed "$peer" "${args[@]}")"
                static_times="$static_times $(elapsed "$scratch/icsview" "${args[@]}")"
            fi
        done
        s=$(echo "$static_times" | median) p=$(echo "$peer_times" | median)
        echo "$what: static ${s} µs, dynamic ${p} µs (medians of 21, interleaved); static/dynamic $(awk "BEGIN { printf \"%.2f\", $s / $p }")"
    done
    echo "load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "dynamic peer: $peer ($(stat -c %s "$peer") bytes)"
fi
echo "static-binary-check: ok"
