"""The engine's words (py_engine/teach/words.py): its sentences come from the page's catalogs
(web/i18n/*.json) and nowhere else, so the engine's code holds no Chinese outside docstrings and
comments; without the catalogs (the page's wheel) py_engine still imports and plays, only the
words are missing."""
from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from py_engine import words

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]")


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of a module's, its classes' and its functions' docstring nodes."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def test_the_engine_writes_no_chinese_outside_the_catalogs() -> None:
    """Every Chinese word the engine says comes from the catalogs: no string constant holds one."""
    found = []
    for path in sorted((ROOT / "py_engine").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip and CJK.search(node.value):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:40]!r}")
    assert found == []


def test_words_come_from_the_catalogs() -> None:
    assert words.say("zh-Hant", "hint.away.n", n=2) == "還差2步聽牌"
    assert words.say("en", "tile.suited", n=3, suit="Dots") == "3 Dots"
    assert words.tile_name("5z", "zh-Hans") == "白板" and words.tile_name("3p", "zh-Hant") == "三餅"
    assert words.tile_words(["3p", "4p", "5p"], "zh-Hans") == "三四五饼"
    assert words.tile_words(["1z", "2z"], "zh-Hant") == "東南" and words.tile_words(["1z", "2z"], "en") == "East Wind and South Wind"
    with pytest.raises(ValueError, match="unknown language"):
        words.say("fr", "hint.away.ready")


ALONE = """
import json
from py_engine import Game, hints, words
from py_engine.teach import analyzer  # noqa: F401 (imports without the catalogs too)
from py_engine.teach.discards import rank
from py_engine.teach.review import review_hand
assert not words.available()
game = Game.new("xinyu", seed=3)
h = hints.hint(game, game.waiting_for[0])
assert h["reason_code"] and h["reason"] is None and h["why"] is None, h
rows = rank(game, game.waiting_for[0], "normal")["rows"]
assert rows and all(r["reason"] is None and r["reason_code"] for r in rows)
for _ in range(30):
    seat = game.waiting_for[0]
    game.apply(seat, game.legal_actions(seat)[-1])
decisions = review_hand(Game.new("xinyu", seed=3).to_position(), game.history, 0)
assert decisions and all(d["text"] is None for d in decisions), decisions
assert any(d["reason_code"] for d in decisions)
try:
    words.say("en", "hint.away.ready")
except words.CatalogMissing as e:
    print("missing:", e)
"""


def test_without_the_catalogs_the_engine_plays_and_only_the_words_are_missing(tmp_path: Path) -> None:
    """py_engine alone, as in the page's wheel: hints, rankings and reviews come as codes (their
    words None); asking for words says where the catalogs should be."""
    # (the page's wheel leaves out i18n/, the catalogs' links: build.py PAGE_LEAVES_OUT)
    shutil.copytree(ROOT / "py_engine", tmp_path / "py_engine", ignore=shutil.ignore_patterns("__pycache__", "i18n"))
    done = subprocess.run([sys.executable, "-c", ALONE], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr[-3000:]
    assert "missing:" in done.stdout and "py_engine/i18n/en.json" in done.stdout and "package data" in done.stdout
