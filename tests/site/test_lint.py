"""The lint: ruff with the rules of pyproject.toml ([tool.ruff]: mistakes, not taste) over every
Python file of the repository. Run it alone with `ruff check .`; ruff is pinned in the test extra."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff") or shutil.which("ruff", path=str(Path(sys.executable).parent))
    assert ruff, "ruff is missing: pip install -e '.[test]' (tests/run.sh does)"
    run = subprocess.run([ruff, "check", "--no-cache", "--output-format", "concise", "."], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
