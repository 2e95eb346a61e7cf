"""The engine's layout (issue 32): a rule set is reached through its RuleSet object, never through
its module, so a third rule set is added in py_engine/rules/ alone; and the bridge and the analyzer
do not import each other in a circle. Read from the source with `ast`: every import, at the top of a
module or inside a function (a lazy import is an import), and `import_module` with a literal name."""
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


def test_the_layout_sees_the_engine_and_its_rule_sets() -> None:
    assert {"py_engine.rules.xinyu", "py_engine.rules.longyan"} <= RULE_SET_MODULES
    assert {"py_engine.bridge", "py_engine.analyzer", "py_engine.bots.value"} <= set(MODULES)
    assert RULE_SET_MODULES <= GRAPH["py_engine.rules"]      # the registry: `from . import longyan, xinyu`


def test_every_form_of_import_is_read() -> None:
    xinyu, longyan = "py_engine.rules.xinyu", "py_engine.rules.longyan"
    forms = {
        "from .rules import xinyu": ("py_engine.winning", {"py_engine.rules", xinyu}),
        "from .rules import RULESETS, longyan as rules": ("py_engine.winning", {"py_engine.rules", longyan}),
        "from ..rules.longyan import swim_total": ("py_engine.bots.value", {"py_engine.rules", longyan}),
        "from ...rules.xinyu import score": ("py_engine.bots.value", set()),       # above the engine: not ours
        "import py_engine.rules.xinyu": ("py_engine.bots.hard", {"py_engine.rules", xinyu}),
        "from py_engine.rules import longyan": ("py_engine.bots.hard", {"py_engine.rules", longyan}),
        "def f():\n    from .bridge import call": ("py_engine.analyzer", {"py_engine.bridge"}),
        "import_module('.analyzer', __package__)": ("py_engine.bridge", {"py_engine.analyzer"}),
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
    there = reaches("py_engine.bridge", "py_engine.analyzer")
    back = reaches("py_engine.analyzer", "py_engine.bridge")
    assert there is not None, "the bridge answers `analyze` with the analyzer"
    assert back is None, f"the analyzer reaches the bridge: {' -> '.join(back)}"
