"""What the engine can import ships with the site (tools/site_bytecode.py, build.py): the standard
library is trimmed to the engine's import graph and what the warm-up imports, and the build fails
naming a module the engine can import that the site would not ship. A restored snapshot has no
wheel installed, so the warm-up imports every engine module and the boot manifest lists them all
(the engine worker imports each after a restore, or boots normally)."""
from __future__ import annotations

import gzip
import io
import json
import runpy
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = runpy.run_path(str(ROOT / "tools" / "site_bytecode.py"))  # its functions: run by precompile.mjs it trims


def engine_tree_modules() -> set[str]:
    """The engine's modules in the checkout, but the subpackages the page's wheel leaves out (build.py
    PAGE_LEAVES_OUT: py_engine.draw, for Python authors)."""
    left_out = runpy.run_path(str(ROOT / "build.py"))["PAGE_LEAVES_OUT"]
    names = set()
    for path in (ROOT / "py_engine").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if len(parts) > 2 and parts[1] in left_out:
            continue
        names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_imports_are_read_everywhere_in_the_engine_and_at_the_top_of_the_standard_library():
    source = b"""
from . import sibling
from ..up import thing
import a.b
if flag:
    import in_if
try:
    import fast
except ImportError:
    import slow
def later():
    import lazy
"""
    top = TOOL["imports_of"](source, "pkg.sub.mod", False, False)
    assert top == {"pkg", "pkg.sub", "pkg.sub.sibling", "pkg.up", "pkg.up.thing", "a", "a.b", "in_if", "fast", "slow"}
    everywhere = TOOL["imports_of"](source, "pkg.sub.mod", False, True)
    assert everywhere == top | {"lazy"}
    # a fallback is followed only where what it stands in for cannot be imported
    assert TOOL["imports_of"](source, "pkg.sub.mod", False, False, lambda name: name == "fast") == top - {"slow"}
    assert TOOL["imports_of"](source, "pkg.sub.mod", False, False, lambda name: False) == top


def test_the_graph_reaches_through_the_standard_library_and_skips_what_is_frozen(tmp_path):
    engine = tmp_path / "py_engine"
    engine.mkdir()
    (engine / "__init__.py").write_text("")
    (engine / "pages.py").write_text("def analyze():\n    import json\n    from . import x\n")
    sources = {
        "json/__init__.py": b"from .decoder import JSONDecoder\nimport os\n",
        "json/decoder.py": b"import re\ndef f():\n    import difflib\n",
        "re/__init__.py": b"import enum\n", "enum.py": b"", "difflib.py": b"import heapq\n", "heapq.py": b"",
        "os.py": b"import posixpath\n", "posixpath.py": b"",
    }
    modules = {"py_engine": str(engine / "__init__.py"), "py_engine.pages": str(engine / "pages.py")}
    reached, elsewhere = TOOL["reachable"](modules, sources, lambda name: name == "os")
    assert set(reached) == {"json/__init__.py", "json/decoder.py", "re/__init__.py", "enum.py"}
    assert reached["json/__init__.py"] == {"py_engine.pages"}
    assert "os" in elsewhere and "posixpath.py" not in reached  # frozen: the interpreter's own start


def test_the_check_names_each_module_the_site_would_not_ship(tmp_path):
    site = TOOL["SITE_ROOT"]
    stdlib = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as z:
        z.writestr("json/__init__.pyc", b"")
    wheel = tmp_path / "engine.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("py_engine/__init__.pyc", b"")
    reached = {"json/__init__.py": {"py_engine.bridge"}, "difflib.py": {"py_engine.analyzer"}}
    engine = {"py_engine": site + "py_engine/__init__.py", "py_engine.lessons": site + "py_engine/lessons.py"}
    missing = TOOL["check"](str(stdlib), str(wheel), reached, engine, ["py_engine"])
    assert any("difflib.py" in m and "py_engine.analyzer" in m for m in missing), missing
    assert any("py_engine.lessons (py_engine/lessons.py)" in m for m in missing), missing
    assert any("py_engine.lessons: the warm-up" in m for m in missing), missing
    assert not any("json" in m for m in missing)
    everything = TOOL["check"](str(stdlib), str(wheel), {"json/__init__.py": {"x"}}, {"py_engine": site + "py_engine/__init__.py"}, ["py_engine"])
    assert everything == []


@pytest.fixture(scope="module")
def dist() -> Path:
    dist = ROOT / "dist"
    if not (dist / "engine.json").is_file():
        pytest.fail("dist/ is not built: run the README's test command (tests/run.sh builds it first)")
    return dist


def test_the_manifest_lists_every_engine_module_and_the_site_ships_them(dist):
    manifest = json.loads((dist / "engine.json").read_text(encoding="utf-8"))
    assert set(manifest["modules"]) == engine_tree_modules()
    wheel = next((dist / "wheels").rglob("*.whl.gz"))
    with zipfile.ZipFile(io.BytesIO(gzip.decompress(wheel.read_bytes()))) as z:
        shipped = {n.removesuffix("c") for n in z.namelist() if n.endswith((".py", ".pyc"))}
    for module in manifest["modules"]:
        path = module.replace(".", "/")
        assert f"{path}.py" in shipped or f"{path}/__init__.py" in shipped, module


def test_the_standard_library_holds_what_the_engines_pages_import_lazily(dist):
    """The modules the engine's functions import when first asked (json by the bridge, the
    analyzer's and the lessons' own): in the shipped zip as bytecode."""
    with zipfile.ZipFile(io.BytesIO(gzip.decompress((dist / "pyodide" / "python_stdlib.zip.gz").read_bytes()))) as z:
        names = set(z.namelist())
    for module in ("json/__init__.pyc", "dataclasses.pyc", "logging/__init__.pyc", "typing.pyc", "random.pyc",
                   "traceback.pyc", "inspect.pyc"):
        assert module in names, module


def test_the_pages_workflow_tests_before_it_publishes():
    yaml = pytest.importorskip("yaml")  # PyYAML comes with mkdocs, a test dependency
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    triggers = workflow.get("on") or workflow.get(True)
    assert "pull_request" in triggers and "push" in triggers
    jobs = workflow["jobs"]
    assert any(step.get("run", "").startswith("./tests/run.sh") for step in jobs["test"]["steps"])
    assert jobs["build"]["needs"] == "test" and jobs["deploy"]["needs"] == "build"
    assert "pull_request" in jobs["build"]["if"] and "pull_request" in jobs["deploy"]["if"]
