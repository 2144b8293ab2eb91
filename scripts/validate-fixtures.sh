#!/usr/bin/env bash
# CI: validates every fixture with `icsview validate`.
#  - every .ics under Fixtures/ outside Fixtures/validation/invalid/ must pass with --strict, except
#    those in Fixtures/validation/known-issues.tsv, which may raise only the codes listed there;
#  - every file in Fixtures/validation/invalid/ must be listed in Fixtures/validation/manifest.tsv
#    and raise exactly the codes listed there: a listed code that does not appear, or an error or
#    warning whose code is not listed, fails the check (a note counts only when listed);
#  - two generated files, too big to keep, must raise the limits' codes (ICS1003, ICS1008).
# Uses the debug build (swift build) unless ICSVIEW names another binary.
set -euo pipefail
cd "$(dirname "$0")/.."
ICSVIEW="${ICSVIEW:-.build/debug/icsview}"
MANIFEST=Fixtures/validation/manifest.tsv
KNOWN=Fixtures/validation/known-issues.tsv
[ -x "$ICSVIEW" ] || { echo "validate-fixtures: $ICSVIEW is missing; run swift build first" >&2; exit 1; }

failures=0
fail() { echo "validate-fixtures: FAIL: $*" >&2; failures=$((failures + 1)); }
# The codes of the errors and warnings in `--format github` output ($1), one per line, sorted.
raised_codes() { printf '%s\n' "$1" | sed -n 's/^::\(error\|warning\) .*title=\(ICS[0-9]*\)::.*/\2/p' | sort -u; }

# Codes that known deviations may raise (error or warning), by file.
declare -A known=()
while IFS=$'\t' read -r name codes; do
  case "$name" in ''|'#'*) continue ;; esac
  known["Fixtures/$name"]="$codes"
done < "$KNOWN"

# Valid fixtures: --strict, exit 0.
valid=0
while IFS= read -r -d '' file; do
  valid=$((valid + 1))
  if [ -n "${known[$file]:-}" ]; then
    output=$("$ICSVIEW" validate --format github --quiet "$file" 2>&1 || true)
    allowed=$(printf '%s\n' "${known[$file]//,/$'\n'}")
    for code in $(raised_codes "$output"); do
      grep -qx "$code" <<<"$allowed" || fail "$file raises $code, beyond its known issues ($KNOWN):"$'\n'"$output"
    done
    continue
  fi
  if ! output=$("$ICSVIEW" validate --strict --quiet "$file" 2>&1); then
    fail "$file should be valid:"
    echo "$output" >&2
  fi
done < <(find Fixtures -name '*.ics' -not -path 'Fixtures/validation/invalid/*' -print0 | sort -z)

# Runs the validator on an invalid file; it must raise exactly the codes given (comma-separated).
expect_codes() {
  local file=$1 codes=$2 output status raised noted expected code want
  set +e
  output=$("$ICSVIEW" validate --format github --quiet "$file" 2>&1)
  status=$?
  set -e
  raised=$(raised_codes "$output")
  noted=$(printf '%s\n' "$output" | sed -n 's/^::notice .*title=\(ICS[0-9]*\)::.*/\1/p' | sort -u)
  expected=$(printf '%s\n' "${codes//,/$'\n'}" | sort -u)
  for code in $expected; do
    if ! grep -qx "$code" <<<"$raised"$'\n'"$noted"; then fail "$file should raise $code; it gave:"$'\n'"$output"; fi
  done
  for code in $raised; do
    if ! grep -qx "$code" <<<"$expected"; then fail "$file raises $code, which the manifest does not list:"$'\n'"$output"; fi
  done
  want=0
  grep -q '^::error ' <<<"$output" && want=1
  [ "$status" -eq "$want" ] || fail "$file: exit status $status, expected $want"
}

# Invalid fixtures: exactly the listed codes.
invalid=0
declare -A listed_files=()
while IFS=$'\t' read -r name codes; do
  case "$name" in ''|'#'*) continue ;; esac
  invalid=$((invalid + 1))
  file="Fixtures/validation/$name"
  listed_files["$file"]=1
  [ -f "$file" ] || { fail "$file is in the manifest but does not exist"; continue; }
  expect_codes "$file" "$codes"
done < "$MANIFEST"

# Generated fixtures: the limits need files too big to keep in the repository (a 17 MB line,
# a 68 MB component); they are written to a temporary directory and checked the same way.
generated=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head_lines() { printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ICSKit//Validation fixtures//EN\r\n'; }
event() { printf 'BEGIN:VEVENT\r\nUID:%s@example.com\r\nDTSTAMP:20240101T120000Z\r\nDTSTART:20240610T090000Z\r\n' "$1"; }
{ head_lines; event line; printf 'DESCRIPTION:'; head -c 17000000 /dev/zero | tr '\0' 'a'; printf '\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'; } \
  >"$tmp/ICS1003-line-over-16MiB.ics"
expect_codes "$tmp/ICS1003-line-over-16MiB.ics" ICS1003,ICS1012
generated=$((generated + 1))
{ head_lines; event small; printf 'END:VEVENT\r\n'; event big
  yes $'X-FILL:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r' | head -n 960000 || true
  printf 'END:VEVENT\r\nEND:VCALENDAR\r\n'; } >"$tmp/ICS1008-component-over-64MiB.ics"
expect_codes "$tmp/ICS1008-component-over-64MiB.ics" ICS1008
generated=$((generated + 1))

while IFS= read -r -d '' file; do
  [ -n "${listed_files[$file]:-}" ] || fail "$file is not listed in $MANIFEST"
done < <(find Fixtures/validation/invalid -name '*.ics' -print0)

if [ "$failures" -gt 0 ]; then
  echo "validate-fixtures: $failures failure(s) ($valid valid, $invalid invalid, $generated generated fixtures)" >&2
  exit 1
fi
echo "validate-fixtures: $valid valid, $invalid invalid and $generated generated fixtures as expected"
