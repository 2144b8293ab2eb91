#!/usr/bin/env bash
# Line and function coverage of Sources/icsview and Sources/ICSKit under the fuzz corpus, by folder
# (llvm-cov, from the Swift toolchain). Both fuzz targets are built with coverage (a debug build
# into .build/coverage, without the fuzzer: given files, each target runs them through what the
# fuzzer runs), then every corpus input is run through both.
#
# Usage: scripts/fuzz-coverage.sh [corpus-dir...]
#   default corpus: the last scripts/fuzz.sh run's (.build/fuzz/run-<target>/corpus: the seeds plus
#   what libFuzzer found), else the seeds alone (Fixtures/**/*.ics and Fuzz/corpus/).
# Prints a table of folders (lines covered / lines, %) and the totals; the whole report is in
# .build/coverage/report.txt, the per-file lines in .build/coverage/files.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null

TOOLS="$(dirname "$(readlink -f "$(command -v swiftc)")")"
SCRATCH=.build/coverage
for target in icskit-fuzz icsview-fuzz; do
    swift build --scratch-path "$SCRATCH" --product "$target" --enable-code-coverage >&2
done
BIN="$(swift build --scratch-path "$SCRATCH" --show-bin-path)"

if [ $# -gt 0 ]; then
    dirs=("$@")
else
    dirs=()
    for target in icskit-fuzz icsview-fuzz; do
        [ -d ".build/fuzz/run-$target/corpus" ] && dirs+=(".build/fuzz/run-$target/corpus")
    done
    if [ ${#dirs[@]} -eq 0 ]; then
        mkdir -p "$SCRATCH/seeds"
        find Fixtures -name '*.ics' -type f -exec cp {} "$SCRATCH/seeds/" \;
        find Fuzz/corpus -type f ! -name '*.md' -exec cp {} "$SCRATCH/seeds/" \;
        dirs=("$SCRATCH/seeds")
    fi
fi
inputs="$SCRATCH/inputs.txt"
find "${dirs[@]}" -type f | sort -u > "$inputs"
echo "coverage: $(wc -l < "$inputs") inputs from ${dirs[*]}" >&2

rm -rf "$SCRATCH/profiles"
mkdir -p "$SCRATCH/profiles"
for target in icskit-fuzz icsview-fuzz; do
    # 50 inputs a process; each process writes its own profile.
    LLVM_PROFILE_FILE="$PWD/$SCRATCH/profiles/$target-%p.profraw" \
        xargs -a "$inputs" -n 50 "$BIN/$target" >/dev/null 2>&1 || true
done
"$TOOLS/llvm-profdata" merge -sparse "$SCRATCH"/profiles/*.profraw -o "$SCRATCH/merged.profdata"
"$TOOLS/llvm-cov" report "$BIN/icsview-fuzz" -object "$BIN/icskit-fuzz" -instr-profile "$SCRATCH/merged.profdata" \
    Sources/icsview Sources/ICSKit > "$SCRATCH/report.txt"
"$TOOLS/llvm-cov" export -summary-only "$BIN/icsview-fuzz" -object "$BIN/icskit-fuzz" \
    -instr-profile "$SCRATCH/merged.profdata" Sources/icsview Sources/ICSKit > "$SCRATCH/summary.json"

python3 - "$SCRATCH/summary.json" "$SCRATCH/files.tsv" "$PWD/" <<'EOF'
import json, sys, collections
data = json.load(open(sys.argv[1]))["data"][0]
root = sys.argv[3]
folders = collections.OrderedDict()
rows = []
for f in data["files"]:
    name = f["filename"].replace(root, "")
    if not name.startswith("Sources/"):
        continue
    lines = f["summary"]["lines"]
    rows.append((name, lines["covered"], lines["count"]))
    folder = name.rsplit("/", 1)[0]
    c, n = folders.get(folder, (0, 0))
    folders[folder] = (c + lines["covered"], n + lines["count"])
with open(sys.argv[2], "w") as out:
    for name, c, n in sorted(rows):
        out.write(f"{name}\t{c}\t{n}\t{100*c/max(n,1):.1f}\n")
print("| folder | lines covered | lines | % |")
print("| --- | ---: | ---: | ---: |")
totals = collections.defaultdict(lambda: [0, 0])
for folder in sorted(folders):
    c, n = folders[folder]
    print(f"| `{folder}` | {c} | {n} | {100*c/max(n,1):.1f} |")
    target = "/".join(folder.split("/")[:2])
    totals[target][0] += c
    totals[target][1] += n
for target, (c, n) in sorted(totals.items()):
    print(f"| **{target}** | {c} | {n} | {100*c/max(n,1):.1f} |")
EOF
