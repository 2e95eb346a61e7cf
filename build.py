#!/usr/bin/env python3
"""Assemble dist/, the static site: the page, Pyodide, micropip and the engine wheel.

    python build.py                         build dist/
    python build.py serve [--port 8000]     build, then serve dist/ on http://127.0.0.1:8000/

Everything the page loads comes from dist/ itself (no CDN at run time). Downloads are
pinned in vendor.json and cached under .cache/: the Pyodide runtime from the npm package,
the micropip wheel from PyPI (it vendors its own packaging).
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import http.server
import io
import json
import os
import runpy
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
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

def vendor_pyodide(pin: dict, target: Path) -> None:
    """Unpack the runtime files into target/ and write a pyodide-lock.json listing only what we ship."""
    tarball = fetch_pyodide_tarball(pin)
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as tar:
        for name in pin["pyodide"]["files"]:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{tarball.name} has no {name}")
            (target / name).write_bytes(member.read())
        lock = json.load(tar.extractfile("package/pyodide-lock.json"))  # type: ignore[arg-type]

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
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def relock(target: Path) -> None:
    """Rewrite the lock file's sha256 of the wheels we ship (after precompile changed them)."""
    path = target / "pyodide-lock.json"
    lock = json.loads(path.read_text(encoding="utf-8"))
    for entry in lock["packages"].values():
        entry["sha256"] = hashlib.sha256((target / entry["file_name"]).read_bytes()).hexdigest()
    path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")


# --- the engine wheel -----------------------------------------------------------------

_ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed, so the same sources give the same wheel


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def engine_sources() -> list[Path]:
    """Every file of the engine package except caches and notes."""
    base = ROOT / ENGINE_PACKAGE
    return sorted(
        p for p in base.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in {".pyc", ".pyo", ".md"}
    )


def build_engine_wheel(target: Path) -> Path:
    """Write a py3-none-any wheel of py_engine with zipfile (pure Python: no build backend needed)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name, version = project["name"], project["version"]
    dist_name = name.replace("-", "_")
    info = f"{dist_name}-{version}.dist-info"
    files: list[tuple[str, bytes]] = [
        (p.relative_to(ROOT).as_posix(), p.read_bytes()) for p in engine_sources()
    ]
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {name}\n"
        f"Version: {version}\n"
        f"Summary: {project.get('description', '')}\n"
        f"Requires-Python: {project.get('requires-python', '>=3.11')}\n"
    )
    wheel_meta = (
        "Wheel-Version: 1.0\n"
        "Generator: mahjong build.py\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    files += [
        (f"{info}/METADATA", metadata.encode()),
        (f"{info}/WHEEL", wheel_meta.encode()),
        (f"{info}/top_level.txt", f"{ENGINE_PACKAGE}\n".encode()),
    ]
    record = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, data in files)
    record += f"{info}/RECORD,,\n"
    files.append((f"{info}/RECORD", record.encode()))

    target.mkdir(parents=True, exist_ok=True)
    wheel = target / f"{dist_name}-{version}-py3-none-any.whl"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in files:
            zi = zipfile.ZipInfo(path, date_time=_ZIP_DATE)
            zi.external_attr = 0o644 << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(zi, data)
    wheel.write_bytes(buffer.getvalue())
    return wheel


# --- bytecode ---------------------------------------------------------------------------

# Run by Node with the vendored Pyodide itself, so the bytecode is exactly its Python's: boots
# the runtime, installs the engine, plays a hand of each rule set with bots and hints, then
# compiles every module that run imported: in the standard library's zip a .pyc replaces the
# .py (sourceless, as in Pyodide's own distribution), in the wheels a __pycache__ .pyc joins it
# (listed in RECORD; tracebacks still show the engine's lines). Hash-based unchecked .pyc
# (PEP 552): Python uses them as they are, without comparing them to a source.
PRECOMPILE_JS = r"""
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [dir, stdlib, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: dir + "/", packages: ["micropip"] });
py.FS.mkdirTree("/tmp/in");
for (const w of wheels) py.FS.writeFile("/tmp/in/" + path.basename(w), fs.readFileSync(w));
py.FS.writeFile("/tmp/in/stdlib.zip", fs.readFileSync(stdlib));
py.globals.set("WHEELS", py.toPy(wheels.map((w) => "/tmp/in/" + path.basename(w))));
await py.runPythonAsync(`
import micropip
await micropip.install("emfs:" + WHEELS[-1], deps=False)  # the engine's wheel comes last
from py_engine import Game, bots, bridge, hints
for variant in ("xinyu", "longyan"):
    game = Game.new(variant, seed=1)
    while not game.is_over:
        seat = game.waiting_for[0]
        hints.hint(game, seat)
        game.apply(seat, bots.choose(game, seat, "hard"))
`);
py.runPython(`
import base64, hashlib, importlib.util, marshal, sys, zipfile

def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    return importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(source) + marshal.dumps(code)

def rewrite(src_path, add):
    src = zipfile.ZipFile(src_path)
    entries = [(info, src.read(info)) for info in src.infolist()]
    src.close()
    out = zipfile.ZipFile(src_path, "w", zipfile.ZIP_DEFLATED)
    for info, data in add(entries):
        out.writestr(info, data)
    out.close()

def entry(name, data, like):
    info = zipfile.ZipInfo(name, date_time=like.date_time)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info, data

origins = [m.__spec__.origin for m in list(sys.modules.values())
           if isinstance(getattr(getattr(m, "__spec__", None), "origin", None), str)]
zip_root = next(p for p in sys.path if p.endswith(".zip")) + "/"
site_root = next(p for p in sys.path if p.endswith("site-packages")) + "/"
used = {o[len(zip_root):] for o in origins if o.startswith(zip_root) and o.endswith(".py")}
used_site = {o[len(site_root):] for o in origins if o.startswith(site_root) and o.endswith(".py")}

def stdlib(entries):
    for info, data in entries:
        if info.filename in used:      # sourceless, as Pyodide's own distribution: the smaller zip
            yield entry(info.filename + "c", pyc(data, zip_root + info.filename), info)
        else:
            yield info, data

def wheel(entries):
    record = next(i for i, (info, _) in enumerate(entries) if info.filename.endswith(".dist-info/RECORD"))
    rows, extra = [], []
    for info, data in entries:
        if info.filename in used_site:
            folder, _, name = info.filename.rpartition("/")
            cached = (folder + "/" if folder else "") + "__pycache__/" + name[:-3] + "." + sys.implementation.cache_tag + ".pyc"
            code = pyc(data, info.filename)
            digest = base64.urlsafe_b64encode(hashlib.sha256(code).digest()).rstrip(b"=").decode()
            extra.append(entry(cached, code, info))
            rows.append(f"{cached},sha256={digest},{len(code)}\\n")
    info, text = entries[record]
    lines = text.decode().splitlines(keepends=True)
    last = len(lines) - next(i for i, line in enumerate(reversed(lines)) if line.split(",")[0] == info.filename) - 1
    lines[last:last] = rows
    entries[record] = (info, "".join(lines).encode())
    return entries[:record] + extra + entries[record:]

rewrite("/tmp/in/stdlib.zip", stdlib)
for w in WHEELS:
    rewrite(w, wheel)
print(f"precompiled {len(used)} standard-library modules and {len(used_site)} modules of the wheels")
`);
fs.writeFileSync(stdlib, py.FS.readFile("/tmp/in/stdlib.zip"));
for (const w of wheels) fs.writeFileSync(w, py.FS.readFile("/tmp/in/" + path.basename(w)));
"""


def precompile(pyodide_dir: Path, wheels: list[Path]) -> bool:
    """Add Pyodide's own bytecode to the standard library it imports and to the wheels (see
    PRECOMPILE_JS): a boot then compiles no Python source. Needs Node; without it the site ships
    sources only (it works, it boots slower). True when done."""
    node = shutil.which("node")
    if node is None:
        log("node not found: shipping Python sources without bytecode (a slower boot)")
        return False
    script = CACHE / "precompile.mjs"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text(PRECOMPILE_JS, encoding="utf-8")
    # the engine's wheel last: the script installs it and plays with it
    args = [node, str(script), str(pyodide_dir), str(pyodide_dir / "python_stdlib.zip"), *map(str, wheels)]
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        raise BuildError("precompiling with Pyodide under Node failed:\n" + out.stderr[-3000:])
    log(out.stdout.strip().splitlines()[-1] if out.stdout.strip() else "precompiled")
    return True


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


def build(dist: Path = DIST) -> Path:
    """Write the whole site to dist (replacing it) and return dist."""
    dist = Path(dist)
    pin = load_pin()
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(ROOT / "web", dist)
    if (ROOT / "static").is_dir():
        shutil.copytree(ROOT / "static", dist, dirs_exist_ok=True)
    vendor_pyodide(pin, dist / "pyodide")
    wheel = build_engine_wheel(dist / "wheels")
    vendored = [dist / "pyodide" / w["file"] for w in pin["wheels"].values()]
    if precompile(dist / "pyodide", [*vendored, wheel]):
        relock(dist / "pyodide")
    wheel_sha = hashlib.sha256(wheel.read_bytes()).hexdigest()

    # engine.json is the boot manifest the worker reads: which wheel to install, and the
    # sizes of the big downloads so the progress bar shows real bytes.
    shipped = [dist / "pyodide" / f for f in ("pyodide.asm.wasm", "python_stdlib.zip")]
    shipped += [dist / "pyodide" / w["file"] for w in pin["wheels"].values()]
    shipped.append(wheel)
    manifest = {
        "wheel": f"wheels/{wheel.name}",
        "sha256": wheel_sha,
        "pyodide": pin["pyodide"]["version"],
        "sizes": {p.name: p.stat().st_size for p in shipped},
    }
    (dist / "engine.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    write_options(dist / "options.json")
    runpy.run_path(str(ROOT / "tools" / "help_examples.py"))["write"](dist / "help-examples.json")  # the help's worked examples
    (dist / ".nojekyll").write_text("")  # GitHub Pages: serve files as they are
    log(f"wrote {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist} ({wheel.name})")
    return dist


# --- serving ---------------------------------------------------------------------------

class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")  # a rebuild shows on the next reload
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def handle(self) -> None:
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser went away mid-file


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, *, quiet: bool = False
                ) -> http.server.ThreadingHTTPServer:
    """A threaded static server for directory with the MIME types Pyodide needs (port 0: any free one)."""
    handler = type("Handler", (_Handler,), {"quiet": quiet})

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
