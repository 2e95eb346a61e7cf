"""Structures across the bridge (issue 11): legal actions with their structure and the win they would
score, the seat that just drew, and why a seat may not win now, as codes with their tiles."""
from __future__ import annotations

from typing import Any

import pytest

from py_engine import Game, bots
from py_engine.play.actions import Action

from helpers import pos


def _play(variant: str, seed: int, options: dict[str, Any]) -> Game:
    return Game.new(variant, seed=seed, options=options)


@pytest.mark.parametrize("variant, options", [("xinyu", {"discard_win": True}), ("longyan", {})])
def test_actions_mirror_legal_actions_and_a_win_scores_what_it_previewed(variant: str, options: dict[str, Any]) -> None:
    previews = 0
    for seed in range(25):
        game = _play(variant, seed, options)
        while not game.is_over:
            seat = game.waiting_for[0]
            obs = game.observation(seat)
            assert [a["action"] for a in obs["actions"]] == obs["legal_actions"]
            for entry in obs["actions"]:
                assert Action.parse(entry["action"]) == Action(entry["kind"], entry["tile"])
            if obs["drawn"] is not None:
                assert obs["drawn_seat"] == seat
            action = bots.choose(game, seat, "easy")
            preview = next(a for a in obs["actions"] if a["action"] == action)
            events = game.apply(seat, action)
            if action == "win" and game.is_over:
                won = next(w for w in game.result["wins"] if w["seat"] == seat)
                for key, value in preview["win"].items():
                    assert won[key] == value, (key, preview, won)
                previews += 1
            for e in events:
                if e["type"] == "draw" and not game.is_over and game.phase == "discard":
                    assert game.observation(None)["drawn_seat"] == game.state.turn
    assert previews >= 5


def test_a_claim_names_the_tile_it_takes_and_the_meld_a_kong_makes() -> None:
    game = Game.from_position(pos("xinyu", ["1479m2589p1356s1z7z", "123m456p789s1115z", None, None]))
    game.apply(0, "discard 1z")
    actions = game.observation(1)["actions"]
    assert [(a["action"], a.get("on"), a.get("meld")) for a in actions] == [
        ("pong", "1z", None), ("kong", "1z", "kong"), ("pass", None, None)]


def test_why_not_names_the_code_and_the_discard_that_would_have_won() -> None:
    game = Game.from_position(pos("xinyu", ["1479m2589p1356s1z7z", "123m456p789s1122z", None, None]))
    game.apply(0, "discard 1z")
    reason = game.why_not(1)
    assert reason is not None and (reason.code, reason.tile) == ("self_draw_only", "1z")
    assert game.observation(1)["why_not_win"] == {"code": "self_draw_only", "tile": "1z", "swim_level": 0}
    assert game.observation(2)["why_not_win"] is None and game.observation(None)["why_not_win"] is None
    allowed = Game.from_position(pos("xinyu", ["1479m2589p1356s1z7z", "123m456p789s1122z", None, None],
                                     options={"discard_win": True}))
    allowed.apply(0, "discard 1z")
    assert "win" in allowed.legal_actions(1) and allowed.why_not(1) is None
    win = next(a for a in allowed.observation(1)["actions"] if a["kind"] == "win")
    assert win["window"] == "claim" and win["win"]["category"] == "discard_win" and win["on"] == "1z"
