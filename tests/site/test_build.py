"""build.py's engine wheel: built by the pinned setuptools' PEP 517 backend (isolated: python -I -S),
the same bytes from the same sources, a RECORD that matches its files, and nothing but the
engine's package inside. And the page's modules as build.py bundles them: each page names every
module it loads in its hints, the same bytes each time, nothing left but what is asked for by URL."""
from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import re
import shutil
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_build():
    spec = importlib.util.spec_from_file_location("mahjong_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_engine_wheel_is_reproducible_and_recorded(tmp_path):
    build = load_build()
    pin = build.load_pin()
    first = build.build_engine_wheel(tmp_path / "a", pin)
    second = build.build_engine_wheel(tmp_path / "b", pin)
    assert first.name == second.name and first.name.endswith("-py3-none-any.whl")
    assert first.read_bytes() == second.read_bytes()

    wheel = zipfile.ZipFile(first)
    names = wheel.namelist()
    record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
    rows = list(csv.reader(io.StringIO(wheel.read(record_name).decode())))
    recorded = {row[0] for row in rows}
    assert recorded == set(names)
    for path, digest, size in rows:
        if path == record_name:
            continue
        data = wheel.read(path)
        assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert int(size) == len(data)
    assert {n.split("/")[0] for n in names} == {"py_engine", first.name.split("-")[0] + "-" + first.name.split("-")[1] + ".dist-info"}
    assert "py_engine/bridge.py" in names and not [n for n in names if "__pycache__" in n or n.endswith(".md")]
    assert "Generator: setuptools" in wheel.read(next(n for n in names if n.endswith("dist-info/WHEEL"))).decode()
    assert {info.date_time for info in wheel.infolist()} == {(1980, 1, 2, 0, 0, 0)}


# --- the modules bundled (build.py bundle_modules) ------------------------------------------

# a statement starts a line or follows a ';' (the bundles are minified: `import{a}from"./b.js";import…`)
STATIC_IMPORT = re.compile(r'(?:^|;)\s*import\s*(?:[^"\';()]*?\bfrom\s*)?["\']\./([^"\']+)["\']', re.M)


DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*["\']\./([^"\']+)["\']\s*\)')


def imports_of(text: str) -> list[str]:
    """The relative modules a bundle imports, statically or not (JSDoc's import() types are comments)."""
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(("*", "/*", "//")))
    return STATIC_IMPORT.findall(code) + DYNAMIC_IMPORT.findall(code)


def bundled(tmp_path: Path, name: str) -> Path:
    """web/ copied, published flat, with the pinned Pyodide's pyodide.mjs, and bundled as build.py
    bundles it in dist/."""
    build = load_build()
    site = tmp_path / name
    shutil.copytree(ROOT / "web", site)
    build.publish_flat(site)
    with tarfile.open(build.fetch_pyodide_tarball(build.load_pin())) as tar:
        (site / "pyodide").mkdir()
        (site / "pyodide" / "pyodide.mjs").write_bytes(tar.extractfile("package/pyodide.mjs").read())  # type: ignore[union-attr]
    build.bundle_modules(site)
    return site


def test_each_page_names_every_module_it_loads_in_its_hints(tmp_path):
    build = load_build()
    site = bundled(tmp_path, "a")
    pages = sorted(site.glob("*.html"))
    assert len(pages) >= 6
    for page in pages:
        html = page.read_text(encoding="utf-8")
        scripts = build.MODULE_SCRIPT.findall(html)
        if not scripts:
            continue
        hints = build.PRELOAD.findall(html)
        # what the scripts import, statically, all the way down: all of it asked for at once
        wanted, todo = set(), list(scripts)
        while todo:
            name = todo.pop()
            if name in wanted:
                continue
            wanted.add(name)
            assert (site / name).is_file(), f"{page.name}: {name} is not in the site"
            todo += [n for n in STATIC_IMPORT.findall((site / name).read_text(encoding="utf-8")) if not n.startswith("pyodide/")]
        assert wanted == set(hints), page.name
        assert len(hints) == len(set(hints))
    index = build.PRELOAD.findall((site / "index.html").read_text(encoding="utf-8"))
    assert len(index) <= 6, index  # not the ~60 files of web/


def test_the_bundles_keep_only_what_is_asked_for_by_url_and_are_reproducible(tmp_path):
    build = load_build()
    first, second = bundled(tmp_path, "a"), bundled(tmp_path, "b")
    js = sorted(p.name for p in first.glob("*.js"))
    assert js == sorted(p.name for p in second.glob("*.js"))
    assert all((first / n).read_bytes() == (second / n).read_bytes() for n in js)
    kept = {n for n in js if not n.startswith("chunk-")}
    pages = {n for p in first.glob("*.html") for n in build.MODULE_SCRIPT.findall(p.read_text(encoding="utf-8"))}
    classic = {"sw.js", "start.js"}  # the service worker and the page's classic head script
    assert kept == pages | set(build.PUBLIC_MODULES) | set(build.WORKERS) | classic
    for name in js:  # every relative import resolves in the site
        for dep in imports_of((first / name).read_text(encoding="utf-8")):
            assert (first / dep).is_file() or dep.startswith("pyodide/"), f"{name} imports {dep}"  # (Pyodide: vendored later)
    # a module an author pins (v1/mj-hand.js) is one file that imports nothing: a new build's chunks
    # (named by their content) cannot break a page that holds an older copy of it (issue 37)
    assert set(build.PINNED_MODULES) == {"v1/mj-hand.js", "v1/embed.js"}
    for path in build.PINNED_MODULES:
        text = (first / path).read_text(encoding="utf-8")
        assert (first / path).read_bytes() == (second / path).read_bytes(), path
        assert imports_of(text) == [] and not re.search(r"^\s*(import|export)\s[^;]*\bfrom\s", text, re.M), path
    assert 'customElements.define("mj-hand"' in (first / "v1/mj-hand.js").read_text(encoding="utf-8")
    # the host's helper: one classic script too (no export: a plain <script src> includes it)
    helper = (first / "v1/embed.js").read_text(encoding="utf-8")
    assert "mahjongEmbed" in helper and not re.search(r"(^|;)\s*export\b", helper, re.M)
    # each worker imports nothing of the site but Pyodide's runtime (its loadPyodide taken in)
    assert not (first / "pyodide" / "pyodide.mjs").exists()
    for worker in build.WORKERS:
        assert "loadPyodide" in (first / worker).read_text(encoding="utf-8")
        assert set(imports_of((first / worker).read_text(encoding="utf-8"))) <= {"pyodide/pyodide.asm.mjs"}, worker


# --- the runtime's start patched (build.py RUNTIME_PATCH) ---------------------------------------

BOOT_AND_COUNT = """
const { loadPyodide } = await import(process.argv[1] + "/pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: process.argv[1] + "/" });
const got = Object.entries(pyodide._module.GOT);
console.log(JSON.stringify({
  got: got.length,
  unresolved: got.filter(([, entry]) => entry.value === -1).map(([name]) => name),
  table: pyodide._module.wasmTable.length,
  python: pyodide.runPython("import json, zlib; json.dumps(sorted({3, 1, 2})) + str(zlib.crc32(b'mahjong'))"),
}));
"""


def test_the_vendored_runtime_fills_only_the_linker_entries_it_asks_for(tmp_path):
    """Booted under Node as the build vendors it: Python runs, every entry of the dynamic linker's
    table (GOT) is resolved, and there are only the runtime's own imports' (~280), not one per
    export (8,834 and a function table ~5,000 slots longer with the npm file as it is)."""
    import json
    import subprocess
    import zlib

    build = load_build()
    node = shutil.which("node")
    assert node, "node is needed by the build (the bytecode step) and by this test"
    lock = build.vendor_pyodide(build.load_pin(), tmp_path)
    (tmp_path / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    out = subprocess.run([node, "--input-type=module", "-e", BOOT_AND_COUNT, str(tmp_path)],
                         check=True, capture_output=True, text=True, timeout=120)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["python"] == "[1, 2, 3]" + str(zlib.crc32(b"mahjong"))
    assert found["unresolved"] == []
    assert 0 < found["got"] < 1000
    assert found["table"] < 10_000


def test_the_runtime_patch_refuses_a_file_it_does_not_fit(tmp_path):
    import pytest

    build = load_build()
    runtime = tmp_path / "pyodide.asm.mjs"
    runtime.write_text("var x=1;", encoding="utf-8")
    with pytest.raises(build.BuildError, match="RUNTIME_PATCH"):
        build.patch_runtime(runtime)
    assert runtime.read_text(encoding="utf-8") == "var x=1;"


def test_the_service_worker_serves_from_the_cache_the_snapshot_is_kept_in():
    """sw.js is a classic worker and cannot import pyodide-boot.js: the name of the cache the
    snapshot and the kept runtime live in is written twice, and must be the same name."""
    web = ROOT / "web"
    boot = re.findall(r'^export const SNAPSHOT_CACHE = "([^"]+)";$', (web / "engine" / "pyodide-boot.js").read_text(encoding="utf-8"), re.M)
    sw = re.findall(r'^const KEPT_CACHE = "([^"]+)";$', (web / "shell" / "sw.js").read_text(encoding="utf-8"), re.M)
    assert len(boot) == 1 and boot == sw, (boot, sw)
