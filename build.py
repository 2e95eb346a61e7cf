#!/usr/bin/env python3
"""Assemble dist/, the static site: the page, Pyodide, micropip and the engine wheel.

    python build.py                         build dist/
    python build.py serve [--port 8000]     build, then serve dist/ on http://127.0.0.1:8000/

Everything the page loads comes from dist/ itself (no CDN at run time). Downloads are
pinned in vendor.json and cached under .cache/: the Pyodide runtime from the npm package,
the micropip wheel from PyPI (it vendors its own packaging). The pages' and the workers' modules
are bundled by esbuild, pinned in package-lock.json (npm ci, run here when the lock changed).
"""
from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import runpy
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent
PIN_FILE = ROOT / "vendor.json"
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
ENGINE_PACKAGE = "py_engine"

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".html": "text/html",
    ".css": "text/css",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}


class BuildError(RuntimeError):
    """A download did not match its pin, or a tool the build needs failed."""


def log(message: str) -> None:
    print(f"build: {message}", file=sys.stderr, flush=True)


def load_pin() -> dict:
    return json.loads(PIN_FILE.read_text(encoding="utf-8"))


# --- downloads -------------------------------------------------------------------------

def _sri_sha512(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def fetch_pyodide_tarball(pin: dict) -> Path:
    """The npm tarball of Pyodide, from the cache or `npm pack`, checked against the pin."""
    spec = pin["pyodide"]
    target = CACHE / "npm" / f"{spec['npm']}-{spec['version']}.tgz"
    if not target.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError("npm is needed once to fetch the Pyodide runtime (apt-get install npm)")
        target.parent.mkdir(parents=True, exist_ok=True)
        log(f"npm pack {spec['npm']}@{spec['version']}")
        out = subprocess.run(
            [npm, "pack", f"{spec['npm']}@{spec['version']}", "--pack-destination", str(target.parent), "--json"],
            check=True, capture_output=True, text=True, cwd=target.parent,
        )
        packed = target.parent / json.loads(out.stdout)[0]["filename"]
        if packed != target:
            packed.replace(target)
    got = _sri_sha512(target.read_bytes())
    if got != spec["integrity"]:
        target.unlink()
        raise BuildError(f"{target.name}: integrity {got} does not match vendor.json ({spec['integrity']})")
    return target


def fetch_wheels(pin: dict) -> dict[str, Path]:
    """The pure wheels Pyodide loads (micropip) from PyPI, cached, each checked by sha256."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    wheels = pin["wheels"]
    missing = [name for name, w in wheels.items() if not (folder / w["file"]).exists()]
    if missing:
        log("pip download " + " ".join(f"{n}=={wheels[n]['version']}" for n in missing))
        env = dict(os.environ, PIP_CONSTRAINT="")  # a site-wide constraints file must not move the pins
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", "3.14", "--dest", str(folder),
             *(f"{n}=={wheels[n]['version']}" for n in missing)],
            check=True, env=env,
        )
    paths = {}
    for name, w in wheels.items():
        path = folder / w["file"]
        if not path.exists():
            raise BuildError(f"pip download did not produce {w['file']}")
        got = hashlib.sha256(path.read_bytes()).hexdigest()
        if got != w["sha256"]:
            path.unlink()
            raise BuildError(f"{w['file']}: sha256 {got} does not match vendor.json ({w['sha256']})")
        paths[name] = path
    return paths


# --- Pyodide ------------------------------------------------------------------------------

def vendor_pyodide(pin: dict, target: Path) -> dict:
    """Unpack the runtime files into target/; return Pyodide's lock trimmed to the wheels we ship
    (it goes inline into engine.json: no pyodide-lock.json to fetch)."""
    tarball = fetch_pyodide_tarball(pin)
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as tar:
        for name in pin["pyodide"]["files"]:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{tarball.name} has no {name}")
            (target / name).write_bytes(member.read())
        lock = json.load(tar.extractfile("package/pyodide-lock.json"))  # type: ignore[arg-type]
    patch_runtime(target / "pyodide.asm.mjs")

    packages = {}
    for name, wheel in fetch_wheels(pin).items():
        shutil.copyfile(wheel, target / wheel.name)
        entry = dict(lock["packages"][name])
        entry.update(
            file_name=wheel.name,
            version=pin["wheels"][name]["version"],
            sha256=pin["wheels"][name]["sha256"],
        )
        packages[name] = entry
    lock["packages"] = packages
    return lock


# Emscripten's start, in pyodide.asm.mjs, gives every one of the runtime's 8,560 exports an entry
# in the dynamic linker's table (GOT) and a slot in the function table (5,182 slots, one grow each),
# for side modules (.so files) that might ask for them later. This site loads none, and a side
# module's imports are resolved when it loads anyway (reportUndefinedSymbols, which also runs at
# start for the 280 entries the runtime itself imports): only the entries already asked for are
# filled. ~40-60 ms less on the engine worker's critical path, on every boot and every restore of
# a snapshot (bench/boot.py). The table is laid out differently, so a snapshot is tied to the
# patched file: its key has pyodide.asm.mjs's digest (build()).
RUNTIME_PATCH = (
    "updateGOT(origExports);LDSO.init();",
    "updateGOT(Object.fromEntries(Object.keys(GOT).filter(s=>s in origExports)"
    ".map(s=>[s,origExports[s]])));LDSO.init();",
)


def patch_runtime(path: Path) -> None:
    old, new = RUNTIME_PATCH
    text = path.read_text(encoding="utf-8")
    if text.count(old) != 1:
        raise BuildError(f"{path.name}: the text RUNTIME_PATCH replaces is not there once")
    path.write_text(text.replace(old, new), encoding="utf-8")


def pack(path: Path) -> Path:
    """path (a zip: the standard library or a wheel) rewritten with its members stored, then
    gzipped whole as path.gz in its place: one compression over the whole archive takes about a
    sixth more off than deflating member by member, whatever the host compresses; the workers
    fetch it and unpack it (web/pyodide-boot.js, `unpacking`). Returns the .gz."""
    with zipfile.ZipFile(path) as src:
        members = [(info, src.read(info)) for info in src.infolist()]
    stored = io.BytesIO()
    with zipfile.ZipFile(stored, "w", zipfile.ZIP_STORED) as out:
        for info, data in members:
            info.compress_type = zipfile.ZIP_STORED
            out.writestr(info, data)
    path.write_bytes(stored.getvalue())  # the lock's and the manifest's SHA-256 are of these bytes
    packed = path.with_name(path.name + ".gz")
    packed.write_bytes(gzip.compress(stored.getvalue(), 9, mtime=0))
    return packed


def relock(lock: dict, target: Path) -> None:
    """Set the lock's sha256 of the wheels we ship (after precompile changed them)."""
    for entry in lock["packages"].values():
        entry["sha256"] = hashlib.sha256((target / entry["file_name"]).read_bytes()).hexdigest()


# --- the engine wheel -----------------------------------------------------------------

# 1980-01-02: zip's epoch, so the same sources give the same wheel (setuptools' bdist_wheel
# stamps every member with SOURCE_DATE_EPOCH and writes them in sorted order).
SOURCE_DATE_EPOCH = "315619200"
WHEEL_INPUTS = ("pyproject.toml", "README.md", ENGINE_PACKAGE)
WHEEL_README = ("# py_engine\n\nThe rules, scoring, bots and hints of the mahjong game in this "
                "repository's README.md (every page of the site installs this wheel).\n")
# What the page's wheel leaves out of the engine's package: `draw/` draws hands for Python authors
# (Markdown sites, notebooks: docs/drawing.md), and the page paints the same faces.json from its own
# bundle (web/art/tiles.js), so no page visit downloads it, and the warm-up need not import it. A
# wheel built from the repository by pip carries it, faces.json with it (pyproject's package data).
# `i18n/` (the catalogs, for Python's own words: teach/words.py) likewise: the page writes its own.
PAGE_LEAVES_OUT = ("draw", "i18n")


def fetch_build_tools(pin: dict) -> Path:
    """The folder holding the pinned setuptools wheel that builds the engine's wheel (from PyPI once)."""
    folder = CACHE / "build-tools"
    spec = pin["build"]["setuptools"]
    path = folder / spec["file"]
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        log(f"pip download setuptools=={spec['version']}")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--dest", str(folder), f"setuptools=={spec['version']}"],
            check=True, env=dict(os.environ, PIP_CONSTRAINT=""),
        )
    got = hashlib.sha256(path.read_bytes()).hexdigest()
    if got != spec["sha256"]:
        path.unlink()
        raise BuildError(f"{spec['file']}: sha256 {got} does not match vendor.json ({spec['sha256']})")
    return folder


def unpack_build_tools(pin: dict) -> Path:
    """The pinned setuptools, unpacked once from its checked wheel (a pure wheel is importable as
    it unpacks): the folder to put first on the backend's sys.path."""
    folder = fetch_build_tools(pin)
    spec = pin["build"]["setuptools"]
    unpacked = folder / f"setuptools-{spec['version']}-{spec['sha256'][:12]}"
    if not (unpacked / "setuptools" / "build_meta.py").exists():
        shutil.rmtree(unpacked, ignore_errors=True)
        with zipfile.ZipFile(folder / spec["file"]) as wheel:
            wheel.extractall(unpacked)
    return unpacked


# The PEP 517 backend called as pip's isolated build calls it, without making a virtual
# environment and installing setuptools into it for every build (20 s of a build here): -I -S,
# so no site-packages, user site or PYTHON* variable reaches it, only the standard library and
# the pinned setuptools. The same bytes as `pip wheel` gives (compared when this replaced it).
BACKEND = ("import sys; sys.path.insert(0, sys.argv[1]); from setuptools import build_meta; "
           "print(build_meta.build_wheel(sys.argv[2]))")


def build_engine_wheel(target: Path, pin: dict, leave_out: Iterable[str] = PAGE_LEAVES_OUT) -> Path:
    """The engine's py3-none-any wheel, built by the pinned setuptools' PEP 517 backend from a
    clean copy of the project (no build/ or egg-info left in the tree; no caches in the wheel),
    without the engine's subpackages named in `leave_out` (the page's: PAGE_LEAVES_OUT)."""
    tools = unpack_build_tools(pin)
    target.mkdir(parents=True, exist_ok=True)
    caches = shutil.ignore_patterns("__pycache__", "*.pyc")
    left_out = set(leave_out)

    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = set(caches(folder, names))
        return skipped | (left_out & set(names)) if Path(folder) == ROOT / ENGINE_PACKAGE else skipped

    with tempfile.TemporaryDirectory(prefix="engine-wheel-") as tmp:
        source = Path(tmp) / "src"
        for name in WHEEL_INPUTS:
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, source / name, ignore=ignore)
            else:
                source.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(ROOT / name, source / name)
        # the wheel's METADATA carries the readme whole: the page's copy needs only its first line
        (source / "README.md").write_text(WHEEL_README, encoding="utf-8")
        out = Path(tmp) / "out"
        out.mkdir()
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH)
        done = subprocess.run(
            [sys.executable, "-I", "-S", "-B", "-c", BACKEND, str(tools), str(out)],
            capture_output=True, text=True, env=env, cwd=source,
        )
        if done.returncode != 0:
            raise BuildError("setuptools could not build the engine's wheel:\n" + (done.stderr or done.stdout)[-3000:])
        built = sorted(out.glob("*-py3-none-any.whl"))
        if len(built) != 1:
            raise BuildError(f"setuptools gave {[p.name for p in out.iterdir()]}, not one pure wheel")
        wheel = target / built[0].name
        shutil.copyfile(built[0], wheel)
    return wheel


# --- bytecode ---------------------------------------------------------------------------

PRECOMPILE = ROOT / "tools" / "precompile.mjs"


def precompile(pyodide_dir: Path, lock: dict, wheels: list[Path]) -> dict | None:
    """Trim the standard library to what the engine can import (its import graph) and what the
    warm-up imports, and add Pyodide's own bytecode to it and to the wheels (tools/precompile.mjs
    and site_bytecode.py): a boot then compiles no Python source. Fails naming any module the engine
    can import that the site would not ship. Needs Node; without it the site ships the whole
    standard library as sources (it works, it downloads more and boots slower). Returns the import
    report ({engine: [modules], stdlib: [modules kept], missing: []}), None without Node."""
    node = shutil.which("node")
    if node is None:
        log("node not found: shipping the whole standard library as sources (a slower boot)")
        return None
    # the engine's wheel last: the script installs it and plays with it
    with tempfile.TemporaryDirectory(prefix="precompile-") as tmp:
        lock_file = Path(tmp) / "pyodide-lock.json"
        lock_file.write_text(json.dumps(lock), encoding="utf-8")
        args = [node, str(PRECOMPILE), str(pyodide_dir), str(lock_file),
                str(pyodide_dir / "python_stdlib.zip"), *map(str, wheels)]
        report_file = Path(tmp) / "imports.json"
        out = subprocess.run(args, capture_output=True, text=True, env={**os.environ, "MAHJONG_IMPORTS": str(report_file)})
        if out.returncode != 0:
            raise BuildError("precompiling with Pyodide under Node failed:\n" + out.stderr[-3000:])
        report = json.loads(report_file.read_text(encoding="utf-8"))
    for line in out.stdout.strip().splitlines():
        log(line)
    if report["missing"]:
        raise BuildError("the site would not ship what the engine can import:\n  " + "\n  ".join(report["missing"]))
    return report


# --- the site ---------------------------------------------------------------------------

def write_options(path: Path) -> None:
    """The engine's rule sets and options (bridge `options`), for the settings dialog before the
    engine has loaded; the page takes them from the engine again once it is up."""
    sys.path.insert(0, str(ROOT))
    try:
        from py_engine import bridge
    finally:
        sys.path.remove(str(ROOT))
    path.write_text(json.dumps({"options": bridge.options()}, indent=1) + "\n", encoding="utf-8")


# --- the site's files: flat ---------------------------------------------------------------
# web/ is in folders by job (engine/, shell/, i18n/, art/, table/, overlay/, keep/, game/, replay/,
# tutorial/, help/); the site is flat: every file is published at dist/'s root under its own name
# (a name is unique across the folders, checked here), so the public URLs (mj-hand.js, tiles.js,
# replayio.js, i18n.js, sw.js at the scope's root) do not depend on where the source sits, and a
# URL the code builds at run time (new URL("./engine-worker.js", import.meta.url), fetch of
# "./options.json", link.href "./ui.css") names a published file at the root. The ES modules stay
# in their folders until esbuild bundles them (bundle_modules: each entry comes out by its name);
# the rest (style sheets, the classic scripts, warmup.py) moves up now, and the pages' src and href
# naming a folder's file (./game/app.js) are rewritten to the published name (./app.js). A folder
# of data published as it is: KEPT_WHOLE. JSON in a module's folder is what a module imports (the
# string catalogs, i18n/*.json): it stays beside its module until bundled, and is not published.
KEPT_WHOLE = ("puzzles", "lessons", "pyodide", "wheels")
CLASSIC_SCRIPTS = ("sw.js", "start.js")  # not modules: no imports, published as they are
MODULE_FILES = (".js", ".json")  # bundled, not published as they are
PAGE_REF = re.compile(r'((?:src|href)="\./)([\w-]+)/([\w.-]+\.(?:js|css))"')


def publish_flat(dist: Path) -> None:
    names: dict[str, Path] = {}
    for path in sorted(dist.rglob("*")):
        if path.is_file() and path.parent != dist and path.relative_to(dist).parts[0] not in KEPT_WHOLE:
            if path.name in names or (dist / path.name).exists():
                raise BuildError(f"web/: two files named {path.name} ({names.get(path.name)} and "
                                 f"{path.relative_to(dist)}): the site is flat, a name must be unique")
            names[path.name] = path.relative_to(dist)
    for name, rel in names.items():
        if not name.endswith(MODULE_FILES) or name in CLASSIC_SCRIPTS:
            (dist / rel).replace(dist / name)
    for page in dist.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        for match in PAGE_REF.finditer(html):
            if names.get(match[3]) != Path(match[2], match[3]):
                raise BuildError(f"{page.name}: {match[0]} names no file of web/")
        # module scripts keep their folder until bundled; everything else is published flat
        html = PAGE_REF.sub(lambda m: m[0] if m[3].endswith(".js") and m[3] not in CLASSIC_SCRIPTS
                            else f'{m[1]}{m[3]}"', html)
        page.write_text(html, encoding="utf-8")


# The game page's loading card (web/shell.css, 2 KB) goes inline into index.html: its first paint
# then waits for the page alone, not for a second request (throttled first visits, 10 Mbit/s and
# 40 ms: ~180 ms against ~280). The policy allows that one block by its digest ('sha256-...'),
# on every page alike (one policy for the site: tests/browser/test_csp.py); no 'unsafe-inline'.
SHELL_LINK = '<link rel="stylesheet" href="./shell.css">'
STYLE_SRC = "style-src 'self'"


def inline_shell(dist: Path) -> None:
    css = (dist / "shell.css").read_text(encoding="utf-8")
    if "</" in css:
        raise BuildError("shell.css: '</' would end its inline <style> block early")
    source = "'sha256-" + base64.b64encode(hashlib.sha256(css.encode("utf-8")).digest()).decode() + "'"
    for page in sorted(dist.glob("*.html")):
        html = page.read_text(encoding="utf-8")
        if html.count(STYLE_SRC + ";") != 1:
            raise BuildError(f"{page.name}: no policy with {STYLE_SRC!r} to add shell.css's digest to")
        html = html.replace(STYLE_SRC + ";", f"{STYLE_SRC} {source};")
        if page.name == "index.html":
            if html.count(SHELL_LINK) != 1:
                raise BuildError(f"index.html: {SHELL_LINK} is not there once")
            html = html.replace(SHELL_LINK, f"<style>{css}</style>")
        page.write_text(html, encoding="utf-8")


def digest(paths: Iterable[Path]) -> str:
    """The SHA-256 of the files' bytes, in order."""
    h = hashlib.sha256()
    for path in paths:
        h.update(path.read_bytes())
    return h.hexdigest()


OFFLINE_SKIPS = {"sw.js", "site-files.json", ".nojekyll", "LICENSE", "THIRD_PARTY.md"}
# for other sites (a Markdown page's tile images, a pinned <mj-hand>) and authors (the docs), not the
# game: not kept offline
OFFLINE_SKIP_FOLDERS = {"tiles", "v1", "docs"}
# the terms travel with every copy of the site (THIRD_PARTY.md: what dist/ ships and under which licence)
NOTICES = ("LICENSE", "THIRD_PARTY.md")


def write_tile_faces(folder: Path) -> None:
    """Every tile face as an SVG file of its own (tiles/1m.svg, tiles/hant/1m.svg: docs/embedding.md), drawn by
    the page's painters under Node, its characters as outlines: no font needed to show it."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to draw the tile faces (tools/render_hand.mjs)")
    subprocess.run([node, str(ROOT / "tools" / "render_hand.mjs"), "--tiles", str(folder)], check=True,
                   stdout=subprocess.DEVNULL)


def write_offline_list(dist: Path) -> str:
    """site-files.json: every file of the site with its SHA-256, which the service worker (sw.js)
    caches whole; the site's version (a hash of that list) goes into sw.js, so a new build is a
    new service worker that replaces the old cache. Returns the version."""
    files = {
        path.relative_to(dist).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(dist.rglob("*"))
        if path.is_file() and path.name not in OFFLINE_SKIPS and path.relative_to(dist).parts[0] not in OFFLINE_SKIP_FOLDERS
    }
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    (dist / "site-files.json").write_text(json.dumps({"version": version, "files": files}, indent=1) + "\n",
                                          encoding="utf-8")
    worker = dist / "sw.js"
    text = worker.read_text(encoding="utf-8")
    line = 'const VERSION = "dev";'
    if text.count(line) != 1:
        raise BuildError(f"web/sw.js must hold the line {line!r} exactly once (build.py writes the version there)")
    worker.write_text(text.replace(line, f'const VERSION = "{version}";'), encoding="utf-8")
    return version


def build(dist: Path = DIST) -> Path:
    """Write the whole site to dist (replacing it) and return dist."""
    dist = Path(dist)
    pin = load_pin()
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(ROOT / "web", dist)
    publish_flat(dist)
    if (ROOT / "static").is_dir():
        shutil.copytree(ROOT / "static", dist, dirs_exist_ok=True)
    inline_shell(dist)
    lock = vendor_pyodide(pin, dist / "pyodide")
    built = build_engine_wheel(dist / "wheels", pin)
    vendored = [dist / "pyodide" / w["file"] for w in pin["wheels"].values()]
    imports = precompile(dist / "pyodide", lock, [*vendored, built])
    stdlib = dist / "pyodide" / "python_stdlib.zip"
    packed = [pack(path) for path in (stdlib, *vendored, built)]
    relock(lock, dist / "pyodide")
    wheel_sha = hashlib.sha256(built.read_bytes()).hexdigest()
    # in a folder named by its hash: the same URL for the engine worker, the snapshot worker and
    # the service worker's fill (one download), and a new build's wheel is a new URL (no stale copy)
    wheel = dist / "wheels" / wheel_sha[:16] / built.name
    wheel.parent.mkdir()
    packed[-1] = packed[-1].replace(wheel.with_name(wheel.name + ".gz"))
    for path in (stdlib, *vendored, built):
        path.unlink()  # only the .gz is shipped
    bundle_modules(dist)  # once the bytecode step has run Pyodide's pyodide.mjs, which the workers take in
    write_tile_faces(dist / "tiles")
    # the runtime's wasm gzipped too, unpacked as it streams in (pyodide-boot.js): 9.6 MB raw on a
    # host that sends files as they are, 3.5 MB this way; its digest (the snapshot's key) is taken first
    runtime = dist / "pyodide" / "pyodide.asm.wasm"
    pyodide_build = digest(dist / "pyodide" / f for f in ("pyodide.asm.mjs", "pyodide.asm.wasm"))
    packed.append(runtime.with_name(runtime.name + ".gz"))
    packed[-1].write_bytes(gzip.compress(runtime.read_bytes(), 9, mtime=0))
    runtime.unlink()

    # engine.json is the boot manifest the worker reads: which wheel to install, Pyodide's lock
    # (lockFileContents), and the sizes of the big downloads (a packed file's: its .gz) under
    # the names the worker asks for, so the progress bar shows real bytes.
    sizes = {p.name.removesuffix(".gz"): p.stat().st_size for p in packed}
    manifest = {
        "wheel": wheel.relative_to(dist).as_posix(),
        "sha256": wheel_sha,
        "pyodide": pin["pyodide"]["version"],
        "pyodide_build": pyodide_build,
        # a memory snapshot holds the heap of this exact runtime, standard library, engine and
        # warm-up and the snapshot worker's code (bundled with pyodide-boot.js's): its cache key
        # changes with any of them (pyodide-boot.js)
        "snapshot": digest([dist / "pyodide" / "pyodide.asm.mjs", *packed,  # packed: the wasm's .gz too
                            dist / "snapshot-worker.js", dist / "warmup.py"]),
        "lock": lock,
        "sizes": sizes,
        # every engine module: a restored snapshot imports each before it serves (engine-worker.js),
        # or is not used
        "modules": imports["engine"] if imports else [],
    }
    (dist / "engine.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    write_options(dist / "options.json")
    runpy.run_path(str(ROOT / "tools" / "help_examples.py"))["write"](dist / "help-examples.json")  # the help's worked examples
    for name in NOTICES:
        shutil.copyfile(ROOT / name, dist / name)
    # the documentation, built by MkDocs with its pages' live embeds of the pages above (skipped,
    # with a message, where MkDocs is not installed; the tests check it is built)
    runpy.run_path(str(ROOT / "tools" / "docs_site.py"))["build"](dist / "docs")
    version = write_offline_list(dist)
    (dist / ".nojekyll").write_text("")  # GitHub Pages: serve files as they are
    log(f"wrote {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist} ({wheel.name}, version {version})")
    return dist


# --- the modules bundled ----------------------------------------------------------------
# web/ is ~70 small ES modules; a page loading them as they are asks for ~60 files, each one a
# fetch event of the service worker and a Cache Storage match on a repeat visit, in a waterfall
# of imports six deep, while the engine worker's own requests (the snapshot, the runtime) wait
# behind them on the same threads. Bundled, a page asks for a few files: its entry modules and
# the chunks they share (one module instance each, as before), named in the page's modulepreload
# hints. Interleaved repeat visits, 16 a side: ready about 100 ms sooner (bench/boot.py).

# Modules asked for by URL besides the pages' own scripts, published under these names: tutorial
# sites embed mj-hand.js; the replay files' reader and writer, the tile faces and the strings in
# three languages (tile names) are importable for their authors' own pages.
PUBLIC_MODULES = {"mj-hand.js": "art/mj-hand.js", "replayio.js": "keep/replayio.js",
                  "tiles.js": "art/tiles.js", "i18n.js": "i18n/i18n.js"}
# The public modules an author may pin, at a path naming the major version of what they read
# (<mj-hand>'s attributes and the notation: docs/embedding.md, CHANGELOG.md), each one file that imports nothing: the
# chunks of the modules above are named by their content and change with every build, so a page
# holding an old mj-hand.js (a cache, a CDN) would ask for chunks that are gone. A change that
# breaks what an author wrote makes a v2/ beside v1/, which stays.
# v1/embed.js: the host page's helper for the game's frames (their height, the host's look, the
# messages as promises: docs/embedding.md, "The host's helper"), a script of the host's, not of a page.
PINNED_MODULES = {"v1/mj-hand.js": "art/mj-hand.js", "v1/embed.js": "host/host-embed.js"}
WORKERS = {"engine-worker.js": "engine/engine-worker.js",   # started by URL (new Worker)
           "snapshot-worker.js": "engine/snapshot-worker.js"}
# Each worker takes in Pyodide's pyodide.mjs (18 KB, its loadPyodide: one request less, before the
# worker's script can run); its runtime, pyodide.asm.mjs, stays a file of its own (imported by URL).
NODE_ONLY = ("--external:node:*", "--external:ws")  # what pyodide.mjs imports only under Node
# a page's module scripts and preload hints name the source (./game/app.js); the bundle publishes
# each entry by its file's name (./app.js)
MODULE_SCRIPT = re.compile(r'<script type="module" src="\./((?:[\w-]+/)?[\w-]+\.js)"></script>')
PRELOAD = re.compile(r'<link rel="modulepreload" href="\./((?:[\w-]+/)?[\w-]+\.js)">\n')


def node_tools() -> Path:
    """node_modules/ as package-lock.json pins it (npm ci, again only when the lock changed): the
    bundler's path."""
    lock = ROOT / "package-lock.json"
    marker = ROOT / "node_modules" / ".installed-lock.json"
    if not marker.exists() or marker.read_bytes() != lock.read_bytes():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError("npm is needed to install the pinned bundler (apt-get install npm)")
        log("npm ci")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=True)
        shutil.copyfile(lock, marker)
    return ROOT / "node_modules" / ".bin" / "esbuild"


# Whitespace and syntax only: the names stay, so a stack trace from a reader's report still names
# the function (full minification would save another ~6 KB of the first visit's ~95 KB gzip of JS).
MINIFY = ("--minify-whitespace", "--minify-syntax")


def esbuild(tool: Path, dist: Path, entries: Iterable[str], out: Path, *flags: str) -> dict:
    """Bundle `entries` (dist/ files) into out/ with the esbuild at `tool`; returns its metafile."""
    meta = out / "meta.json"
    subprocess.run([str(tool), "--bundle", "--format=esm", "--charset=utf8", "--log-level=warning", *MINIFY,
                    f"--outdir={out / 'files'}", f"--metafile={meta}", *flags, *entries], cwd=dist, check=True,
                   # the page's npm packages (qrcode-generator: web/friends/qr.js) from the checkout's
                   # node_modules, wherever dist/ is built (the tests build it in a temporary folder)
                   env={**os.environ, "NODE_PATH": str(ROOT / "node_modules")})
    return json.loads(meta.read_text(encoding="utf-8"))


def pinned_modules(tool: Path, dist: Path, out: Path, inputs: set[str] | None = None) -> dict[str, bytes]:
    """PINNED_MODULES, each bundled whole (no chunks): {path in dist: bytes}; what they took in added to `inputs`."""
    pinned = {}
    for path, source in PINNED_MODULES.items():
        metafile = esbuild(tool, dist, [source], out / path, "--entry-names=[name]")
        if inputs is not None:
            inputs.update(metafile["inputs"])
        pinned[path] = (out / path / "files" / Path(source).name).read_bytes()  # (published as path)
    return pinned


def bundle_modules(dist: Path) -> None:
    """Bundle the pages' modules (with shared chunks) and each worker's, over the entry files;
    the modules they took in leave dist/. Each page's modulepreload hints name its entries and the
    chunks they import. The game's pages (those started by loader.js) are bundled apart from the
    tutorial pages and the public modules, so that their few chunks are not cut up by what only
    the others share (a chunk is what one set of entries shares)."""
    pages = {page: MODULE_SCRIPT.findall(page.read_text(encoding="utf-8")) for page in sorted(dist.glob("*.html"))}
    started = {page: any(Path(n).name == "loader.js" for n in names) for page, names in pages.items()}
    game = sorted({name for page, names in pages.items() if started[page] for name in names})
    rest = sorted({*PUBLIC_MODULES.values(), *(n for page, names in pages.items() if not started[page] for n in names)})
    tool = node_tools()
    split = ["--splitting", "--chunk-names=chunk-[hash]"]
    imports: dict[str, list[str]] = {}
    inputs: set[str] = set()
    written: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, (entries, flags) in enumerate([(game, split), (rest, split), (list(WORKERS.values()), list(NODE_ONLY))]):
            out = Path(tmp) / str(i)
            metafile = esbuild(tool, dist, entries, out, "--entry-names=[name]", *flags)
            inputs.update(metafile["inputs"])
            for name, output in metafile["outputs"].items():
                imports[Path(name).name] = [Path(i["path"]).name for i in output.get("imports", [])
                                            if i["kind"] == "import-statement"]
            for built in (out / "files").iterdir():
                data = built.read_bytes()
                if written.setdefault(built.name, data) != data:  # (chunks are named by their content)
                    raise BuildError(f"two bundles wrote {built.name} differently")
        pinned = pinned_modules(tool, dist, Path(tmp) / "pinned", inputs)
    for name in inputs:  # (pyodide.mjs too: each worker takes it in)
        taken = (dist / name).resolve()
        if dist.resolve() in taken.parents:  # never an npm package's file (node_modules/...)
            taken.unlink(missing_ok=True)
    for folder in sorted((p for p in dist.iterdir() if p.is_dir() and p.name not in KEPT_WHOLE)):
        if left := [f for f in folder.rglob("*") if f.name.endswith(MODULE_FILES)]:
            raise BuildError(f"web/{folder.name}/: {left[0].name} is bundled by no page or worker")
        shutil.rmtree(folder)
    for name, data in written.items():
        (dist / name).write_bytes(data)
    for path, data in pinned.items():
        (dist / path).parent.mkdir(parents=True, exist_ok=True)
        (dist / path).write_bytes(data)
    published = {*PUBLIC_MODULES, *WORKERS}
    if missing := published - set(written):
        raise BuildError(f"the bundle did not publish {sorted(missing)}")

    def needs(name: str, seen: dict[str, None]) -> dict[str, None]:
        for dep in imports.get(name, []):
            if dep not in seen:
                seen[dep] = None
                needs(dep, seen)
        return seen

    for page, names in pages.items():
        if not names:
            continue
        html = page.read_text(encoding="utf-8")
        for name in names:
            html = html.replace(f'src="./{name}"', f'src="./{Path(name).name}"')
        wanted = dict.fromkeys(n for name in names for n in [Path(name).name, *needs(Path(name).name, {})])
        lines = "".join(f'<link rel="modulepreload" href="./{name}">\n' for name in wanted)
        # in place of the page's own hints (web/index.html: after its style sheets), else before </head>
        first = PRELOAD.search(html)
        at = first.start() if first else html.index("</head>")
        html = html[:at] + lines + PRELOAD.sub("", html[at:])
        page.write_text(html, encoding="utf-8")


# --- serving ---------------------------------------------------------------------------

class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    sent: Callable[[str, int], None] | None = None  # told (path, bytes) of every file body sent

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        if self.sent is None:
            return super().copyfile(source, outputfile)
        data = source.read()
        outputfile.write(data)
        type(self).sent(self.path, len(data))  # type: ignore[misc]

    cache_control = "no-cache"  # a rebuild shows on the next reload

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def handle(self) -> None:
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser went away mid-file


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, *, quiet: bool = False,
                sent: Callable[[str, int], None] | None = None, cache_control: str = "no-cache",
                ) -> http.server.ThreadingHTTPServer:
    """A threaded static server for directory with the MIME types Pyodide needs (port 0: any free
    one); `sent`, if given, is told the path and size of every file body it sends, and
    `cache_control` is the header every answer carries (bench/boot.py: GitHub Pages' max-age=600)."""
    handler = type("Handler", (_Handler,), {"quiet": quiet, "sent": staticmethod(sent) if sent else None,
                                            "cache_control": cache_control})

    def factory(*args: object, **kwargs: object) -> _Handler:
        return handler(*args, directory=str(directory), **kwargs)  # type: ignore[arg-type]

    server = http.server.ThreadingHTTPServer((host, port), factory)
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dist", type=Path, default=DIST)
    args = parser.parse_args(argv)
    try:
        dist = build(args.dist)
    except (BuildError, subprocess.CalledProcessError) as error:
        log(f"failed: {error}")
        return 1
    if args.command == "serve":
        server = make_server(dist, args.host, args.port)
        print(f"serving {dist} on http://{args.host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
