"""The analyzer of analyze.html (py_engine/teach/analyzer.py, issue 14): RULES.md's worked examples, the
reasons a complete hand may not win, waits, the discard table, and impossible input named."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from py_engine import analysis, bots, bridge
from py_engine.teach.analyzer import analyze, play, stage
from py_engine.teach.analyzer_query import read_query

GOLDEN = {e["name"]: e for e in json.loads(
    (Path(__file__).resolve().parents[1] / "golden" / "worked_examples.json").read_text(encoding="utf-8"))}


def rotated(deltas: list[int], winner: int, seat: int) -> list[int]:
    """The golden deltas seen with the winner moved to ``seat`` (the analyzer's seat), dealer at 0."""
    return deltas if winner == seat else None  # only used where the seats agree


@pytest.mark.parametrize("query, name", [
    (dict(variant="xinyu", hand="123m456p789s11z", melds=["pong 7z"]), "xinyu-1"),
    (dict(variant="xinyu", hand="11223344556677m"), "xinyu-2"),
    (dict(variant="xinyu", hand="123m456999s11z", melds=["concealed_kong 5p"], win="kong_replacement"), "xinyu-3"),
    (dict(variant="longyan", gold="5m", hand="123456p789s11144z", dealer=True), "longyan-2"),
    (dict(variant="longyan", gold="5m", hand="123456p789s111z5m5m", win="swim", swim_level=2), "longyan-3"),
])
def test_worked_examples_pay_as_rules_md_says(query, name):
    golden = GOLDEN[name]
    a = analyze(query)
    assert a["wins"], a.get("why_not")
    result = a["result"]
    win = result["wins"][0]
    assert win["category"] == golden["categories"][0]
    assert sorted(win["patterns"]) == sorted(golden["patterns"][0])
    # the same payments, seen from the analyzer's seats (dealer 0; the winner 0 or 1)
    assert sorted(result["deltas"]) == sorted(golden["deltas"])
    assert result["deltas"][a["seat"]] == golden["deltas"][golden["winners"][0]]


def test_a_discard_win_in_longyan_costs_the_discarder_one_more():
    # RULES.md §3: non-dealer winner, b = 1: the dealer (here the discarder) pays 2 + 1, the others 1
    a = analyze(dict(variant="longyan", gold="5m", hand="123456p789s1114z4z", win="discard"))
    assert a["wins"] and a["result"]["wins"][0]["category"] == "discard_win"
    assert a["result"]["deltas"] == [-3, 5, -1, -1]


def test_xinyu_pattern_multipliers_show_their_arithmetic():
    a = analyze(dict(variant="xinyu", hand="11223344556677m"))
    win = a["result"]["wins"][0]
    assert win["multiplier"] == 32
    product = 1
    for _pattern, m in win["pattern_multipliers"]:
        product *= m
    assert product == 32


@pytest.mark.parametrize("query, code", [
    (dict(variant="xinyu", hand="123m456p789s11z22p2p", win="discard"), "self_draw_only"),
    (dict(variant="longyan", gold="5m", hand="123m456p789s11z5m2p2p", win="discard",
          options={"gold_holder_no_discard_win": True}), "gold_holder"),
    (dict(variant="longyan", gold="5m", hand="123m456p789s11z2p2p5m", win="discard"), "gold_discard"),
    (dict(variant="xinyu", hand="123m456p789s11z23p5p"), "not_complete"),
])
def test_a_hand_that_may_not_win_says_which_rule(query, code):
    a = analyze(query)
    assert a["wins"] is False
    assert a["why_not"]["code"] == code


def test_xinyu_discard_win_under_its_option_pays_one_times_m():
    a = analyze(dict(variant="xinyu", hand="123m456p789s11z22p2p", win="discard", options={"discard_win": True}))
    assert a["wins"] and a["result"]["deltas"] == [-1, 1, 0, 0]


def test_thirteen_tiles_list_the_engines_waits():
    a = analyze(dict(variant="xinyu", hand="123m456p789s11z23p"))
    assert a["shanten"] == 0
    assert a["waits"] == [list(w) for w in analysis.waits("123m456p789s11z23p")]


def test_fourteen_tiles_rank_every_discard_and_mark_the_hard_bots_choice():
    q = dict(variant="longyan", gold="9s", hand="13m468p2345s9s1z2z7z7z", dealer=True)
    a = analyze(q)
    table = a["discards"]
    st = stage(read_query(q))
    st.steps = st.steps[:-1]                      # the dealer's own turn, before the win
    g, _ = play(st)
    assert table["choice"] == bots.choose(g, 0, "hard")
    discards = {r["action"] for r in table["rows"] if r["action"].startswith("discard ")}
    assert discards == {x for x in g.legal_actions(0) if x.startswith("discard ")}
    assert sum(r["chosen"] for r in table["rows"]) == 1
    eff = [r for r in table["rows"] if r["action"] in table["efficiency"]]
    by_eff = sorted(eff, key=lambda r: table["efficiency"].index(r["action"]))
    assert [r["shanten"] for r in by_eff] == sorted(r["shanten"] for r in eff)


@pytest.mark.parametrize("query, code, tiles", [
    (dict(variant="xinyu", hand="11111m456p789s11z"), "too_many", ["1m"]),
    (dict(variant="longyan", gold="5m", hand="5555m456p789s11z1p"), "too_many", ["5m"]),   # the turned gold is out
    (dict(variant="xinyu", hand="123m456p789s11z", melds=["pong 7z", "pong 6z"]), "wrong_count", []),
    (dict(variant="xinyu", hand="123m456p789s11z4p", flowers="1f"), "no_flowers", ["1f"]),
    (dict(variant="xinyu", hand="123m456p789s11z8z4p"), "unknown_tile", []),
    (dict(variant="longyan", gold="2f", hand="123m456p789s11z4p"), "gold_flower", ["2f"]),
    (dict(variant="longyan", hand="123m456p789s11z4p"), "need_gold", []),
    (dict(variant="xinyu", hand="123m456p789s1z2f44p"), "flower_in_hand", ["2f"]),
    (dict(variant="xinyu", hand="11223344556677m", win="swim"), "gold_win", []),       # no gold, no swim
    (dict(variant="xinyu", hand="11223344556677m", win="rob_gold"), "gold_win", []),
])
def test_impossible_input_is_named(query, code, tiles):
    err = analyze(query)["error"]
    assert err["code"] == code
    assert err["tiles"] == tiles


def test_a_wrong_count_names_both_sizes_as_numbers():
    """The page writes "13 or 14" / "13或14" itself: a "13 or 14" from the engine read as English in Chinese."""
    err = analyze(dict(variant="xinyu", hand="123m456p789s11z5m", melds=["pong 7z"]))["error"]
    assert err["values"] == {"count": 12, "fewer": 10, "more": 11}


def test_a_non_dealers_fourteen_tiles_are_ranked_at_their_own_turn():
    a = analyze(dict(variant="longyan", gold="5m", hand="123m456p789s1z5m4p4p3s"))
    assert a["discards"] is not None and a["discards"]["choice"]
    assert {r["action"] for r in a["discards"]["rows"]} >= {"discard 1z", "discard 3s"}


@pytest.mark.parametrize("args, argument, part", [
    ({"hand": 5}, "hand", "hand"),
    ({"hand": {"1m": 1, "2m": 1}}, "hand", "hand"),             # an object is not a list of tiles
    ({"hand": ["1m", 2]}, "hand", "hand"),
    ({"hand": "123m456p789s11z2p", "melds": "pong 7z"}, "melds", "meld"),
    ({"hand": "123m456p789s11z2p", "variant": "longyan", "gold": {"5m": 1}}, "gold", "gold"),
    ({"hand": "123m456p789s11z2p", "dealer": "yes"}, "dealer", "options"),
    ({"hand": "123m456p789s11z2p3p", "win": "swim", "swim_level": True}, "swim_level", "win"),
    ({"hand": "123m456p789s11z2p", "variant": ["xinyu"]}, "variant", "options"),
])
def test_an_argument_of_the_wrong_type_is_named(args, argument, part):
    # through the bridge, as a page or a parent frame's message would send it: an input error
    # naming the argument, never an engine error
    reply = json.loads(bridge.call(json.dumps({"method": "analyze", "args": args})))
    assert reply["ok"], reply
    err = reply["analysis"]["error"]
    assert (err["code"], err["part"], err["values"]["argument"]) == ("bad_argument", part, argument)
    assert err["message"].startswith(f"{argument} must be ")
