"""The engine's architecture (issues 32 and 45): packages by job, each importing only the packages
below it (LAYERS), no import circle between modules, and a rule set reached through its RuleSet
object, never through its module, so a third rule set is added in py_engine/rules/ alone.

Read from the source with `ast`: every import, at the top of a module, inside a function (a lazy
import is an import) or under `if TYPE_CHECKING:` (a type-only import is an import: it is how a
circle hides), and `import_module` with a literal name."""
from __future__ import annotations

import ast
from pathlib import Path

from py_engine.rules import RULESETS

ENGINE = Path(__file__).resolve().parents[2] / "py_engine"
PACKAGE = ENGINE.name

#: The rule sets' own modules, as the registry knows them (a third rule set's module joins by itself).
RULE_SET_MODULES = frozenset(type(rules).__module__ for rules in RULESETS.values())


def module_name(path: Path) -> str:
    parts = (PACKAGE, *path.relative_to(ENGINE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}


def package_of(name: str) -> str:
    """The package a module's relative imports start from (a package is its own)."""
    return name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]


def absolute(name: str, level: int, importer: str) -> str:
    """`from ..rules import x` in `importer`: the module `py_engine.rules` (level 2, name "rules")."""
    if level == 0:
        return name
    base = package_of(importer).split(".")
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def imports_in(source: str, importer: str) -> set[str]:
    """Every py_engine module the code `source` of module `importer` imports, in any form: `import
    a.b`, `from .a import b` (b a module of a, or a name of a), `from ..a.b import c`,
    `import_module(".a", __package__)`, at the top or inside a function; a subpackage's module
    counts its subpackage too (importing it runs the subpackage's __init__)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = absolute(node.module or "", node.level, importer)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            text = node.args[0].value
            found.add(absolute(text.lstrip("."), len(text) - len(text.lstrip(".")), importer))
    modules = {name for name in found if name in MODULES}
    for name in list(modules):                 # py_engine.bots.common runs py_engine.bots first
        parent = name.rpartition(".")[0]
        while parent.startswith(f"{PACKAGE}."):
            modules.add(parent)
            parent = parent.rpartition(".")[0]
    modules.discard(importer)
    return modules


def imports(importer: str) -> set[str]:
    return imports_in(MODULES[importer].read_text(encoding="utf-8"), importer)


GRAPH: dict[str, set[str]] = {name: imports(name) for name in MODULES}


def reaches(start: str, goal: str) -> list[str] | None:
    """An import path from `start` to `goal`, if there is one."""
    paths = {start: [start]}
    todo = [start]
    while todo:
        here = todo.pop()
        for there in sorted(GRAPH[here]):
            if there not in paths:
                paths[there] = paths[here] + [there]
                if there == goal:
                    return paths[there]
                todo.append(there)
    return None


#: Each package of the engine and the packages it may import, from the bottom up. A module directly
#: in py_engine/ is a package of its own here; the root py_engine/__init__.py (the names Python
#: users import) may import anything, and nothing imports it.
LAYERS: dict[str, frozenset[str]] = {
    "types": frozenset(),                                        # the typed shapes handed out
    "version": frozenset(),
    "tiles": frozenset({"types"}),                               # codes, notation, hand shapes
    "rules": frozenset({"tiles", "types"}),                      # the rule sets: data plus hooks
    "play": frozenset({"rules", "tiles", "types"}),              # a hand, its referee, a match
    "bots": frozenset({"play", "rules", "tiles", "types"}),
    "teach": frozenset({"bots", "play", "rules", "tiles", "types"}),  # hints, analysis, analyzer, ...
    "record": frozenset({"teach", "bots", "play", "rules", "tiles", "types", "version"}),  # replays
    "bridge": frozenset({"record", "teach", "bots", "play", "rules", "tiles", "types", "version"}),
    "draw": frozenset({"teach"}),                                # hands as SVG for authors: the sentences only
}
ROOT_PART = ""


def part_of(name: str) -> str:
    """The package of LAYERS a module belongs to ("py_engine.play.game" -> "play"); the root is ""."""
    return name.split(".")[1] if "." in name else ROOT_PART


def own_packages(name: str) -> set[str]:
    """The packages a module sits in: importing a sibling runs them, which is no circle of its own."""
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def circle() -> list[str] | None:
    """A circle of imports between modules, if there is one (depth-first, three colours)."""
    edges = {name: sorted(GRAPH[name] - own_packages(name)) for name in MODULES}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(here: str) -> list[str] | None:
        state[here] = 1
        stack.append(here)
        for there in edges[here]:
            if state.get(there) == 1:
                return stack[stack.index(there):] + [there]
            if there not in state and (found := visit(there)):
                return found
        stack.pop()
        state[here] = 2
        return None

    for name in MODULES:
        if name not in state and (found := visit(name)):
            return found
    return None


def test_every_module_sits_in_a_package_of_the_layers() -> None:
    strays = sorted(name for name in MODULES if name != PACKAGE and part_of(name) not in LAYERS)
    assert strays == [], f"add each to a package by job, or its package to LAYERS: {strays}"
    assert {"tiles", "rules", "play", "bots", "teach", "record"} <= {part_of(n) for n in MODULES if n.count(".") >= 2}


def test_each_package_imports_only_the_packages_below_it() -> None:
    wrong = sorted(
        f"{name} -> {there}"
        for name in MODULES if name != PACKAGE
        for there in GRAPH[name]
        if part_of(there) != part_of(name) and part_of(there) not in LAYERS[part_of(name)]
    )
    assert wrong == [], "an import against the layers (tests/engine/test_layout.py LAYERS):\n" + "\n".join(wrong)


def test_the_layers_themselves_hold_no_circle() -> None:
    for part, below in LAYERS.items():
        for other in below:
            assert part not in LAYERS[other], f"{part} and {other} may import each other"


def test_no_module_imports_the_root_package() -> None:
    """py_engine/__init__.py imports the play and, on first use, the teaching tools: a module that
    imported it back would close a circle through the whole engine."""
    assert sorted(name for name in MODULES if PACKAGE in GRAPH[name]) == []
    assert imports_in("from .. import __version__", "py_engine.record.replay") == {PACKAGE}  # the edge is read


def test_no_import_circle_between_modules_type_checking_included() -> None:
    found = circle()
    assert found is None, "an import circle: " + " -> ".join(found or [])


def test_a_circle_is_seen_through_a_type_checking_import() -> None:
    """The circle issue 45 broke (positions -> rules -> rules/base -> state -> positions) was closed
    by a type-only import; read as the test reads it, such an import is an edge."""
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..play.state import HandState\n"
    assert "py_engine.play.state" in imports_in(source, "py_engine.rules.base")


def test_the_layout_sees_the_engine_and_its_rule_sets() -> None:
    assert {"py_engine.rules.xinyu", "py_engine.rules.longyan"} <= RULE_SET_MODULES
    assert {"py_engine.bridge", "py_engine.teach.analyzer", "py_engine.bots.value"} <= set(MODULES)
    assert RULE_SET_MODULES <= GRAPH["py_engine.rules"]      # the registry: `from . import longyan, xinyu`


def test_every_form_of_import_is_read() -> None:
    xinyu, longyan = "py_engine.rules.xinyu", "py_engine.rules.longyan"
    forms = {
        "from ..rules import xinyu": ("py_engine.play.winning", {"py_engine.rules", xinyu}),
        "from ..rules import RULESETS, longyan as rules": ("py_engine.play.winning", {"py_engine.rules", longyan}),
        "from ..rules.longyan import swim_total": ("py_engine.bots.value", {"py_engine.rules", longyan}),
        "from ...rules.xinyu import score": ("py_engine.bots.value", set()),       # above the engine: not ours
        "import py_engine.rules.xinyu": ("py_engine.bots.hard", {"py_engine.rules", xinyu}),
        "from py_engine.rules import longyan": ("py_engine.bots.hard", {"py_engine.rules", longyan}),
        "def f():\n    from ..bridge import call": ("py_engine.teach.analyzer", {"py_engine.bridge"}),
        "import_module('.teach.analyzer', __package__)": ("py_engine.bridge", {"py_engine.teach", "py_engine.teach.analyzer"}),
        "importlib.import_module('py_engine.rules.longyan')": ("py_engine.bridge", {"py_engine.rules", longyan}),
        "from .common import View": ("py_engine.bots.easy", {"py_engine.bots", "py_engine.bots.common"}),
        "from . import xinyu": ("py_engine.rules.longyan", {"py_engine.rules", xinyu}),
    }
    for source, (importer, expected) in forms.items():
        assert imports_in(source, importer) == expected, source


def test_no_module_outside_rules_imports_a_rule_sets_module() -> None:
    offenders = {
        name: sorted(GRAPH[name] & RULE_SET_MODULES)
        for name in MODULES
        if not name.startswith(f"{PACKAGE}.rules") and GRAPH[name] & RULE_SET_MODULES
    }
    assert offenders == {}, "reach a rule set through its RuleSet (rules.ruleset(name)), not its module"


def test_bridge_and_analyzer_import_no_circle() -> None:
    there = reaches("py_engine.bridge", "py_engine.teach.analyzer")
    back = reaches("py_engine.teach.analyzer", "py_engine.bridge")
    assert there is not None, "the bridge answers `analyze` with the analyzer"
    assert back is None, f"the analyzer reaches the bridge: {' -> '.join(back)}"


#: Every option name of every rule set (a third rule set's join by themselves).
OPTION_NAMES = frozenset(name for rules in RULESETS.values() for name in rules.options)


def option_reads(source: str) -> list[str]:
    """Where the code reads an option by name: `options["x"]`, `options.get("x")`, or `{**options,
    "x": ...}`, x a rule set's option, on anything whose expression says `options`."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            key, holder = node.slice.value, node.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
              and node.args and isinstance(node.args[0], ast.Constant)):
            key, holder = node.args[0].value, node.func.value
        elif isinstance(node, ast.Dict) and None in node.keys:
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            key, holder = next((k for k in keys if k in OPTION_NAMES), None), node
        else:
            continue
        if key in OPTION_NAMES and "options" in ast.unparse(holder):
            found.append((node.lineno, f"line {node.lineno}: {ast.unparse(node)}"))
    return [text for _, text in sorted(found)]


def test_a_rule_sets_options_are_read_by_its_own_hooks_only() -> None:
    """An option such as white_dragon or three_golds has one home, its rule set's module: the rest
    of the engine asks a hook (RuleSet.gold_rule, golds_win, may_win_on_discard...) (issue 45)."""
    assert option_reads('w = options.get("white_dragon") != "plain"\nx = q.options["three_golds"]\n'
                        'y = {**state.options, "gold_wild": "any"}\nz = seen.get("white_dragon")') == [
        'line 1: options.get(\'white_dragon\')', "line 2: q.options['three_golds']",
        "line 3: {**state.options, 'gold_wild': 'any'}"]
    offenders = {name: reads for name in MODULES if not name.startswith(f"{PACKAGE}.rules")
                 if (reads := option_reads(MODULES[name].read_text(encoding="utf-8")))}
    assert offenders == {}, "read through the rule set's hooks, not by the option's name"
