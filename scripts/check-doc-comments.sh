#!/usr/bin/env bash
# Lists every public declaration of Sources/ICSKit without a `///` doc comment right above it
# (attributes such as @discardableResult may sit between), and fails when there is one.
# Protocol witnesses whose meaning the protocol fixes (==, <, hash(into:), init(from:),
# encode(to:), next(), makeIterator()) are exempt. Run by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - "$@" <<'PY'
import pathlib, re, sys
decl = re.compile(r'^\s*(?:@[\w().:, ]+\s+)*public\s+(?:(?:static|final|mutating|nonmutating|override|convenience|required|indirect|nonisolated)\s+)*'
                  r'(?:func|var|let|init|struct|enum|class|actor|typealias|subscript|protocol|extension)\b')
exempt = re.compile(r'public\s+(static\s+func\s+(==|<) |func\s+hash\(into|init\(from decoder|func\s+encode\(to encoder|mutating\s+func\s+next\(\)|func\s+makeIterator\(\))')
missing = []
for path in sorted(pathlib.Path('Sources/ICSKit').rglob('*.swift')):
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines):
        if not decl.match(line) or exempt.search(line):
            continue
        j = i - 1
        while j >= 0 and re.match(r'^\s*@\w+', lines[j]):
            j -= 1
        above = lines[j].strip() if j >= 0 else ''
        if not (above.startswith('///') or above.endswith('*/')):
            missing.append(f'{path}:{i + 1}: {line.strip()}')
for entry in missing:
    print(entry)
if missing:
    print(f'{len(missing)} public declaration(s) without a doc comment', file=sys.stderr)
    sys.exit(1)
print('every public declaration has a doc comment')
PY
