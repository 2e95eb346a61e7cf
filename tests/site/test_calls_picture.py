"""docs/architecture.md's "Trips counted by calls" carries what tools/calls.mjs prints from today's
pages (the functions each page controller hands to what it calls, and its listeners); and the game
page hands the table's session no way back on a move (issue 54: the old app.js handed 37)."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def drawn() -> str:
    node = shutil.which("node")
    if not node:
        pytest.fail("node is missing: tools/calls.mjs reads the pages with the TypeScript parser")
    return subprocess.run([node, str(ROOT / "tools" / "calls.mjs")], cwd=ROOT, capture_output=True, text=True,
                          check=True, timeout=120).stdout


def test_the_calls_picture_is_drawn_from_todays_pages():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    start, end = "<!-- calls: node tools/calls.mjs -->\n```text\n", "```\n<!-- /calls -->"
    assert start in text and end in text
    assert text.split(start, 1)[1].split(end, 1)[0] == drawn(), "run node tools/calls.mjs and paste its output"


def test_the_game_page_hands_its_session_only_reads():
    line = next(line for line in drawn().splitlines() if line.strip().startswith("createCoach") or "createSession" in line)
    handed = dict(re.findall(r"(\w+) (\d+)", line))
    assert int(handed.get("createSession", 0)) <= 3   # the pace, the clock's length, a dialog over the table
    assert not {"createBotLoop", "createTimer", "createSteps", "createStore", "Input"} & set(handed)
