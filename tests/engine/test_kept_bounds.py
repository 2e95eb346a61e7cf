"""What the player's record and the replay viewer are told and refuse (issue 55, 57): the state says
whether a discard may win under the match's rules (the record's deal-in figure), and replay_open
refuses what resume refuses."""
from __future__ import annotations

import json
from typing import Any

from py_engine import bridge


def call(method: str, client: str = "", **args: Any) -> dict[str, Any]:
    return json.loads(bridge.call(json.dumps({"method": method, "args": args}), client))


def test_the_state_says_whether_a_discard_may_win_under_the_match_rules():
    assert call("new_match", variant="xinyu", seed=1)["state"]["match"]["discard_wins"] is False  # self-draw only
    on = call("new_match", variant="xinyu", seed=1, options={"discard_win": True})
    assert on["state"]["match"]["discard_wins"] is True
    assert call("new_match", variant="longyan", seed=1)["state"]["match"]["discard_wins"] is True


def _saved_after_one_discard() -> dict[str, Any]:
    state = call("new_match", "kept-save", variant="xinyu", seed=3)["state"]
    call("act", "kept-save", action=next(a for a in state["legal_actions"] if a.startswith("discard ")))
    save: dict[str, Any] = call("save", "kept-save")["save"]
    return save


def test_replay_open_refuses_a_seat_that_is_none_as_resume_does():
    for seat in (int("9" * 401), 4, -1):
        bad = _saved_after_one_discard()
        bad["hands"][-1]["actions"][0][0] = seat
        resumed = call("resume", "kept-resume", save=bad)
        opened = call("replay_open", "kept-viewer", replay=bad)
        assert resumed["ok"] is False and resumed["kind"] == "replay"
        assert opened["ok"] is False and opened["kind"] == "replay", opened
        assert opened["problem"]["code"] == "malformed" and "seat 0-3" in opened["error"]
        assert opened["problem"]["hand"] == 0 and opened["problem"]["action"] == 0
        assert len(opened["error"]) < 300
    # a replay that is right opens as before, and one illegal move is still shown up to it
    good = _saved_after_one_discard()
    assert call("replay_open", "kept-viewer", replay=good)["ok"]
    good["hands"][-1]["actions"][0][1] = "discard 9z"
    illegal = call("replay_open", "kept-viewer", replay=good)
    assert illegal["ok"] and illegal["problem"]["code"] == "illegal"
