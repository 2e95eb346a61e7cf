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

import _imp
import ast
import base64
import hashlib
import importlib.util
import json
import marshal
import os
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


ZIP_ROOT = next((p for p in sys.path if p.endswith(".zip")), "") + "/"
SITE_ROOT = next((p for p in sys.path if p.endswith("site-packages")), "") + "/"
ENGINE = "py_engine"


# --- what the engine can import: its import graph ---------------------------------------------
# A restored snapshot is a heap: no wheel is installed in its file system, and the standard library
# it mounts is the trimmed zip below. So what ships is not only what the warm-up happened to import
# but what the engine's code can reach, read from its source: every import statement of every engine
# module (those inside functions too: the bridge imports a page's module when first asked), and from
# there, transitively, the imports a standard-library module makes when it is imported (its top level,
# in `if` and `try` blocks included). An import inside a standard-library function runs only when
# that function does: those the engine's pages call are imported by the warm-up (USED), which plays
# every page's methods.

def _tried(body: list[ast.stmt]) -> set[str]:
    """The absolute modules a `try` block's own import statements name (what its handlers stand in for)."""
    names: set[str] = set()
    for node in body:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module)
    return names


def _statements(tree: ast.Module, everywhere: bool, present: Callable[[str], bool]) -> Iterable[ast.AST]:
    """Every node (everywhere), else the statements run when the module is imported: the `except`
    handlers of a `try` only if an import the `try` makes is not `present` on this interpreter
    (`try: from _thread import _local / except ImportError: from _threading_local import local` runs
    its fallback only where the first is missing)."""
    if everywhere:
        yield from ast.walk(tree)
        return
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.If, ast.Try, ast.TryStar, ast.With)):
            for field in ("body", "orelse", "finalbody"):
                stack.extend(getattr(node, field, None) or [])
            handlers = getattr(node, "handlers", None) or []
            tried = _tried(node.body) if handlers else set()
            if handlers and (not tried or not all(present(name) for name in tried)):
                for handler in handlers:
                    stack.extend(handler.body)


def imports_of(source: bytes, name: str, package: bool, everywhere: bool,
               present: Callable[[str], bool] = lambda name: False) -> set[str]:
    """The modules an import statement of module `name` names (each with its parents; `from a import
    b` names a.b too, which is a module or not: the caller looks it up). `present`: whether a module
    can be imported here (by default none: every fallback is followed)."""
    found: set[str] = set()
    for node in _statements(ast.parse(source, name), everywhere, present):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = name.split(".") if package else name.split(".")[:-1]
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {".".join(n.split(".")[:i]) for n in found if n for i in range(1, n.count(".") + 2)}


def engine_modules(site_root: str) -> dict[str, str]:
    """Every module of the engine's package installed under site_root: its name and its file."""
    modules: dict[str, str] = {}
    root = site_root + ENGINE
    for folder, _, files in os.walk(root):
        for file in files:
            if file.endswith(".py"):
                parts = (ENGINE + folder[len(root):]).split("/") + [file[:-3]]
                modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = os.path.join(folder, file)
    return modules


def reachable(engine: dict[str, str], sources: dict[str, bytes], frozen: Callable[[str], bool] = lambda name: False,
              present: Callable[[str], bool] = lambda name: False) -> tuple[dict[str, set[str]], set[str]]:
    """The standard library's modules (their zip entries, of `sources`: entry -> source) the import
    graph of `engine` (module -> file) reaches, each with the modules that import it, and the names
    it reaches that the zip does not hold (built in, frozen into the interpreter, which loads them at
    its start: os, io, codecs..., or not on this platform)."""
    entries = set(sources)

    def entry(module: str) -> str | None:
        path = module.replace(".", "/")
        for candidate in (f"{path}.py", f"{path}/__init__.py"):
            if candidate in entries:
                return candidate
        return None

    graph: dict[str, set[str]] = {}
    elsewhere: set[str] = set()
    todo: list[tuple[str, str]] = []
    for module, path in engine.items():
        with open(path, "rb") as file:
            todo += [(n, module) for n in imports_of(file.read(), module, path.endswith("__init__.py"), True)
                     if n != ENGINE and not n.startswith(ENGINE + ".")]
    while todo:
        module, by = todo.pop()
        path = None if frozen(module) else entry(module)
        if path is None:
            elsewhere.add(module)
            continue
        if path in graph:
            graph[path].add(by)
            continue
        graph[path] = {by}
        todo += [(n, module) for n in imports_of(sources[path], module, path.endswith("__init__.py"), False, present)
                 if n != module]
    return graph, elsewhere


RUN = "STDLIB" in globals()  # run by precompile.mjs (which sets it); else imported by a test for its functions
if RUN:
    ENGINE_MODULES = engine_modules(SITE_ROOT)
    USED = imported_under(ZIP_ROOT)
    USED_SITE = imported_under(SITE_ROOT)


def stdlib(entries: list[Entry]) -> Iterable[Entry]:
    """Only the modules imported or reachable, sourceless."""
    for info, data in entries:
        if info.filename in USED or info.filename in REACHED:
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


def check(stdlib_zip: str, engine_wheel: str, reached: dict[str, set[str]], engine: dict[str, str],
          imported: Iterable[str]) -> list[str]:
    """What the engine can import and the site does not ship: each a sentence naming the module and
    who imports it (empty when nothing is missing). Read from the files written, not from the sets
    that chose them; `imported`: the modules the warm-up imported (a restored snapshot has no others)."""
    missing = []
    with zipfile.ZipFile(stdlib_zip) as shipped:
        have = set(shipped.namelist())
    for path, by in sorted(reached.items()):
        if path + "c" not in have:
            missing.append(f"the standard library's {path} (imported by {', '.join(sorted(by))})")
    with zipfile.ZipFile(engine_wheel) as shipped:
        have = set(shipped.namelist())
    for module, path in sorted(engine.items()):
        name = path[len(SITE_ROOT):]
        if name not in have and name + "c" not in have:
            missing.append(f"the engine's {module} ({name})")
    # a restored snapshot holds no installed wheel: it imports only what the warm-up imported
    missing += [f"the engine's {module}: the warm-up (web/engine/warmup.py) does not import it, so a restored "
                "snapshot cannot" for module in sorted(engine) if module not in set(imported)]
    return missing


def built_in(name: str) -> bool:
    """Whether the interpreter has `name` without reading the zip: frozen into it (os, io, codecs...),
    or loaded at its start from elsewhere (importlib._bootstrap is the frozen _frozen_importlib)."""
    if _imp.is_frozen(name):
        return True
    module = sys.modules.get(name)
    origin = getattr(getattr(module, "__spec__", None), "origin", None)
    return module is not None and not (isinstance(origin, str) and origin.startswith(ZIP_ROOT))


def importable(name: str) -> bool:
    """Whether `name` can be imported on this interpreter (the one the site ships)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def main() -> None:
    global REACHED
    with zipfile.ZipFile(STDLIB) as _zip:  # noqa: F821 (set by the caller)
        before = sum(1 for i in _zip.infolist() if i.filename.endswith(".py"))
        sources = {i.filename: _zip.read(i) for i in _zip.infolist() if i.filename.endswith(".py")}
    REACHED, _ = reachable(ENGINE_MODULES, sources, built_in, importable)
    kept = USED | set(REACHED)
    rewrite(STDLIB, stdlib)  # noqa: F821
    for path, optimize, lean in zip(WHEELS, WHEEL_OPTIMIZE, WHEEL_LEAN, strict=True):  # noqa: F821
        rewrite(path, wheel(optimize, lean))
    missing = check(STDLIB, WHEELS[-1], REACHED, ENGINE_MODULES, sys.modules)  # noqa: F821
    with open(REPORT, "w", encoding="utf-8") as out:  # noqa: F821 (set by the caller)
        json.dump({"engine": sorted(ENGINE_MODULES),
                   "stdlib": sorted(p.removesuffix("/__init__.py").removesuffix(".py").replace("/", ".") for p in kept),
                   "reached": len(REACHED), "missing": missing}, out, indent=1)
    print(f"standard library: kept {len(kept)} of {before} modules as bytecode (-OO): {len(REACHED)} reachable from "
          f"the engine's imports, {len(kept - set(REACHED))} more imported by the warm-up; "
          f"{len(USED_SITE)} modules of the wheels as bytecode in place of their sources")


REACHED: dict[str, set[str]] = {}
if RUN:
    main()
