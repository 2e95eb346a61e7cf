"""The discard puzzles of web/puzzles (issue 14): each published answer is still the engine's choice."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from py_engine.teach.puzzles import moment, solve

PUZZLES = Path(__file__).resolve().parents[2] / "web" / "puzzles"
SETS = {v: json.loads((PUZZLES / f"{v}.json").read_text(encoding="utf-8")) for v in ("xinyu", "longyan")}
ALL = [p for s in SETS.values() for p in s["puzzles"]]


@pytest.mark.parametrize("variant", sorted(SETS))
def test_each_rule_set_has_at_least_twelve_puzzles(variant):
    puzzles = SETS[variant]["puzzles"]
    assert len(puzzles) >= 12
    assert all(p["variant"] == variant == p["position"]["variant"] for p in puzzles)
    assert len({p["id"] for p in puzzles}) == len(puzzles)
    for p in puzzles:
        assert set(p["note"]) == {"en", "zh-Hans", "zh-Hant"}


def test_longyan_puzzles_include_swim_and_gold_decisions():
    puzzles = SETS["longyan"]["puzzles"]
    assert any(p["answer"].startswith("swim ") for p in puzzles)
    holding_gold = 0
    for p in puzzles:
        game, seat = moment(p["position"])
        if game.state.gold in game.observation(seat)["hands"][seat]:
            holding_gold += 1
    assert holding_gold >= 4


@pytest.mark.parametrize("puzzle", ALL, ids=[p["id"] for p in ALL])
def test_the_engine_still_gives_the_published_answer(puzzle):
    solved = solve(puzzle["position"])
    assert solved["choice"] == puzzle["answer"]
    rows = solved["rows"]
    assert rows[0]["action"] == puzzle["answer"] and rows[0]["chosen"]
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))
    assert all(r["reason"] and set(r["reason"]) == {"en", "zh-Hans", "zh-Hant"} for r in rows
               if r["action"].startswith("discard "))
