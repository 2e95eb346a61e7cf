"""Each win carries the reading of its hand (sets and pair, what each gold / white dragon stood for)
and its per-pattern multipliers (Xinyu) or base (Longyan), so nothing downstream re-derives them."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from py_engine import Game, analysis, bots, parse_tiles


def _check_reading(win: dict[str, Any], variant: str) -> None:
    reading = win["reading"]
    assert reading is not None, win
    groups = reading["groups"]
    physical = [t for g in groups for t in g["tiles"]]
    assert Counter(physical) == Counter(parse_tiles(win["hand"])), (win, reading)
    if reading["shape"] in ("all_honors", "three_golds"):
        return
    kinds = Counter(g["type"] for g in groups)
    if reading["shape"] == "seven_pairs":
        assert kinds == {"pair": 7}
    else:
        assert kinds["pair"] == 1 and kinds["pong"] + kinds["chow"] + len(win["melds"]) == 4
    for g in groups:
        stood = g["as"]
        if g["type"] in ("pair", "pong"):
            assert len(set(stood)) == 1
        else:
            assert stood[0][1] == stood[1][1] == stood[2][1] != "z"
            assert [int(t[0]) for t in stood] == list(range(int(stood[0][0]), int(stood[0][0]) + 3))
    replaced = [(t, a) for g in groups for t, a in zip(g["tiles"], g["as"]) if t != a or t == win.get("gold")]
    assert all({"tile": t, "as": a} in reading["stand_ins"] for t, a in replaced)


@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_every_bot_played_win_carries_a_reading_that_covers_its_hand(variant: str) -> None:
    wins = 0
    for seed in range(40):
        options = {"discard_win": True} if variant == "xinyu" and seed % 2 else {}
        game = Game.new(variant, seed=seed, options=options)
        while not game.is_over:
            seat = game.waiting_for[0]
            game.apply(seat, bots.choose(game, seat, "easy"))
        result = game.result
        assert result is not None
        for win in result["wins"]:
            wins += 1
            _check_reading({**win, "gold": game.state.gold}, variant)
            if variant == "xinyu":
                product = 1
                for _, m in win["pattern_multipliers"]:
                    product *= m
                assert product == win["multiplier"] and [p for p, _ in win["pattern_multipliers"]] == win["patterns"]
            else:
                assert win["base"] == (win["multiplier"] or None) and "pattern_multipliers" not in win
    assert wins >= 10


def test_a_gold_standing_in_a_chow_and_a_white_dragon_on_the_golds_face_are_named() -> None:
    ev = analysis.evaluate("23m456p789s111z5m5z5m", variant="longyan", gold="5m")
    reading = ev["reading"]
    assert ev["wins"] and reading["shape"] == "standard"
    assert {"tile": "5z", "as": "5m"} in reading["stand_ins"]      # 白板替金: the white dragon is a 5m
    assert {"tile": "5m", "as": "1m"} in reading["stand_ins"] or {"tile": "5m", "as": "4m"} in reading["stand_ins"]


def test_xinyu_reading_follows_the_paid_patterns() -> None:
    pungs = analysis.evaluate("111222333m11p", melds=["pong 9s"], variant="xinyu")
    assert "all_pungs" in pungs["patterns"] and [g["type"] for g in pungs["reading"]["groups"]].count("pong") == 3
    pairs = analysis.evaluate("11223344556699m", variant="xinyu")
    assert pairs["reading"]["shape"] == "seven_pairs"
    assert pairs["pattern_multipliers"] == [["concealed", 2], ["seven_pairs", 4], ["full_flush", 4]]
    honors = analysis.evaluate("11122233344567z", variant="xinyu")
    assert honors["wins"] and dict(honors["pattern_multipliers"])["all_honors"] == 8
