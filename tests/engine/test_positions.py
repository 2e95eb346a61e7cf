"""Positions (API.md): round trips, explicit walls and tails, and every kind of bad position."""
from __future__ import annotations

import copy
import json

import pytest

from py_engine import Game, parse_tiles

from helpers import game, pass_all, pos

X_HANDS = ["123m456p789s1z2z3z4z7z", "147m258p369s1234z", "258m369p147s4567z", "369m147p258s2356z"]
L_HANDS = ["123m456p789s1z2z3z4z7z", "147m258p369s1234z", "258m369p147s4567z", "369m147p258s2366z"]


def xpos(**kw):
    p = {"variant": "xinyu", "hands": list(X_HANDS)}
    p.update(kw)
    return p


def lpos(**kw):
    p = {"variant": "longyan", "hands": list(L_HANDS), "gold": "9m"}
    p.update(kw)
    return p


# ---------------------------------------------------------------- round trips

@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_from_position_to_position_round_trip_new_games(variant):
    for seed in range(8):
        g = Game.new(variant, seed=seed)
        p = g.to_position()
        json.dumps(p)                       # JSON-safe
        twin = Game.from_position(copy.deepcopy(p))
        assert twin.to_position() == p
        assert twin.observation(None) == g.observation(None)
        for s in range(4):
            assert twin.observation(s) == g.observation(s)


def test_round_trip_keeps_explicit_fields():
    p = lpos(dealer=2, hands=["123m456p789s1z", L_HANDS[1], "123m456p789s2z3z4z7z1p", L_HANDS[3]],
             melds=[["pong 7z"], [], [], []], flowers=[["1f"], [], ["2f", "3f"], []],
             scores=[10, -5, 0, -5], options={"reserve_tiles": 16}, wall="1s2s", tail="3s4s")
    g = Game.from_position(p)
    q = g.to_position()
    assert q["variant"] == "longyan" and q["dealer"] == 2 and q["gold"] == "9m"
    assert q["scores"] == [10, -5, 0, -5]
    assert q["options"]["reserve_tiles"] == 16
    assert [list(m) for m in q["melds"]] == [["pong 7z"], [], [], []]
    flowers = q["flowers"]
    assert [sorted(parse_tiles(f) if isinstance(f, str) else f) for f in flowers] == [["1f"], [], ["2f", "3f"], []]
    twin = Game.from_position(q)
    assert twin.to_position() == q
    assert twin.observation(None) == g.observation(None)
    o = g.observation(None)
    assert o["dealer"] == 2 and o["scores"] == [10, -5, 0, -5]
    assert o["flowers"] == [["1f"], [], ["2f", "3f"], []]


def test_round_trip_after_play_with_history():
    g = Game.new("longyan", seed=9)
    for _ in range(12):
        if g.is_over:
            break
        s = g.waiting_for[0]
        g.apply(s, g.default_action(s))
    twin = Game.replay(g.to_position(), g.history)
    assert twin.observation(None) == g.observation(None)
    assert twin.to_position() == g.to_position()


def test_position_is_not_mutated_by_from_position():
    p = xpos(wall="4m1z")
    before = copy.deepcopy(p)
    Game.from_position(p)
    assert p == before


def test_to_position_is_a_copy():
    g = Game.from_position(xpos())
    p = g.to_position()
    p["hands"][0] = "garbage"
    assert g.to_position()["hands"][0] != "garbage"


# ---------------------------------------------------------------- walls and tails

def test_wall_front_draws_in_order():
    g = Game.from_position(xpos(wall="4m1z"))
    g.apply(0, "discard 7z")
    pass_all(g)
    assert g.observation(1)["drawn"] == "4m"
    g.apply(1, "discard 4m")
    pass_all(g)
    assert g.observation(2)["drawn"] == "1z"


def test_tail_replacements_in_order():
    g = game("xinyu", ["5555p1111m456s9s1z2z", None, None, None], tail="3z7m")
    g.apply(0, "kong 5p")
    assert g.observation(0)["drawn"] == "3z"
    g.apply(0, "kong 1m")
    assert g.observation(0)["drawn"] == "7m"


def test_partial_wall_rest_shuffled_by_seed():
    a = Game.from_position(xpos(wall="4m", seed=1)).to_position()["wall"]
    b = Game.from_position(xpos(wall="4m", seed=1)).to_position()["wall"]
    c = Game.from_position(xpos(wall="4m", seed=2)).to_position()["wall"]
    assert a == b and a.startswith("4m") and c.startswith("4m")
    assert a != c


def test_replacement_beyond_tail_comes_from_wall_far_end():
    g = game("xinyu", ["5555p1111m456s9s1z2z", None, None, None], tail="3z")
    g.apply(0, "kong 5p")
    g.apply(0, "kong 1m")
    o = g.observation(None)["wall"]
    assert o["tail_taken"] == 2


def test_drawn_count_defaults_to_tiles_dealt():
    g = Game.from_position(xpos())
    assert g.observation(None)["tiles_left"] == 120 - 53
    g = Game.from_position(xpos(drawn_count=100))
    assert g.observation(None)["tiles_left"] == 20


def test_longyan_gold_turned_from_tail_when_not_given():
    p = lpos(tail="4s")
    del p["gold"]
    g = Game.from_position(p)
    assert g.observation(None)["gold"] == "4s"


def test_melds_given_in_a_position_pay_nothing():
    g = game("xinyu", ["123m456p789s11z", None, None, None], melds=[["concealed_kong 9p"], [], [], []])
    assert g.observation(None)["hand_deltas"] == [0, 0, 0, 0]


def test_hands_may_be_lists_of_codes():
    g = Game.from_position({"variant": "xinyu", "hands": [["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s",
                                                           "1z", "2z", "3z", "4z", "7z"]] + X_HANDS[1:]})
    assert g.observation(0)["hand_counts"][0] == 14


# ---------------------------------------------------------------- bad positions

def bad(p, *words):
    with pytest.raises(ValueError) as err:
        Game.from_position(p)
    msg = str(err.value)
    for w in words:
        assert w.lower() in msg.lower(), f"{msg!r} does not mention {w!r}"
    return msg


def test_bad_position_five_copies():
    bad(xpos(hands=["1111m456p789s1z2z3z4z", X_HANDS[1], X_HANDS[2], X_HANDS[3]]), "1m", "5")


def test_bad_position_five_copies_across_hands_and_melds():
    bad(xpos(hands=["1m23m456p789s1z2z", X_HANDS[1], X_HANDS[2], X_HANDS[3]],
             melds=[["kong 1m"], [], [], []]), "1m")


def test_bad_position_flower_twice():
    bad(lpos(flowers=[["1f"], ["1f"], [], []]), "1f")


def test_bad_position_four_golds_with_turned_gold():
    bad(lpos(hands=["9m9m9m9m456p789s1z2z3z4z", L_HANDS[1], L_HANDS[2], L_HANDS[3]]), "9m")


@pytest.mark.parametrize("seat, hand", [(0, "123m456p789s1z2z3z4z"), (1, "147m258p369s1234z5z"), (2, "1m")])
def test_bad_position_wrong_hand_size(seat, hand):
    hands = list(X_HANDS)
    hands[seat] = hand
    bad(xpos(hands=hands), f"hands[{seat}]")


def test_a_lessons_hands_written_empty_are_dealt_from_the_tiles_left():
    """A lesson's position writes the reader's hand and "" for the others (issue 56: refused before)."""
    position = {"variant": "xinyu", "hands": ["123m456p78s11z999m9s", "", "", ""], "seed": 4}
    g = Game.from_position(position)
    assert g.observation(None)["hand_counts"] == [14, 13, 13, 13] and "win" in g.legal_actions(0)
    assert Game.from_position(position).observation(None)["hands"] == g.observation(None)["hands"]  # by the seed


def test_bad_position_wrong_hand_size_with_melds():
    bad(xpos(melds=[["pong 5z"], [], [], []]), "hands[0]")


def test_bad_position_dealer_hand_size_follows_dealer():
    bad(xpos(dealer=1), "hands")


def test_bad_position_flower_in_hand():
    hands = list(L_HANDS)
    hands[1] = "147m258p369s123z1f"
    bad(lpos(hands=hands), "flower")


def test_bad_position_flowers_in_xinyu():
    bad(xpos(flowers=[["1f"], [], [], []]), "flower")
    bad(xpos(wall="1f"), "flower")


def test_bad_position_gold_in_xinyu():
    bad(xpos(gold="5m"), "gold")


def test_bad_position_gold_is_a_flower():
    bad(lpos(gold="1f"), "gold")


def test_bad_position_non_flower_in_flowers():
    bad(lpos(flowers=[["1m"], [], [], []]), "flower")


def test_bad_position_meld_of_golds():
    bad(lpos(hands=["123m456p789s11z", L_HANDS[1], L_HANDS[2], L_HANDS[3]], melds=[["pong 9m"], [], [], []]),
        "gold")


def test_bad_position_unknown_option():
    bad(xpos(options={"no_such_option": True}), "no_such_option")
    bad(xpos(options={"gold_wild": "suited"}), "gold_wild")          # a Longyan option in Xinyu
    bad(lpos(options={"discard_win": True}), "discard_win")          # a Xinyu option in Longyan


@pytest.mark.parametrize("opt, value", [("scoring", "fancy"), ("discard_win", "yes"), ("discard_win", 1),
                                        ("draw_keeps_dealer", None), ("timer", 15)])
def test_bad_position_bad_option_value_xinyu(opt, value):
    bad(xpos(options={opt: value}), opt)


@pytest.mark.parametrize("opt, value", [("gold_wild", "honors"), ("white_dragon", "gold"), ("reserve_tiles", 8),
                                        ("three_golds", "never"), ("gold_holder_no_discard_win", "true"),
                                        ("reserve_tiles", True)])
def test_bad_position_bad_option_value_longyan(opt, value):
    bad(lpos(options={opt: value}), opt)


def test_bad_position_unknown_key():
    bad(xpos(walls="123m"), "walls")


def test_bad_position_missing_keys():
    bad({"variant": "xinyu"}, "hands")
    bad({"hands": X_HANDS}, "variant")


def test_bad_position_unknown_variant():
    bad({"variant": "riichi", "hands": X_HANDS}, "riichi")


def test_bad_position_not_a_dict():
    with pytest.raises(ValueError):
        Game.from_position("xinyu")
    with pytest.raises(ValueError):
        Game.from_position(None)


@pytest.mark.parametrize("text, part", [("123m456p789s1z2z3z4z8z", "8z"), ("123m456p789s1z2z3z4zx", "x"),
                                        ("123m456p789s1z2z3z4z7", "7"), ("0m23m456p789s1z2z3z4z7z", "0m")])
def test_bad_position_bad_tile_text(text, part):
    hands = list(X_HANDS)
    hands[0] = text
    bad(xpos(hands=hands), part)


def test_bad_position_bad_wall_and_tail_text():
    bad(xpos(wall="12q"), "q")
    bad(xpos(tail="9z"), "9z")


def test_bad_position_bad_meld():
    bad(xpos(hands=["123m456p789s11z", X_HANDS[1], X_HANDS[2], X_HANDS[3]], melds=[["chow 123m"], [], [], []]),
        "meld")
    bad(xpos(hands=["123m456p789s11z", X_HANDS[1], X_HANDS[2], X_HANDS[3]], melds=[["pong"], [], [], []]),
        "meld")
    bad(xpos(melds="pong 1m"), "melds")


@pytest.mark.parametrize("dealer", [-1, 4, "0", None, 1.0, True])
def test_bad_position_bad_dealer(dealer):
    bad(xpos(dealer=dealer), "dealer")


def test_bad_position_bad_scores():
    bad(xpos(scores=[0, 0, 0]), "scores")
    bad(xpos(scores=[0, 0, 0, "1"]), "scores")


def test_bad_position_hands_not_four():
    bad({"variant": "xinyu", "hands": X_HANDS[:3]}, "hands")


def test_bad_position_bad_drawn_count():
    bad(xpos(drawn_count=-1), "drawn_count")
    bad(xpos(drawn_count="53"), "drawn_count")


def test_bad_position_bad_history():
    p = xpos()
    p["history"] = [[0, "discard 9z"]]
    bad(p, "history")


# ---------------------------------------------------------------- golden playthroughs

GOLDEN = json.load(open(__import__("pathlib").Path(__file__).resolve().parents[1] / "golden" / "worked_examples.json"))


@pytest.mark.parametrize("case", GOLDEN, ids=[c["name"] for c in GOLDEN])
def test_golden_worked_examples_replay(case):
    g = Game.replay(case["position"], case["history"])
    r = g.result
    assert r["deltas"] == case["deltas"]
    assert r["winners"] == case["winners"]
    assert [w["category"] for w in r["wins"]] == case["categories"]
    assert [sorted(w["patterns"]) for w in r["wins"]] == case["patterns"]
    assert sum(r["deltas"]) == 0


# ---------------------------------------------------------------- field types and ranges (issue 12)

L_FLOWER_KONG = {"flowers": [["1f", "2f", "3f", "4f"], [], [], []]}


def paying(**kw):
    """A Longyan position whose seat 0 made a flower kong in the deal; kw changes its one payment."""
    return lpos(**L_FLOWER_KONG, opening_payments=[{"from": 1, "to": 0, "amount": 2, "reason": "flower_kong", **kw}])


def test_opening_payments_as_given_are_paid():
    g = Game.from_position(paying())
    assert g.observation(None)["hand_deltas"] == [2, -2, 0, 0]
    assert Game.from_position(g.to_position()).observation(None) == g.observation(None)


@pytest.mark.parametrize("change, words", [
    ({"from": 7}, ["from", "0-3"]), ({"from": -1}, ["from", "0-3"]), ({"to": True}, ["to", "0-3"]),
    ({"from": 0}, ["cannot pay itself"]), ({"amount": -2}, ["amount", "positive"]), ({"amount": 0}, ["amount"]),
    ({"amount": "2"}, ["amount"]), ({"amount": 2.5}, ["amount"]), ({"amount": True}, ["amount"]),
    ({"reason": "gift"}, ["reason", "flower_kong"]), ({"reason": ["flower_kong"]}, ["reason"]),
    ({"extra": 1}, ["from", "to", "amount", "reason"]),
])
def test_bad_opening_payment_is_refused(change, words):
    bad(paying(**change), "opening_payments[0]", *words)


def test_bad_opening_payments_not_a_list_of_objects():
    bad(lpos(opening_payments={"from": 1}), "opening_payments", "list")
    bad(lpos(opening_payments=["flower_kong"]), "opening_payments[0]")
    bad(lpos(opening_payments=[{"from": 1, "to": 0, "amount": 2}]), "opening_payments[0]", "reason")


def test_opening_payments_refused_where_there_are_no_flowers():
    bad(xpos(opening_payments=[{"from": 1, "to": 0, "amount": 2, "reason": "flower_kong"}]), "xinyu", "flowers")


@pytest.mark.parametrize("key, value", [("drawn_count", True), ("drawn_count", 53.0), ("dice", [True, 6]),
                                        ("dice", [1, 7]), ("dice", [1]), ("dice", "16"), ("scores", [0, 0, 0, False]),
                                        ("scores", [0, 0, 0, 2**60]), ("seed", True), ("seed", 2**70), ("seed", "1")])
def test_booleans_floats_and_out_of_range_numbers_are_refused(key, value):
    bad(xpos(**{key: value}), key)


def test_null_stands_for_a_field_left_out():
    g = Game.from_position(xpos(melds=None, flowers=None, scores=None, dice=None, gold=None, options=None,
                                drawn_count=None, opening_payments=None, history=None))
    assert g.to_position() == Game.from_position(xpos()).to_position()


def test_the_gold_turned_from_the_tail_cannot_be_a_given_melds_tile():
    # its to_position() would give the gold and the pong together, which no position may hold (docs/RULES.md §3)
    p = pos("longyan", ["123m456p789s11z", None, None, None], melds=[["pong 5m"], [], [], []], tail="5m")
    bad(p, "5m", "pong 5m", "golds cannot be ponged")


def test_a_turned_gold_other_than_the_melds_tile_is_accepted_and_round_trips():
    p = pos("longyan", ["123m456p789s11z", None, None, None], melds=[["pong 5m"], [], [], []], tail="6m")
    g = Game.from_position(p)
    assert g.observation(None)["gold"] == "6m"
    assert Game.from_position(g.to_position()).observation(None) == g.observation(None)


@pytest.mark.parametrize("key, value", [("options", [["scoring", "simple"]]), ("options", "simple"),
                                        ("options", False), ("variant", ["xinyu"]), ("variant", {"x": 1})])
def test_options_and_variant_of_the_wrong_type_are_refused(key, value):
    bad(xpos(**{key: value}), key)


@pytest.mark.parametrize("history", [{}, "discard 9z", 0, ["0x"], [[0]], [["0", "discard 7z"]], [[0, 7]],
                                     [{"0": 0, "1": "discard 7z"}]])
def test_history_must_be_a_list_of_seat_and_action(history):
    bad(xpos(history=history), "history")


def test_history_entries_may_be_pairs_of_a_python_caller():
    g = Game.from_position(xpos(history=[(0, "discard 7z")]))
    assert g.history == [(0, "discard 7z")]


def test_junk_nested_deep_where_a_tile_goes_is_a_value_error():
    deep: list = []
    for _ in range(3000):
        deep = [deep]
    for p in (xpos(hands=[deep] + X_HANDS[1:]), xpos(wall=deep), xpos(melds=[deep, [], [], []]),
              xpos(options={"scoring": deep}), xpos(history=[deep]), lpos(flowers=[[deep], [], [], []])):
        assert len(bad(p)) < 300


def test_unicode_digits_are_not_tiles():
    bad(xpos(hands=["١٢٣m456p789s1z2z3z4z7z"] + X_HANDS[1:]), "hands[0]")


def test_echoed_input_is_cut_short():
    huge = "1m" * 500_000
    for p in (xpos(hands=[huge + "x"] + X_HANDS[1:]), xpos(variant=huge), xpos(options={huge: 1}),
              xpos(melds=[["pong " + huge], [], [], []]), xpos(history=[[0, "discard " + huge]]), xpos(walls=huge)):
        assert len(bad(p)) < 400        # the history's refusal lists the legal actions


# ---------------------------------------------------------------- flowers as lists of codes (issue 11)

def test_to_position_gives_flowers_as_per_seat_lists_of_codes():
    p = Game.from_position(lpos(flowers=[["3f", "1f"], [], ["2f"], []])).to_position()
    assert p["flowers"] == [["3f", "1f"], [], ["2f"], []]      # in the order they were set aside
    g = Game.new("longyan", seed=45)
    assert all(isinstance(f, list) for f in g.to_position()["flowers"])
    assert sum(len(f) for f in g.to_position()["flowers"]) >= 4


def test_flowers_as_joined_strings_still_load():
    old = Game.from_position(lpos(flowers=["3f1f", "", "2f", ""]))
    new = Game.from_position(lpos(flowers=[["3f", "1f"], [], ["2f"], []]))
    assert old.to_position() == new.to_position()
    assert old.observation(None) == new.observation(None)
