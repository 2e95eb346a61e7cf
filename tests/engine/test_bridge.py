"""The page's entry point: JSON in, JSON out, never raising; what the settings and the settlement read."""
from __future__ import annotations

import json
from typing import Any

import pytest

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


# ---------------------------------------------------------------- requests checked before anything is touched

def raw(request: str) -> dict[str, Any]:
    return json.loads(bridge.call(request))


def new_match(**args: Any) -> dict[str, Any]:
    return call("new_match", **args)


def test_requests_that_are_not_an_object_with_a_method_are_invalid():
    call("new_match", variant="xinyu", seed=1)
    for request in ("[]", "5", "null", '"new_match"', "{", '{"method": "state", "id": 1}', "1" * 5000):
        answer = raw(request)
        assert answer["ok"] is False and answer["kind"] == "invalid", (request[:20], answer)
        assert len(answer["error"]) < 200


def test_args_must_be_an_object():
    for args in ('"x"', "5", "[]", "true"):
        answer = raw('{"method": "new_match", "args": %s}' % args)
        assert answer["kind"] == "invalid" and "args" in answer["error"]


def test_methods_are_looked_up_by_name_only():
    call("new_match", variant="xinyu", seed=1)
    for name in ("constructor", "toString", "hasOwnProperty", "__init__", "__class__", "_new_match", 5, None):
        answer = raw(json.dumps({"method": name}))
        assert answer["kind"] == "invalid" and "unknown method" in answer["error"]


@pytest.mark.parametrize("args, word", [
    ({"variant": 5}, "variant"), ({"variant": ["xinyu"]}, "variant"), ({"variant": "riichi"}, "variant"),
    ({"level": 3}, "level"), ({"level": ["easy"]}, "level"), ({"level": "expert"}, "level"),
    ({"hands": True}, "hands"), ({"hands": "8"}, "hands"), ({"hands": 0}, "hands"), ({"hands": 10**6}, "hands"),
    ({"seed": 1.5}, "seed"), ({"seed": True}, "seed"), ({"seed": "7"}, "seed"), ({"seed": 10**15}, "seed"),
    ({"autoplay": "no"}, "autoplay"), ({"autoplay": 1}, "autoplay"),
    ({"human": "1"}, "human"), ({"human": 1.5}, "human"), ({"human": 4}, "human"),
    ({"options": "x"}, "options"), ({"options": [["scoring", "simple"]]}, "options"),
    ({"dealer": 9}, "dealer"), ({"position": "xinyu"}, "position"),
    ({"speed": "fast!"}, "speed"), ({"colour": "red"}, "colour"),
])
def test_new_match_arguments_of_the_wrong_type_are_invalid_and_touch_nothing(args, word):
    before = new_match(variant="longyan", seed=3)["state"]
    answer = raw(json.dumps({"method": "new_match", "args": args}))
    assert answer["ok"] is False and answer["kind"] == "invalid", answer
    assert word in answer["error"]
    assert call("state")["state"] == before          # the match in play is untouched


def test_autoplay_no_does_not_turn_autoplay_on():
    assert raw(json.dumps({"method": "new_match", "args": {"autoplay": "no"}}))["kind"] == "invalid"
    assert new_match(autoplay=False, seed=1)["state"]["autoplay"] is False
    assert new_match(autoplay=True, seed=1)["state"]["autoplay"] is True


def test_null_arguments_are_left_out():
    state = new_match(variant=None, seed=4, level=None, hands=None, autoplay=None, options=None)["state"]
    assert state["variant"] == "xinyu" and state["level"] == "normal" and state["match"]["hands"] == 8


def test_a_position_nested_too_deep_for_json_is_invalid():
    deep = "[" * 3000 + "]" * 3000
    answer = raw('{"method": "new_match", "args": {"position": {"variant": "xinyu", "hands": %s}}}' % deep)
    assert answer["kind"] == "invalid" and "nested" in answer["error"]


def test_a_bad_position_is_invalid_and_says_what():
    answer = new_match(position={"variant": "xinyu", "hands": [[]] * 4, "drawn_count": True})
    assert answer["kind"] == "invalid" and "drawn_count" in answer["error"]


def test_act_takes_text_and_echoes_it_short():
    new_match(variant="xinyu", seed=1)
    answer = call("act", action=5)
    assert answer["kind"] == "invalid" and "action" in answer["error"]
    answer = call("act", action="discard " + "x" * 1_000_000)
    assert answer["kind"] == "illegal" and len(answer["error"]) < 400 and answer["legal"]


def test_methods_without_arguments_refuse_one():
    new_match(variant="xinyu", seed=1)
    answer = call("state", verbose=True)
    assert answer["kind"] == "invalid" and "verbose" in answer["error"]


def test_the_autoplay_demo_shows_every_hand_face_up_with_a_toggle():
    import json as _json
    from py_engine import bridge as _bridge

    def call(method, **args):
        return _json.loads(_bridge.call(_json.dumps({"method": method, "args": args})))

    state = call("new_match", variant="longyan", seed=710, autoplay=True)["state"]
    assert state["face_up"] and all(len(h) in (13, 14) for h in state["hands"])
    assert call("spectate", face_up=False)["state"]["hands"] == [None] * 4
    assert call("bot_step")["state"]["hands"] == [None] * 4  # the choice holds for the next steps
    assert all(call("spectate", face_up=True)["state"]["hands"])
    state = call("new_match", variant="longyan", seed=710)["state"]  # a player never sees the others'
    assert not state["face_up"] and state["hands"][1:] == [None] * 3
    refused = call("spectate", face_up=True)
    assert not refused["ok"] and refused["kind"] == "invalid"


def test_a_move_brings_the_save_and_the_hint_along_when_asked():
    """A move costs the page one trip (issue 32): `keep` adds the match's save, `hint` the hint when
    one applies (the human to move, or another's discard out); both exactly what `save` and `hint`
    answer on their own. Methods that change nothing take neither."""
    answer = call("new_match", variant="xinyu", seed=11, keep=True, hint=True)
    assert answer["save"] == call("save")["save"]
    moves = 0
    while moves < 12:
        state = answer["state"]
        if state["human_to_move"]:
            action = [a for a in state["legal_actions"] if a.startswith("discard")][-1]
            answer = call("act", action=action, keep=True, hint=True)
        else:
            answer = call("bot_step", keep=True, hint=True)
        moves += 1
        assert answer["save"] == call("save")["save"]
        last = answer["state"].get("last_discard")
        applies = answer["state"]["human_to_move"] or bool(last and last["seat"] != 0)
        assert ("hint" in answer) == applies
        if applies:
            assert answer["hint"] == call("hint")["hint"]
    assert "save" not in call("bot_step" if not answer["state"]["human_to_move"] else "state")
    for method in ("state", "hint", "save", "position"):
        refused = call(method, keep=True)
        assert not refused["ok"] and refused["kind"] == "invalid", method
    assert not call("act", action="pass", keep="yes")["ok"]


def test_check_match_refuses_what_new_match_would_and_leaves_the_match_in_play():
    """Issue 33, finding 10: the page asks before it starts anything (window.mahjong.newGame)."""
    def call(method, **args):
        return json.loads(bridge.call(json.dumps({"method": method, "args": args})))
    assert call("new_match", variant="xinyu", seed=41)["ok"]
    before = call("state")["state"]
    for bad in ({"options": {"timer": 7}}, {"seed": 10**13}, {"hands": 17}, {"position": {"variant": "xinyu"}},
                {"variant": "longyan", "options": {"scoring": "simple"}}):
        answer = call("check_match", **bad)
        assert answer["ok"] is False and answer["kind"] == "invalid", (bad, answer)
    assert call("check_match", variant="longyan", seed=10**12, hands=16, options={"timer": 0}) == {"ok": True}
    assert call("state")["state"] == before


def _human_turn(variant: str, seed: int) -> dict[str, Any]:
    state = call("new_match", variant=variant, seed=seed, options={"timer": 0})["state"]
    while not state["human_to_move"]:
        state = call("bot_step")["state"]
    return state


def test_the_timer_plays_the_tile_the_player_had_selected():
    state = _human_turn("longyan", 1)
    chosen = "discard 9m"
    assert chosen in state["legal_actions"]
    answer = call("timeout", selected=chosen)
    assert answer["ok"] and answer["action"] == chosen and answer["chosen_by"] == "selected"
    assert answer["state"]["discards"][0][-1]["tile"] == "9m"


def test_without_a_selection_the_timer_plays_the_hints_suggestion_not_the_drawn_tile():
    _human_turn("longyan", 1)
    suggested = call("hint")["hint"]["suggested"]
    assert suggested == "discard 4z"   # the drawn tile (the referee's default) is 3m
    answer = call("timeout")
    assert answer["ok"] and answer["action"] == suggested and answer["chosen_by"] == "hint"


def test_a_selection_no_longer_legal_falls_back_to_the_hint():
    _human_turn("longyan", 1)
    answer = call("timeout", selected="pong 5p")   # no claim on one's own turn
    assert answer["ok"] and answer["chosen_by"] == "hint" and answer["action"] == "discard 4z"
    assert call("timeout", selected=5)["kind"] == "invalid"


def test_a_kongs_payments_name_its_tile():
    """Two kongs of one player are told apart in the settlement (issue 36): each payment names its kong."""
    state = call("new_match", variant="xinyu", seed=1, autoplay=True)["state"]
    while not state["is_over"]:
        state = call("bot_step")["state"]
    kongs = [p for p in state["result"]["payments"] if p["reason"] in ("kong", "concealed_kong")]
    assert kongs and all(p.get("tile") for p in kongs)
    to_three = [p["tile"] for p in kongs if p["to"] == 3]
    assert len(to_three) == 6 and len(set(to_three)) == 2
    assert {m["tile"] for m in state["melds"][3] if "kong" in m["type"]} == set(to_three)
