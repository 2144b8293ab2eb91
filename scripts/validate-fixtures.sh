#!/usr/bin/env bash
# CI: validates every fixture with `icsview validate`.
#  - every .ics under Fixtures/ outside Fixtures/validation/invalid/ must pass with --strict, except
#    those in Fixtures/validation/known-issues.tsv, which may raise only the codes listed there;
#  - every file in Fixtures/validation/invalid/ must be listed in Fixtures/validation/manifest.tsv
#    and raise exactly the codes listed there: a listed code that does not appear, or an error or
#    warning whose code is not listed, fails the check (a note counts only when listed).
# Uses the debug build (swift build) unless ICSVIEW names another binary.
set -euo pipefail
cd "$(dirname "$0")/.."
ICSVIEW="${ICSVIEW:-.build/debug/icsview}"
MANIFEST=Fixtures/validation/manifest.tsv
KNOWN=Fixtures/validation/known-issues.tsv
[ -x "$ICSVIEW" ] || { echo "validate-fixtures: $ICSVIEW is missing; run swift build first" >&2; exit 1; }

failures=0
fail() { echo "validate-fixtures: FAIL: $*" >&2; failures=$((failures + 1)); }

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
    for code in $(printf '%s\n' "$output" | sed -n 's/^::\(error\|warning\) .*title=\(ICS[0-9]*\)::.*/\2/p' | sort -u); do
      grep -qx "$code" <<<"$allowed" || fail "$file raises $code, beyond its known issues ($KNOWN):"$'\n'"$output"
    done
    continue
  fi
  if ! output=$("$ICSVIEW" validate --strict --quiet "$file" 2>&1); then
    fail "$file should be valid:"
    echo "$output" >&2
  fi
done < <(find Fixtures -name '*.ics' -not -path 'Fixtures/validation/invalid/*' -print0 | sort -z)

# Invalid fixtures: exactly the listed codes.
invalid=0
declare -A listed_files=()
while IFS=$'\t' read -r name codes; do
  case "$name" in ''|'#'*) continue ;; esac
  invalid=$((invalid + 1))
  file="Fixtures/validation/$name"
  listed_files["$file"]=1
  [ -f "$file" ] || { fail "$file is in the manifest but does not exist"; continue; }
  set +e
  output=$("$ICSVIEW" validate --format github --quiet "$file" 2>&1)
  status=$?
  set -e
  raised=$(printf '%s\n' "$output" | sed -n 's/^::\(error\|warning\) .*title=\(ICS[0-9]*\)::.*/\2/p' | sort -u)
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
done < "$MANIFEST"

while IFS= read -r -d '' file; do
  [ -n "${listed_files[$file]:-}" ] || fail "$file is not listed in $MANIFEST"
done < <(find Fixtures/validation/invalid -name '*.ics' -print0)

if [ "$failures" -gt 0 ]; then
  echo "validate-fixtures: $failures failure(s) ($valid valid, $invalid invalid fixtures)" >&2
  exit 1
fi
echo "validate-fixtures: $valid valid and $invalid invalid fixtures as expected"
