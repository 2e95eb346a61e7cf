"""The page's JavaScript: the type checks (tsc --checkJs over web/, JSDoc types: the page, the
workers, and the strict check file by file) and the unit tests of its pure modules (node --test tests/js/). tests/run.sh installs the pinned TypeScript (npm ci)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TSC = ROOT / "node_modules" / ".bin" / "tsc"


def node() -> str:
    path = shutil.which("node")
    if not path:
        pytest.fail("node is missing: the page's unit tests and type check need Node (tests/run.sh)")
    return path


def tsc(*args: str) -> subprocess.CompletedProcess:
    if not TSC.exists():
        pytest.fail("TypeScript is not installed: run `npm ci` (tests/run.sh does)")
    return subprocess.run([node(), str(TSC), *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_the_page_type_checks_with_no_error():
    done = tsc("-p", str(ROOT / "tsconfig.json"))
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_workers_type_check_with_no_error():
    """The engine's and the snapshot's workers and the service worker, in their own global scope."""
    config = json.loads((ROOT / "tsconfig.workers.json").read_text(encoding="utf-8"))
    assert {"web/engine/engine-worker.js", "web/engine/snapshot-worker.js", "web/shell/sw.js"} <= set(config["files"])
    done = tsc("-p", str(ROOT / "tsconfig.workers.json"))
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_file_passes_the_strict_check_but_those_not_yet_strict():
    """tsconfig.strict.json: strict on, file by file. A file off its notYetStrict list has no strict
    error (a new file starts strict); a file on it still has some (else it comes off the list)."""
    listed = set(json.loads((ROOT / "tsconfig.strict.json").read_text(encoding="utf-8"))["notYetStrict"])
    errors: dict[str, list[str]] = {}
    for done in (tsc("-p", str(ROOT / "tsconfig.strict.json")),
                 tsc("-p", str(ROOT / "tsconfig.workers.json"), "--strict", "true")):
        assert "error TS5" not in done.stdout, done.stdout   # a bad configuration, not the code
        for line in done.stdout.splitlines():
            match = re.match(r"^(\S+?)\(\d+,\d+\): error TS", line)
            if match:
                errors.setdefault(match.group(1), []).append(line)
    assert {path: lines for path, lines in errors.items() if path not in listed} == {}
    assert sorted(listed - set(errors)) == [], "strict now: take these off tsconfig.strict.json's notYetStrict"


def test_the_page_unit_tests_pass():
    tests = sorted(str(p) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert tests, "no unit tests in tests/js"
    done = subprocess.run([node(), "--test", *tests], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout

