"""The page's entry point: JSON in, JSON out, never raising; what the settings and the settlement read."""
from __future__ import annotations

import json
from typing import Any

from py_engine import bridge

# The dealer (seat 0) holds a complete hand at once: luxury seven pairs, one suit.
LUXURY = {
    "variant": "xinyu",
    "dealer": 0,
    "hands": ["11112233445566m", "1112223334445z", "6667778889995s", "4666777888999p"],
}


def call(method: str, **args: Any) -> dict[str, Any]:
    return json.loads(bridge.call(json.dumps({"method": method, "args": args})))


def test_options_lists_every_rule_option_with_its_values_default_first():
    answer = call("options")
    assert answer["ok"]
    variants = answer["options"]["variants"]
    assert set(variants) == {"xinyu", "longyan"}
    assert variants["longyan"]["options"]["timer"][0] == 20
    assert variants["longyan"]["defaults"]["timer"] == 20
    assert variants["xinyu"]["options"]["discard_win"] == [False, True]
    assert answer["options"]["levels"] == ["easy", "normal", "hard"]
    assert 8 in answer["options"]["hands"]


def test_a_xinyu_win_says_each_pattern_multiplier():
    assert call("new_match", position=LUXURY)["ok"]
    state = call("act", action="win")["state"]
    win = state["result"]["wins"][0]
    assert win["multiplier"] == 64
    assert win["pattern_multipliers"] == [["concealed", 2], ["luxury_seven_pairs", 8], ["full_flush", 4]]
    assert state["match"]["results"][0]["wins"][0]["pattern_multipliers"] == win["pattern_multipliers"]


def test_a_longyan_win_says_its_base():
    state = call("new_match", variant="longyan", seed=21, autoplay=True)["state"]
    while not state["is_over"]:
        state = call("bot_step")["state"]
    for win in state["result"]["wins"]:
        assert "base" in win and "pattern_multipliers" not in win
        assert win["base"] == (win["multiplier"] or None)


def test_restart_hand_deals_the_same_hand_again():
    start = call("new_match", variant="longyan", seed=5)["state"]
    for _ in range(6):
        state = call("state")["state"]
        if state["is_over"]:
            break
        call("bot_step") if state["bot_to_move"] and not state["human_to_move"] else call(
            "act", action=state["legal_actions"][-1])
    again = call("restart_hand")["state"]
    assert again["hands"][0] == start["hands"][0]
    assert again["history_length"] == 0 and again["match"]["hand_number"] == 0
    assert again["scores"] == start["scores"]


def test_an_unknown_method_is_an_answer_not_an_exception():
    call("new_match", variant="xinyu", seed=1)
    answer = call("shuffle_the_wall")
    assert answer == {"ok": False, "error": "unknown method 'shuffle_the_wall'", "kind": "invalid"}
