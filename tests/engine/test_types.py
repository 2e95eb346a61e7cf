"""The engine type-checks under ``mypy --strict`` (STYLE.md habits; issue 11)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_is_clean_under_mypy_strict() -> None:
    pytest.importorskip("mypy")
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "py_engine"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
