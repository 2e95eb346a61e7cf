"""Run inside the vendored Pyodide by tools/precompile.mjs, after web/warmup.py has played: the
standard library's zip and the wheels keep Pyodide's own bytecode for every module imported so far.

- The standard library keeps only those modules (the import closure of Pyodide's start, micropip's
  install and a match of each rule set), each as a sourceless .pyc, as in Pyodide's distribution,
  compiled as `python -OO` compiles (no docstrings, no asserts): what CPython's own test suite
  runs the standard library under; its line tables say only each function's first line
  (first_lines), so its tracebacks name the function and where it starts.
- In each wheel every imported module becomes a sourceless .pyc in place of its .py (RECORD says
  so); in the engine's, modules no boot imports stay sources (other pages import them); the
  vendored wheels (micropip) keep only what the install imported, their licenses and metadata. The engine's wheel
  keeps its asserts and line numbers (optimize 0) but not its docstrings (without_docstrings: nothing reads them in the page;
  ~30 KB of the first visit's gzip bytes), micropip's is compiled like the standard library.
- The interpreter runs with PYTHONNODEBUGRANGES (precompile.mjs): the bytecode keeps line numbers
  but not the column ranges a traceback underlines with ^^^^, a quarter of its bytes.

Hash-based unchecked .pyc (PEP 552): Python uses them as they are, without reading a source.
STDLIB, WHEELS, WHEEL_OPTIMIZE and WHEEL_LEAN (one of each per wheel) are set by the caller (paths in Pyodide's
file system).
"""
from __future__ import annotations

import ast
import base64
import hashlib
import importlib.util
import marshal
import sys
import types
import zipfile
from collections.abc import Callable, Iterable

Entry = tuple[zipfile.ZipInfo, bytes]
STDLIB_OPTIMIZE = 2  # as python -OO


# A line table entry (CPython's Objects/locations.md): "no columns" (13), for k of 8 code units,
# then the line's delta from the previous entry as a signed varint (0: the same line).
_NO_COLUMNS = 13


def first_lines(code: types.CodeType) -> types.CodeType:
    """code with every instruction at its function's first line (co_firstlineno), nested code too:
    a traceback still names the file, the function and its def line, and line numbers stay
    numbers; the line tables were a sixth of the standard library's bytes."""
    units = len(code.co_code) // 2
    table = bytearray()
    while units > 0:
        k = min(8, units)
        table += bytes([0x80 | _NO_COLUMNS << 3 | (k - 1), 0])
        units -= k
    consts = tuple(first_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)


class _Docstrings(ast.NodeTransformer):
    """Drops the docstring of every module, class and function (what -OO drops, asserts kept)."""

    def _drop(self, node: ast.AST) -> ast.AST:
        self.generic_visit(node)
        body = node.body  # type: ignore[attr-defined]
        first = body[0] if body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), first)]  # type: ignore[attr-defined]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _drop


def without_docstrings(source: bytes, filename: str) -> ast.Module:
    return _Docstrings().visit(ast.parse(source, filename))


def pyc(source: bytes, filename: str, optimize: int, lines: bool = True) -> bytes:
    tree = without_docstrings(source, filename) if optimize == 0 else source
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=optimize)
    if not lines:
        code = first_lines(code)
    flags = (1).to_bytes(4, "little")  # hash-based, unchecked
    return importlib.util.MAGIC_NUMBER + flags + importlib.util.source_hash(source) + marshal.dumps(code)


def rewrite(path: str, change: Callable[[list[Entry]], Iterable[Entry]]) -> None:
    with zipfile.ZipFile(path) as src:
        entries = [(info, src.read(info)) for info in src.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in change(entries):
            out.writestr(info, data, compresslevel=9)


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
            yield entry(info.filename + "c", pyc(data, ZIP_ROOT + info.filename, STDLIB_OPTIMIZE, lines=False), info)


def record_row(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def wheel(optimize: int, lean: bool) -> Callable[[list[Entry]], list[Entry]]:
    """The wheel with each imported module's .py replaced by its sourceless .pyc, RECORD rewritten;
    lean: without the modules nothing imported (micropip's SPDX table, its metadata writer...)."""
    def change(entries: list[Entry]) -> list[Entry]:
        out: list[Entry] = []
        record: Entry | None = None
        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, data)
            elif lean and info.filename.endswith(".py") and info.filename not in USED_SITE:
                continue
            elif info.filename in USED_SITE:
                # the engine's own bytecode (optimize 0) keeps every line number, for its tracebacks
                out.append(entry(info.filename + "c", pyc(data, SITE_ROOT + info.filename, optimize, lines=optimize == 0), info))
            else:
                out.append((info, data))
        assert record is not None, "a wheel has a RECORD"
        info, _ = record
        rows = "".join(record_row(i.filename, data) for i, data in out) + f"{info.filename},,\n"
        return [*out, (info, rows.encode())]
    return change


with zipfile.ZipFile(STDLIB) as _zip:  # noqa: F821 (set by the caller)
    _before = sum(1 for i in _zip.infolist() if i.filename.endswith(".py"))
rewrite(STDLIB, stdlib)  # noqa: F821
for _path, _optimize, _lean in zip(WHEELS, WHEEL_OPTIMIZE, WHEEL_LEAN, strict=True):  # noqa: F821
    rewrite(_path, wheel(_optimize, _lean))
print(f"standard library: kept {len(USED)} of {_before} modules, as bytecode (-OO); "
      f"{len(USED_SITE)} modules of the wheels as bytecode in place of their sources")
