"""Run inside the vendored Pyodide by tools/precompile.mjs, after web/warmup.py has played: the
standard library's zip and the wheels get Pyodide's own bytecode for every module imported so far.

- The standard library keeps only those modules (the import closure of Pyodide's start, micropip's
  install and a match of each rule set), each as a sourceless .pyc, as in Pyodide's distribution.
- In each wheel a __pycache__ .pyc joins every imported module (listed in RECORD), the sources stay.

Hash-based unchecked .pyc (PEP 552): Python uses them as they are, without reading a source.
STDLIB and WHEELS are set by the caller (paths in Pyodide's file system).
"""
from __future__ import annotations

import base64
import hashlib
import importlib.util
import marshal
import sys
import zipfile
from collections.abc import Callable, Iterable

Entry = tuple[zipfile.ZipInfo, bytes]


def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    flags = (1).to_bytes(4, "little")  # hash-based, unchecked
    return importlib.util.MAGIC_NUMBER + flags + importlib.util.source_hash(source) + marshal.dumps(code)


def rewrite(path: str, change: Callable[[list[Entry]], Iterable[Entry]]) -> None:
    with zipfile.ZipFile(path) as src:
        entries = [(info, src.read(info)) for info in src.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in change(entries):
            out.writestr(info, data)


def entry(name: str, data: bytes, like: zipfile.ZipInfo) -> Entry:
    info = zipfile.ZipInfo(name, date_time=like.date_time)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info, data


def imported_under(root: str) -> set[str]:
    """Paths (relative to root) of the .py files of every module imported from root."""
    found = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if isinstance(origin, str) and origin.startswith(root) and origin.endswith(".py"):
            found.add(origin[len(root):])
    return found


ZIP_ROOT = next(p for p in sys.path if p.endswith(".zip")) + "/"
SITE_ROOT = next(p for p in sys.path if p.endswith("site-packages")) + "/"
USED = imported_under(ZIP_ROOT)
USED_SITE = imported_under(SITE_ROOT)


def stdlib(entries: list[Entry]) -> Iterable[Entry]:
    """Only the imported modules, sourceless."""
    for info, data in entries:
        if info.filename in USED:
            yield entry(info.filename + "c", pyc(data, ZIP_ROOT + info.filename), info)


def wheel(entries: list[Entry]) -> list[Entry]:
    """The wheel as it was, plus a __pycache__ .pyc of each imported module, listed in RECORD."""
    record = next(i for i, (info, _) in enumerate(entries) if info.filename.endswith(".dist-info/RECORD"))
    rows, extra = [], []
    for info, data in entries:
        if info.filename in USED_SITE:
            folder, _, name = info.filename.rpartition("/")
            cached = (folder + "/" if folder else "") + f"__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc"
            code = pyc(data, info.filename)
            digest = base64.urlsafe_b64encode(hashlib.sha256(code).digest()).rstrip(b"=").decode()
            extra.append(entry(cached, code, info))
            rows.append(f"{cached},sha256={digest},{len(code)}\n")
    info, text = entries[record]
    lines = text.decode().splitlines(keepends=True)
    own = next(i for i, line in enumerate(lines) if line.split(",")[0] == info.filename)  # RECORD's own row
    lines[own:own] = rows
    entries[record] = (info, "".join(lines).encode())
    return entries[:record] + extra + entries[record:]


with zipfile.ZipFile(STDLIB) as _zip:  # noqa: F821 (set by the caller)
    _before = sum(1 for i in _zip.infolist() if i.filename.endswith(".py"))
rewrite(STDLIB, stdlib)  # noqa: F821
for _path in WHEELS:  # noqa: F821
    rewrite(_path, wheel)
print(f"standard library: kept {len(USED)} of {_before} modules, as bytecode; "
      f"bytecode for {len(USED_SITE)} modules of the wheels")
