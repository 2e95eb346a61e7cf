"""The engine as an author installs it: py_engine's wheel (built by pip from the tree, as `pip wheel .`
builds it) in a clean virtual environment (python -m venv, no --system-site-packages), with Markdown,
MkDocs and Material from PyPI at the test extra's pins. Nothing of the checkout is on that Python's
path: what it draws and says comes from the wheel alone (issue 56, item 2).

The environment is made once per content of what goes into the wheel (a digest of pyproject.toml,
README.md, py_engine/ and the catalogs it links to) and kept under .cache/engine-venv/, so that every
test module and xdist worker of a run, and the next run when nothing changed, share it.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "engine-venv"
# What the wheel is built from: the project's metadata and the package (its links to web/i18n/ kept
# as links, so that setuptools, not this copy, follows them, as it does in a checkout or a git clone).
SOURCES = ("pyproject.toml", "README.md", "py_engine")
LINKED = ("web/i18n/en.json", "web/i18n/zh-Hans.json", "web/i18n/zh-Hant.json")
# what an author's site needs beside the engine, at the pins of the test extra (pyproject.toml)
SITE_PACKAGES = ("mkdocs", "mkdocs-material", "sphinx", "myst-parser")


def pins(names: tuple[str, ...] = SITE_PACKAGES) -> list[str]:
    """["mkdocs==1.6.1", ...]: the test extra's pins of `names`."""
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["test"]
    found = [p for p in extra if p.split("==")[0] in names]
    assert len(found) == len(names), f"pyproject.toml's test extra pins {found}, not all of {names}"
    return found


def clean_env() -> dict[str, str]:
    """The environment for a clean venv's Python: no PYTHONPATH (the checkout), no user site."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "VIRTUAL_ENV"}
    env["PYTHONNOUSERSITE"] = "1"
    return env


def _files(paths: tuple[str, ...]) -> list[Path]:
    out = []
    for name in paths:
        path = ROOT / name
        out.extend(sorted(p for p in path.rglob("*") if "__pycache__" not in p.parts and not p.is_dir())
                   if path.is_dir() else [path])
    return out


def digest() -> str:
    h = hashlib.sha256(sys.version.encode())
    for path in _files(SOURCES) + [ROOT / p for p in LINKED]:
        h.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    h.update(" ".join(pins()).encode())
    return h.hexdigest()[:16]


def source_copy(target: Path) -> Path:
    """The project's wheel sources copied to target/, links kept as links (and what they point at)."""
    for name in SOURCES + LINKED:
        src, dst = ROOT / name, target / name
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, symlinks=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copyfile(src, dst)
    return target


def pip(python: Path, *args: str, cwd: Path | None = None) -> None:
    done = subprocess.run([str(python), "-m", "pip", "--quiet", *args], capture_output=True, text=True,
                          env=clean_env(), cwd=cwd)
    assert done.returncode == 0, f"pip {' '.join(args)}:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"


def new_venv(where: Path) -> Path:
    """A clean virtual environment at `where`; its python."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True, env=clean_env())
    return where / "bin" / "python"


def build_wheel(out: Path) -> Path:
    """py_engine's wheel, built by pip from a copy of the tree (no build/ or egg-info left in it)."""
    with tempfile.TemporaryDirectory(prefix="engine-src-") as tmp:
        source = source_copy(Path(tmp) / "src")
        pip(Path(sys.executable), "wheel", "--no-deps", "--wheel-dir", str(out), str(source), cwd=Path(tmp))
    wheels = sorted(out.glob("py_engine-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def engine_venv() -> Path:
    """The clean venv holding the wheel, Markdown, MkDocs and Material: its python (made once per content)."""
    key = digest()
    home = CACHE / key
    python = home / "venv" / "bin" / "python"
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one maker at a time (xdist's workers wait for it)
        if (home / "ready").exists():
            return python
        for old in CACHE.iterdir():  # environments of older sources
            if old.is_dir():
                shutil.rmtree(old, ignore_errors=True)
        wheel = build_wheel(home / "wheel")
        new_venv(home / "venv")
        pip(python, "install", "--no-compile", f"{wheel}[markdown]", *pins())  # (no bytecode: CPU the tests need not spend)
        (home / "ready").write_text(wheel.name, encoding="utf-8")
    return python


def run_in(python: Path, code: str, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`code` run by that venv's python in cwd (outside the checkout), its output returned; fails loudly."""
    done = subprocess.run([str(python), "-c", code, *args], capture_output=True, text=True, env=clean_env(), cwd=cwd)
    assert done.returncode == 0, f"{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    return done
