"""The page's JavaScript: the type check (tsc --checkJs over web/, JSDoc types) and the unit tests
of its pure modules (node --test tests/js/). tests/run.sh installs the pinned TypeScript (npm ci)."""
from __future__ import annotations

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


def test_the_page_type_checks_with_no_error():
    if not TSC.exists():
        pytest.fail("TypeScript is not installed: run `npm ci` (tests/run.sh does)")
    done = subprocess.run([node(), str(TSC), "-p", str(ROOT / "tsconfig.json")], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_page_unit_tests_pass():
    tests = sorted(str(p) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert tests, "no unit tests in tests/js"
    done = subprocess.run([node(), "--test", *tests], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout

