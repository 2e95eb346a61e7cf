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
