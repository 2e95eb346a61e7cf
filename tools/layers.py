"""Print the project's layers, drawn from its imports: which folder of the page (web/) and which
package or top-level module of the engine (py_engine/) imports which, lowest layer last.

    python tools/layers.py            # the text picture docs/architecture.md carries

A folder's layer is one more than the highest layer it imports from (folders that import each
other share a layer). docs/architecture.md holds this output between its `layers` markers, and
tests/site/test_docs.py checks it is current: after moving modules, run this and paste its output.
"""
from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
ENGINE = ROOT / "py_engine"
# an ES import or re-export of a relative path (comments are dropped first)
JS_IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?from\s*"(\.[^"]+)"|^\s*import\s*"(\.[^"]+)"|\bimport\(\s*"(\.[^"]+)"\s*\)',
                       re.M)


def _code(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join("" if line.lstrip().startswith("//") else line for line in text.splitlines())


def web_edges() -> dict[str, set[str]]:
    """web/<folder> -> the web/ folders its scripts import from (only folders holding scripts)."""
    edges: dict[str, set[str]] = {}
    for path in sorted(WEB.rglob("*.js")):
        if path.parent == WEB:
            continue
        group = "web/" + path.relative_to(WEB).parts[0]
        edges.setdefault(group, set())
        for match in JS_IMPORT.finditer(_code(path.read_text(encoding="utf-8"))):
            target = (path.parent / next(s for s in match.groups() if s)).resolve()
            if target.is_relative_to(WEB) and target.parent != WEB and target.exists():
                other = "web/" + target.relative_to(WEB).parts[0]
                if other != group:
                    edges[group].add(other)
    return edges


def _engine_group(module: str) -> str:
    """py_engine.rules.xinyu -> py_engine/rules/; a module at the top, py_engine.bridge ->
    py_engine/bridge.py; the package itself (its __init__, which names what Python users import)
    -> py_engine/__init__.py."""
    parts = module.split(".")
    if len(parts) == 1:
        return "py_engine/__init__.py"
    if ENGINE.joinpath(parts[1]).is_dir():
        return f"py_engine/{parts[1]}/"
    return f"py_engine/{parts[1]}.py"


def engine_edges() -> dict[str, set[str]]:
    """py_engine's packages -> the packages of the engine they import from."""
    edges: dict[str, set[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = ".".join(parts[:-1])
        group = _engine_group(module)
        edges.setdefault(group, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                names = [f"{base}.{a.name}" if (ENGINE.parent / base.replace(".", "/") / a.name).is_dir()
                         or (ENGINE.parent / base.replace(".", "/") / f"{a.name}.py").exists() else base
                         for a in node.names]
            for name in names:
                if name.split(".")[0] == "py_engine":
                    other = _engine_group(name)
                    if other != group:
                        edges[group].add(other)
    return edges


def layers(edges: dict[str, set[str]]) -> tuple[list[list[str]], list[list[str]]]:
    """Groups by layer, lowest first, and the cycles (groups that import one another, which share
    a layer)."""
    reach = {g: set(d) for g, d in edges.items()}
    changed = True
    while changed:  # transitive closure (a few dozen groups)
        changed = False
        for deps in reach.values():
            more = set().union(*(reach.get(d, set()) for d in deps)) - deps
            if more:
                deps |= more
                changed = True
    def cycle(group: str) -> frozenset[str]:
        return frozenset({group} | {d for d in reach[group] if group in reach.get(d, set())})

    level: dict[frozenset[str], int] = {}

    def depth(members: frozenset[str]) -> int:
        if members not in level:
            below = {d for g in members for d in edges[g] if d not in members}
            level[members] = max([depth(cycle(d)) + 1 for d in below], default=0)
        return level[members]

    placed = {group: depth(cycle(group)) for group in edges}
    out: list[list[str]] = [[] for _ in range(max(placed.values(), default=-1) + 1)]
    for group, n in placed.items():
        out[n].append(group)
    cycles = sorted({tuple(sorted(cycle(g))) for g in edges if len(cycle(g)) > 1})
    return [sorted(row) for row in out], [list(c) for c in cycles]


def picture(title: str, edges: dict[str, set[str]]) -> Iterable[str]:
    yield title
    rows, cycles = layers(edges)
    for n, row in reversed(list(enumerate(rows))):
        for group in row:
            uses = ", ".join(sorted(g.split("/", 1)[-1] for g in edges[group])) or "-"
            yield f"  {n:>2}  {group:<28} imports {uses}"
        if n:
            yield "     " + "-" * 20
    for members in cycles:
        yield "  import one another: " + ", ".join(members)


def main() -> int:
    lines = [*picture("the page (web/): layer, folder, what it imports", web_edges()),
             "",
             "  web/engine's workers run the engine: engine-worker.js -> py_engine.bridge.call(json) -> json",
             "",
             *picture("the engine (py_engine/): layer, package, what it imports", engine_edges())]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
