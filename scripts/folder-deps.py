#!/usr/bin/env python3
"""Which source folders use which: a folder uses another when one of its files names a type
declared in the other (type references read from the source, comments and strings removed).
Prints the edges with an example type, then any cycle between folders.

    python3 scripts/folder-deps.py Sources/ICSKit            # edges and cycles
    python3 scripts/folder-deps.py Sources/ICSKit --cycles   # exit 1 when there is a cycle
"""
import pathlib, re, sys
from collections import defaultdict

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else 'Sources/ICSKit')
only_cycles = '--cycles' in sys.argv
decl = re.compile(r'^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|final|indirect|nonisolated)\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z]\w*)', re.M)
ident = re.compile(r'\b([A-Z]\w*)\b')
# Any declaration, nested ones too: a file that declares a nested `Kind` means its own by `Kind`.
anydecl = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|final|indirect|nonisolated)\s+)*(?:struct|enum|class|actor|protocol|typealias)\s+([A-Z]\w*)', re.M)

def strip(text):
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r'/\*[\s\S]*?\*/', '', text)
    return re.sub(r'//[^\n]*', '', text)

files = {p: strip(p.read_text()) for p in root.rglob('*.swift')}
folder = lambda p: str(p.parent.relative_to(root)) or '.'
owner = {}
for p, text in files.items():
    for name in decl.findall(text):
        owner.setdefault(name, folder(p))
edges = defaultdict(dict)
for p, text in files.items():
    mine = folder(p)
    own = set(anydecl.findall(text))
    for name in set(ident.findall(text)) - own:
        other = owner.get(name)
        if other and other != mine:
            edges[mine].setdefault(other, name)

# A folder and its own subfolders count as one stage for cycles (Import/Window is part of Import).
stage = lambda f: f.split('/')[0]
graph = defaultdict(set)
for a, targets in edges.items():
    for b in targets:
        if stage(a) != stage(b):
            graph[stage(a)].add(stage(b))

def cycles():
    """The strongly connected groups of more than one stage (Tarjan), each a set of stages that
    use one another, with one edge of each pair shown."""
    index, low, stack, on, groups, counter = {}, {}, [], set(), [], [0]
    def visit(v):
        index[v] = low[v] = counter[0]; counter[0] += 1
        stack.append(v); on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop(); on.discard(w); group.append(w)
                if w == v: break
            if len(group) > 1: groups.append(sorted(group))
    for v in sorted(set(graph) | {w for ws in graph.values() for w in ws}):
        if v not in index: visit(v)
    return groups

if not only_cycles:
    for a in sorted(edges):
        print(f'{a} uses ' + ', '.join(f'{b} ({n})' for b, n in sorted(edges[a].items())))
found = cycles()
for group in found:
    print('cycle: ' + ', '.join(group) + ' use one another:')
    for a in group:
        for b, name in sorted(edges.get(a, {}).items()):
            if stage(b) in group and stage(b) != stage(a):
                print(f'  {a} -> {b} ({name})')
    # subfolders' edges
    for a in sorted(edges):
        if '/' in a and stage(a) in group:
            for b, name in sorted(edges[a].items()):
                if stage(b) in group and stage(b) != stage(a):
                    print(f'  {a} -> {b} ({name})')
sys.exit(1 if (only_cycles and found) else 0)
