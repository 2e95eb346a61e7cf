"""docs/RULES.md §3 Longyan Xinzhuang: one test per rule, the worked examples."""
from __future__ import annotations

import pytest

from py_engine import Game

from helpers import deltas_of, game, pass_all, pass_rob_gold

G = "9m"            # the gold in most tests: no test hand holds 9m or 5z unless it means to


def lgame(hands, gold=G, **kw) -> Game:
    return game("longyan", hands, gold=gold, **kw)


def discard_and_open(g: Game, seat: int, tile: str) -> None:
    """Discard; if it is the covered first discard, let nobody rob the gold."""
    g.apply(seat, f"discard {tile}")
    pass_rob_gold(g)


def turn(g: Game, seat: int, tile: str | None = None) -> None:
    """Seat discards `tile` (default: the tile it drew); every claim is passed."""
    assert g.waiting_for == [seat], (g.waiting_for, seat)
    tile = tile or g.observation(seat)["drawn"]
    discard_and_open(g, seat, tile)
    pass_all(g)


# ---------------------------------------------------------------- tiles, dealer

def test_144_tiles_with_eight_flowers():
    g = Game.new("longyan", seed=4)
    assert g.observation(None)["wall"]["total"] == 144


def test_first_dealer_drawn_at_random_from_seed():
    dealers = {Game.new("longyan", seed=s).observation(None)["dealer"] for s in range(40)}
    assert len(dealers) > 1
    assert Game.new("longyan", seed=5).observation(None)["dealer"] == Game.new("longyan", seed=5).observation(None)["dealer"]


# ---------------------------------------------------------------- flowers

def test_opening_flowers_set_aside_and_replaced_from_tail():
    seen_flowers = 0
    for seed in range(30):
        g = Game.new("longyan", seed=seed)
        o = g.observation(None)
        for s in range(4):
            assert not any(t.endswith("f") for t in g.observation(s)["hands"][s])
            assert all(t.endswith("f") for t in o["flowers"][s])
        n = sum(len(f) for f in o["flowers"])
        seen_flowers += n
        # every flower set aside was replaced from the tail; the gold was turned from the tail too
        assert o["wall"]["tail_taken"] == n + 1
        assert o["gold"] and not o["gold"].endswith("f")
        assert sorted(o["hand_counts"]) == [13, 13, 13, 14]
    assert seen_flowers > 0


def test_opening_flower_kongs_are_paid():
    found = False
    for seed in range(400):
        g = Game.new("longyan", seed=seed)
        o = g.observation(None)
        expected = [0, 0, 0, 0]
        for s in range(4):
            for _ in range(max(0, len(o["flowers"][s]) - 3)):
                for p in range(4):
                    if p == s:
                        continue
                    amount = 2 if (s == o["dealer"] or p == o["dealer"]) else 1
                    expected[p] -= amount
                    expected[s] += amount
        assert o["hand_deltas"] == expected
        assert o["flower_kongs"] == [max(0, len(f) - 3) for f in o["flowers"]]
        if any(expected):
            found = True
    assert found


def test_flower_drawn_during_play_is_set_aside_and_replaced_from_tail():
    g = lgame(["123m456p789s1z2z3z4z7z", None, None, None], wall="1f", tail="3p")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    o = g.observation(1)
    assert o["flowers"][1] == ["1f"]
    assert o["drawn"] == "3p"
    assert not any(t.endswith("f") for t in o["hands"][1])
    assert o["hand_counts"][1] == 14


def test_flower_replacement_that_is_a_flower_is_replaced_again():
    g = lgame(["123m456p789s1z2z3z4z7z", None, None, None], wall="1f", tail="2f3p")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    o = g.observation(1)
    assert sorted(o["flowers"][1]) == ["1f", "2f"]
    assert o["drawn"] == "3p"


def test_flower_kong_fourth_flower_paid_as_exposed_kong_non_dealer():
    g = lgame(["123m456p789s1z2z3z4z7z", None, None, None], flowers=[[], ["1f", "2f", "3f"], [], []],
              wall="4f", tail="3p")
    ev = g.apply(0, "discard 7z")
    assert deltas_of(ev, "flower_kong") == [-2, 4, -1, -1]
    assert any(e["type"] == "flower_kong" and e["seat"] == 1 and e["count"] == 1 for e in ev)
    o = g.observation(None)
    assert o["flower_kongs"][1] == 1
    assert o["hand_deltas"] == [-2, 4, -1, -1]
    assert o["flowers"][1] == ["1f", "2f", "3f", "4f"] and o["hand_counts"][1] == 14


def test_flower_kong_each_later_flower_one_more():
    g = lgame(["123m456p789s1z2z3z4z7z", None, None, None], flowers=[[], ["1f", "2f", "3f"], [], []],
              wall="4f", tail="5f3p")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    o = g.observation(None)
    assert o["flower_kongs"][1] == 2
    assert o["hand_deltas"] == [-4, 8, -2, -2]


def test_flower_kong_by_the_dealer_pays_two_each():
    g = lgame(["123m456p789s1z2z3z4z7z", None, None, None], flowers=[["1f", "2f", "3f"], [], [], []],
              wall="1p1p1p4f", tail="3p")
    turn(g, 0, "7z")
    turn(g, 1)
    turn(g, 2)
    turn(g, 3)
    o = g.observation(None)
    assert o["flower_kongs"][0] == 1
    assert o["hand_deltas"] == [6, -2, -2, -2]


def test_flowers_in_position_pay_nothing():
    g = lgame(["123m456p789s1z2z3z4z7z", None, None, None], flowers=[[], ["1f", "2f", "3f", "4f", "5f"], [], []])
    assert g.observation(None)["hand_deltas"] == [0, 0, 0, 0]


# ---------------------------------------------------------------- the gold

def test_gold_turned_from_tail_and_a_flower_turned_joins_the_dealer():
    # no gold given: the engine turns the tail; a flower there joins the dealer's flowers
    g = game("longyan", ["123m456p789s1z2z3z4z7z", None, None, None], tail="6f8p")
    o = g.observation(None)
    assert o["gold"] == "8p"
    assert "6f" in o["flowers"][0]
    assert o["gold_tile_out"] is True


def test_gold_wild_as_any_tile_including_honors():
    g = lgame(["123m456p789s777z1z9m", None, None, None])
    assert "win" in g.legal_actions(0)


def test_gold_wild_suited_option_limits_to_mps():
    g = lgame(["123m456p789s777z1z9m", None, None, None], options={"gold_wild": "suited"})
    assert "win" not in g.legal_actions(0)
    g = lgame(["123m456p789s777z4m9m", None, None, None], options={"gold_wild": "suited"})
    assert "win" in g.legal_actions(0)


def test_one_gold_for_one_tile():
    # two golds for the two missing tiles of a sequence + pair
    g = lgame(["123m456p7s777z1z3z9m9m", None, None, None])
    assert "win" not in g.legal_actions(0)   # 7s + 2 golds = one set; 1z lone -> no pair
    g = lgame(["123m456p7s777z11z9m9m", None, None, None])
    assert "win" in g.legal_actions(0)


def test_white_dragons_replace_the_gold_face():
    # gold 9m: 5z is a natural 9m, so 78m + 5z is a sequence
    g = lgame(["123m456p789s11z78m5z", None, None, None])
    assert "win" in g.legal_actions(0)


def test_white_dragon_plain_option():
    g = lgame(["123m456p789s11z78m5z", None, None, None], options={"white_dragon": "plain"})
    assert "win" not in g.legal_actions(0)


def test_white_dragon_is_not_wild():
    # gold 9m: 5z stands only for 9m, not for 1z
    g = lgame(["123m456p789s777z1z5z", None, None, None])
    assert "win" not in g.legal_actions(0)


def test_gold_white_dragon_makes_white_dragons_golds():
    g = lgame(["123m456p789s11z78m5z", None, None, None], gold="5z")
    assert "win" in g.legal_actions(0)
    g = lgame(["123m456p789s777z1z5z", None, None, None], gold="5z")
    assert "win" in g.legal_actions(0)


def test_discarded_gold_cannot_be_claimed():
    # seat 2 holds two golds (cannot pong), seat 3 waits on 4z (a gold would complete it): no claim at all
    g = lgame(["123m456p789s1z2z3z6z7z", None, "9m9m4m147p258s2467z", "123p456p789s111z4z"], wall="9m")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    assert g.observation(1)["drawn"] == "9m"
    g.apply(1, "discard 9m")
    assert g.waiting_for == [2]
    assert g.observation(None)["phase"] == "discard"


def test_golds_cannot_be_ponged_or_konged_even_with_three():
    g = lgame(["9m9m9m123p456s1z2z3z4z6z", None, None, None],
              options={"three_golds": "opening_only"})
    if g.observation(None)["phase"] == "three_golds":
        g.apply(0, "pass")
    assert not any(a.startswith("kong") for a in g.legal_actions(0))


# ---------------------------------------------------------------- three golds

def test_three_golds_asked_before_the_dealer():
    g = lgame([None, None, "9m9m9m147p258s1367z", None])
    assert g.waiting_for == [2]
    assert g.observation(None)["phase"] == "three_golds"
    assert sorted(g.legal_actions(2)) == ["pass", "win"]
    assert g.legal_actions(0) == []
    g.apply(2, "win")
    r = g.result
    assert r["winners"] == [2] and r["wins"][0]["category"] == "three_golds"
    assert r["deltas"] == [-8, -4, 16, -4]
    assert r["next_dealer"] == 1


def test_three_golds_pass_then_dealer_plays():
    g = lgame([None, None, "9m9m9m147p258s1367z", None])
    g.apply(2, "pass")
    assert g.waiting_for == [0]
    assert any(a.startswith("discard") for a in g.legal_actions(0))


def test_three_golds_held_by_the_dealer():
    g = lgame(["9m9m9m147p258s13467z", None, None, None])
    assert g.waiting_for == [0]
    assert "win" in g.legal_actions(0)
    g.apply(0, "win")
    assert g.result["wins"][0]["category"] == "three_golds"
    assert g.result["deltas"] == [24, -8, -8, -8]
    assert g.result["next_dealer"] == 0


def test_three_golds_later_on_own_turn():
    g = lgame(["123m456p789s1z2z3z6z7z", "9m9m147p258s13467z", None, None], wall="9m")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    assert g.observation(1)["drawn"] == "9m"
    assert "win" in g.legal_actions(1)
    g.apply(1, "win")
    assert g.result["wins"][0]["category"] == "three_golds"
    assert g.result["deltas"] == [-8, 16, -4, -4]


def test_three_golds_opening_only_option():
    g = lgame(["123m456p789s1z2z3z6z7z", "9m9m147p258s13467z", None, None], wall="9m",
              options={"three_golds": "opening_only"})
    discard_and_open(g, 0, "7z")
    pass_all(g)
    assert "win" not in g.legal_actions(1)
    # still allowed in the start-of-hand window
    g = lgame([None, None, "9m9m9m147p258s1367z", None], options={"three_golds": "opening_only"})
    assert g.waiting_for == [2] and "win" in g.legal_actions(2)


# ---------------------------------------------------------------- covered first discard

def test_covered_first_discard_hidden_from_others():
    # seat 1 could rob the gold, so the covered discard waits face down
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z4z", None, None])
    ev = g.apply(0, "discard 7z")
    assert ev[0]["type"] == "discard" and ev[0]["covered"] is True
    assert g.observation(None)["phase"] == "rob_gold"
    for viewer in (None, 1, 2, 3):
        o = g.observation(viewer)
        d = o["discards"][0][0]
        assert d["covered"] is True and d["tile"] is None
        assert all(e.get("tile") is None for e in o["events"] if e["type"] == "discard")
        assert o["last_discard"] is None or o["last_discard"]["tile"] is None
        assert o["unseen"]["7z"] == 4 - (o["hands"][viewer].count("7z") if viewer is not None else 0)
    assert g.observation(0)["discards"][0][0]["tile"] == "7z"
    g.apply(1, "pass")
    o = g.observation(2)
    assert o["discards"][0][0] == {"tile": "7z", "claimed": False, "covered": False, "thrown_drawn": False}  # (from the deal: no draw)
    assert any(e["type"] == "reveal" and e["tile"] == "7z" for e in o["events"])


def test_covered_first_discard_revealed_at_once_when_nobody_robs():
    g = lgame(["123m678p789s1z2z3z6z7z", None, None, None])
    ev = g.apply(0, "discard 7z")
    kinds = [e["type"] for e in ev]
    assert kinds[0] == "discard" and "reveal" in kinds
    assert g.observation(1)["discards"][0][0]["tile"] == "7z"


def test_covered_first_discard_only_for_the_dealer_first():
    g = lgame(["123m678p789s1z2z3z6z7z", None, None, None], wall="4p")
    g.apply(0, "discard 7z")
    ev = g.apply(1, "discard 4p")
    assert ev[0]["covered"] is False


# ---------------------------------------------------------------- robbing the gold

def test_rob_gold_by_non_dealer():
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z4z", None, None])
    g.apply(0, "discard 7z")
    assert g.waiting_for == [1] and sorted(g.legal_actions(1)) == ["pass", "win"]
    g.apply(1, "win")
    r = g.result
    assert r["wins"][0]["category"] == "rob_gold"
    assert r["deltas"] == [-8, 16, -4, -4]
    assert g.observation(None)["gold_tile_out"] is False


def test_rob_gold_priority_non_dealers_in_order():
    g = lgame(["123m678p789s1z2z3z6z7z", None, "123p456p789s111z4z", "123p456p789s222z3z"])
    g.apply(0, "discard 7z")
    assert set(g.waiting_for) >= {2, 3}
    g.apply(3, "win")
    assert not g.is_over
    g.apply(2, "win")
    assert g.result["winners"] == [2]


def test_rob_gold_passed_by_first_goes_to_next():
    g = lgame(["123m678p789s1z2z3z6z7z", None, "123p456p789s111z4z", "123p456p789s222z3z"])
    g.apply(0, "discard 7z")
    g.apply(2, "pass")
    g.apply(3, "win")
    assert g.result["winners"] == [3]


def test_rob_gold_by_the_dealer_only_if_no_non_dealer():
    # dealer's 13 left after the covered discard + the gold win
    g = lgame(["123m456p789s111z4z7z", "123p456p789s222z3z", None, None])
    g.apply(0, "discard 7z")
    assert g.observation(None)["phase"] == "rob_gold"
    assert 1 in g.waiting_for
    g.apply(0, "win") if 0 in g.waiting_for else None
    if not g.is_over:
        g.apply(1, "win")
    assert g.result["winners"] == [1]
    # now nobody else: the dealer robs
    g = lgame(["123m456p789s111z4z7z", None, None, None])
    g.apply(0, "discard 7z")
    assert g.waiting_for == [0]
    g.apply(0, "win")
    r = g.result
    assert r["wins"][0]["category"] == "rob_gold" and r["deltas"] == [24, -8, -8, -8]


def test_robbed_gold_never_counts_toward_three_golds():
    g = lgame(["123m678p789s1z2z3z6z7z", "9m9m123p456p789s11z", None, None])
    g.apply(0, "discard 7z")
    g.apply(1, "win")
    assert g.result["wins"][0]["category"] == "rob_gold"


def test_rob_gold_pass_brings_no_furiten():
    # seat 1 waits on 4z; the dealer's covered discard is 4z: pass the gold, then win on the discard
    g = lgame(["123m678p789s1z2z3z6z4z", "123p456p789s111z4z", None, None])
    g.apply(0, "discard 4z")
    g.apply(1, "pass")
    assert g.observation(1)["furiten"] is False
    assert "win" in g.legal_actions(1)
    g.apply(1, "win")
    r = g.result
    assert r["wins"][0]["category"] == "discard_win"
    assert r["deltas"] == [-3, 5, -1, -1]


# ---------------------------------------------------------------- 分饼 first-discard bonus

def _bonus_game(third_round_tile_for_seat3="7p"):
    # every seat holds one 1z and one 3m; rounds 1 and 2 all match, round 3 breaks
    return lgame(["1z3m7p258m14p258s246z", "1z3m7p147m258p369s6z",
                  "1z3m7p147m258p369s6z", "1z3m8p147m256p369s6z"],
                 wall="3z7z1s4s3z7z1s4s3z7z1s")


def test_first_discard_bonus_round1_honors_round2_suited_doubling():
    g = _bonus_game()
    for seat in range(4):
        turn(g, seat, "1z")
    assert g.observation(None)["hand_deltas"] == [-3, 1, 1, 1]
    for seat in range(4):
        turn(g, seat, "3m")
    assert g.observation(None)["hand_deltas"] == [-3 - 12, 5, 5, 5]
    for seat in range(3):
        turn(g, seat, "7p")
    turn(g, 3, "8p")   # round 3 differs
    assert g.observation(None)["hand_deltas"] == [-15, 5, 5, 5]
    bonus = [e for e in g.observation(None)["events"] if e["type"] == "bonus"]
    assert bonus == []


def test_first_discard_bonus_streak_ends_at_first_mismatch():
    g = _bonus_game()
    for seat, tile in zip(range(4), ["1z", "1z", "1z", "3m"]):
        turn(g, seat, tile)
    assert g.observation(None)["hand_deltas"] == [0, 0, 0, 0]
    # round 2 all 7p? seat 3 holds 8p: use 3m for seats 0..2 then seat 3 has none -> fine, no bonus anyway
    for seat, tile in zip(range(4), ["3m", "3m", "3m", "1z"]):
        turn(g, seat, tile)
    assert g.observation(None)["hand_deltas"] == [0, 0, 0, 0]


def test_first_discard_bonus_round1_suited_pays_two_each():
    g = lgame(["1z3m7p258m14p258s246z", "1z3m7p147m258p369s6z",
               "1z3m7p147m258p369s6z", "1z3m8p147m256p369s6z"], wall="3z7z1s")
    for seat in range(4):
        turn(g, seat, "3m")
    assert g.observation(None)["hand_deltas"] == [-6, 2, 2, 2]


def test_first_discard_bonus_broken_by_a_claim():
    # round 1 pays; round 2's dealer discard 3m is ponged by seat 2; round 3 matches but pays nothing
    g = lgame(["1z3m7p258m14p258s246z", "1z7p147m258p369s6z1p",
               "1z33m7p147m258p369s", "1z7p147m256p369s6z1p"],
              wall="3z7z1s4s3z7z1s4s3z")
    for seat in range(4):
        turn(g, seat, "1z")
    assert g.observation(None)["hand_deltas"] == [-3, 1, 1, 1]
    g.apply(0, "discard 3m")
    assert "pong" in g.legal_actions(2)
    pass_all_but = [s for s in g.waiting_for if s != 2]
    for s in pass_all_but:
        g.apply(s, "pass")
    g.apply(2, "pong")
    g.apply(2, "discard 6s")
    pass_all(g)
    turn(g, 3)                       # seat 3 drew 4s
    for seat in (0, 1, 2, 3):        # dealer's 3rd discard and the next three: all 7p
        turn(g, seat, "7p")
    assert g.observation(None)["hand_deltas"] == [-3, 1, 1, 1]


# ---------------------------------------------------------------- swimming the gold

def test_single_swim_declared_and_wins_on_next_draw():
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z9m", None, None], wall="4z5s5s5s2p")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    acts = g.legal_actions(1)
    assert "swim 4z" in acts and "win" in acts
    ev = g.apply(1, "swim 4z")
    assert any(e["type"] == "swim" and e["level"] == 1 and e["tile"] == "4z" for e in ev)
    pass_all(g)
    assert g.observation(None)["swims"] == [0, 1, 0, 0]
    turn(g, 2)
    turn(g, 3)
    turn(g, 0)
    assert g.observation(1)["drawn"] == "2p"
    assert g.legal_actions(1) == ["win"]
    g.apply(1, "win")
    r = g.result
    assert r["wins"][0]["category"] == "swim_single"
    assert r["deltas"] == [-8, 16, -4, -4]


def test_single_swim_only_a_natural_tile_paired_with_one_gold():
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z9m", None, None], wall="4z")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    swims = [a for a in g.legal_actions(1) if a.startswith("swim")]
    assert swims == ["swim 4z"]


def test_swimmer_cannot_claim_discards():
    g = lgame(["123m678p789s2z3z4z6z7z", "123p456p789s111z9m", None, None], wall="4z1z2z2z")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "swim 4z")
    pass_all(g)
    turn(g, 2)             # seat 2 drew 1z and discards it: seat 1 holds 111z but swims
    assert g.waiting_for == [3]


def test_single_swim_forbids_nothing_to_others():
    # seat 2 waits on 4z and may win on seat 1's swim discard
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z9m", "123p456p789s222z4z", None], wall="4z")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "swim 4z")
    assert "win" in g.legal_actions(2)
    g.apply(2, "win")
    assert g.result["winners"] == [2] and g.result["wins"][0]["category"] == "discard_win"


def test_single_swim_drawn_gold_climbs_to_double():
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z9m", None, None], wall="4z5s5s5s9m6s6s6s2p")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "swim 4z")
    pass_all(g)
    turn(g, 2)
    turn(g, 3)
    turn(g, 0)
    assert g.observation(1)["drawn"] == "9m"
    assert sorted(g.legal_actions(1)) == ["swim 9m", "win"]
    ev = g.apply(1, "swim 9m")
    assert any(e["type"] == "swim" and e["level"] == 2 for e in ev)
    pass_all(g)
    assert g.observation(None)["swims"][1] == 2
    turn(g, 2)
    turn(g, 3)
    turn(g, 0)
    g.apply(1, "win")
    assert g.result["wins"][0]["category"] == "swim_double"
    assert g.result["deltas"] == [-16, 32, -8, -8]


def test_double_swim_drawn_gold_climbs_to_triple_fixed_table():
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z9m", None, None],
              wall="9m5s5s5s9m6s6s6s2p")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    assert "swim 9m" in g.legal_actions(1)      # pair of two golds: double swim
    g.apply(1, "swim 9m")
    pass_all(g)
    assert g.observation(None)["swims"][1] == 2
    turn(g, 2)
    turn(g, 3)
    turn(g, 0)
    assert g.observation(1)["drawn"] == "9m"
    g.apply(1, "swim 9m")
    pass_all(g)
    assert g.observation(None)["swims"][1] == 3
    turn(g, 2)
    turn(g, 3)
    turn(g, 0)
    assert g.legal_actions(1) == ["win"]
    g.apply(1, "win")
    r = g.result
    assert r["wins"][0]["category"] == "swim_triple"
    assert r["deltas"] == [-24, 56, -16, -16]


def test_triple_swim_by_the_dealer_each_pays_24():
    g = lgame(["123p456p789s111z9m9m", None, None, None], wall="5s5s5s9m6s6s6s2p")
    g.apply(0, "swim 9m")               # double swim on the first turn (covered discard is the gold)
    pass_rob_gold(g)
    pass_all(g)
    turn(g, 1)
    turn(g, 2)
    turn(g, 3)
    assert g.observation(0)["drawn"] == "9m"
    g.apply(0, "swim 9m")
    pass_all(g)
    turn(g, 1)
    turn(g, 2)
    turn(g, 3)
    g.apply(0, "win")
    assert g.result["wins"][0]["category"] == "swim_triple"
    assert g.result["deltas"] == [72, -24, -24, -24]


def test_dealer_single_swim_each_pays_8():
    g = lgame(["123p456p789s111z9m4z", None, None, None], wall="5s5s5s2p")
    g.apply(0, "swim 4z")
    pass_rob_gold(g)
    pass_all(g)
    turn(g, 1)
    turn(g, 2)
    turn(g, 3)
    g.apply(0, "win")
    assert g.result["wins"][0]["category"] == "swim_single"
    assert g.result["deltas"] == [24, -8, -8, -8]


def test_double_swim_others_may_win_only_by_self_draw():
    # seat 1 double swims; seat 2 waits on 4z: no discard win on seat 3's 4z, but a self-drawn 4z wins
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z9m", "123p456p789s222z4z", None],
              wall="9m5s4z4z")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "swim 9m")
    pass_all(g)
    turn(g, 2, "5s")
    assert g.observation(3)["drawn"] == "4z"
    g.apply(3, "discard 4z")
    assert "win" not in g.legal_actions(2)
    pass_all(g)
    turn(g, 0)
    # seat 1 wins the swim here; instead check seat 2's self-draw in a twin where seat 1 ... (seat 1 must win)
    assert g.legal_actions(1) == ["win"]


def test_double_swim_others_self_draw_allowed():
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z9m", "123p456p789s222z4z", None], wall="9m4z")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "swim 9m")
    pass_all(g)
    assert g.observation(2)["drawn"] == "4z"
    assert "win" in g.legal_actions(2)


def test_double_swim_others_cannot_rob_a_kong():
    g = lgame(["123m678p789s1z2z4z6z7z", "123p456p789s111z9m", "123p456p222z46s99s", "147m258p36s3z7z"], melds=[[], [], [], ["pong 5s"]], wall="9m1s5s")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "swim 9m")
    pass_all(g)
    turn(g, 2, "1s")
    assert g.observation(3)["drawn"] == "5s"
    g.apply(3, "kong 5s")
    assert g.observation(None)["phase"] != "rob_kong"
    assert not g.is_over


def test_triple_swim_others_only_on_kong_replacement():
    # seat 1 reaches a triple swim; seat 2 (tenpai on 4z) cannot win by a plain self-draw,
    # but seat 3 wins on a kong replacement
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z9m", "123p456p789s222z4z", "5555s123m47p258p7z"],
              wall="9m6s6s6s9m4z", tail="1s")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "swim 9m")
    pass_all(g)
    turn(g, 2)
    turn(g, 3)
    turn(g, 0)
    g.apply(1, "swim 9m")
    pass_all(g)
    assert g.observation(None)["swims"][1] == 3
    assert g.observation(2)["drawn"] == "4z"
    assert "win" not in g.legal_actions(2)


def test_triple_swim_kong_bloom_still_wins():
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z9m", None, "5555s123m456p7z66z"],
              wall="9m1s2s3s9m4s6z", tail="7z")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "swim 9m")
    pass_all(g)
    turn(g, 2)
    turn(g, 3)
    turn(g, 0)
    g.apply(1, "swim 9m")
    pass_all(g)
    turn(g, 2)
    assert g.observation(3)["drawn"] == "6z"
    assert "kong 5s" in g.legal_actions(3)
    g.apply(3, "kong 5s")
    assert "win" in g.legal_actions(3)
    g.apply(3, "win")
    r = g.result
    assert r["winners"] == [3] and r["wins"][0]["category"] == "self_draw"


# ---------------------------------------------------------------- robbing a kong

def _rob_kong_game():
    return lgame(["123m678p789s1z2z3z6z7z", "123m456s789s3z", "123p46p111z678m22s", None],
                 melds=[[], ["pong 5p"], [], []], wall="5p", tail="8m")


def test_rob_kong_not_paid_category_rob_kong_discarder_is_owner():
    g = _rob_kong_game()
    discard_and_open(g, 0, "7z")
    pass_all(g)
    assert "kong 5p" in g.legal_actions(1)
    g.apply(1, "kong 5p")
    assert g.observation(None)["phase"] == "rob_kong"
    assert g.waiting_for == [2]
    g.apply(2, "win")
    r = g.result
    assert r["winners"] == [2] and r["discarder"] == 1
    assert r["wins"][0]["category"] == "rob_kong"
    assert not any(p["reason"] in ("kong", "concealed_kong") for p in r["payments"])
    assert r["deltas"] == [-4, -2, 8, -2]


def test_rob_kong_passed_kong_completes_and_is_paid_and_furiten():
    g = _rob_kong_game()
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "kong 5p")
    g.apply(2, "pass")
    o = g.observation(2)
    assert o["melds"][1][0]["type"] == "added_kong"
    assert o["hand_deltas"] == [-2, 4, -1, -1]
    assert o["furiten"] is True


# ---------------------------------------------------------------- temporary furiten

def _furiten_game(wall):
    # seat 2 waits on 4m (single wait); the dealer discards 4m first
    return lgame(["4m123p678p789s1z2z3z6z", None, "123p456p789s111z4m", None],
                 wall=wall)


def test_furiten_passing_a_discard_win_blocks_discard_wins_until_own_draw():
    g = _furiten_game("4m")
    discard_and_open(g, 0, "4m")
    assert "win" in g.legal_actions(2)
    g.apply(2, "pass")
    assert g.observation(2)["furiten"] is True
    # seat 1 drew 4m and discards it: seat 2 may not win on it
    assert g.observation(1)["drawn"] == "4m"
    g.apply(1, "discard 4m")
    assert "win" not in g.legal_actions(2)


def test_furiten_ends_after_own_next_draw():
    g = _furiten_game("5s6s4m")
    discard_and_open(g, 0, "4m")
    g.apply(2, "pass")
    turn(g, 1)                    # seat 1 5s
    assert g.observation(2)["furiten"] is False   # seat 2 drew 6s
    g.apply(2, "discard 6s")
    pass_all(g)
    # seat 3 drew 4m and discards it
    g.apply(3, "discard 4m")
    assert "win" in g.legal_actions(2)


def test_furiten_self_draw_unaffected():
    g = _furiten_game("5s4m")
    discard_and_open(g, 0, "4m")
    g.apply(2, "pass")
    turn(g, 1)
    assert g.observation(2)["drawn"] == "4m"
    assert "win" in g.legal_actions(2)
    g.apply(2, "win")
    assert g.result["wins"][0]["category"] == "self_draw"


def test_furiten_also_after_passing_a_rob_kong():
    g = _rob_kong_game()
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "kong 5p")
    g.apply(2, "pass")
    assert g.observation(2)["furiten"] is True


# ---------------------------------------------------------------- one winner per discard

def _two_waiters():
    # seats 2 and 3 both wait on 4z; seat 1 draws 4z and discards it
    return lgame(["123m678p789s1z2z3z6z7z", None, "123p456p789s111z4z", "123p456p789s222z4z"], wall="4z")


def test_only_first_winner_in_turn_order_on_one_discard():
    g = _two_waiters()
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "discard 4z")
    assert set(g.waiting_for) == {2, 3}
    g.apply(3, "win")
    assert not g.is_over
    g.apply(2, "win")
    r = g.result
    assert r["winners"] == [2]
    assert r["deltas"] == [-2, -2, 5, -1]


def test_second_in_order_wins_when_first_passes():
    g = _two_waiters()
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "discard 4z")
    g.apply(2, "pass")
    g.apply(3, "win")
    assert g.result["winners"] == [3]


# ---------------------------------------------------------------- payments, dealer double, 连庄

def test_dealer_wins_on_discard_each_non_dealer_pays_double_discarder_one_more():
    g = lgame(["123m456p789s111z4z7z", None, None, None], wall="4z")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "discard 4z")
    assert "win" in g.legal_actions(0)
    g.apply(0, "win")
    r = g.result
    assert r["deltas"] == [7, -3, -2, -2]
    assert r["next_dealer"] == 0


def test_non_dealer_self_draw_dealer_pays_double():
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z4z", None, None], wall="4z")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "win")
    r = g.result
    assert r["wins"][0]["category"] == "self_draw"
    assert r["deltas"] == [-4, 8, -2, -2]
    assert r["next_dealer"] == 1


def test_next_dealer_is_dealer_next_player_not_the_winner():
    g = lgame(["123m678p789s1z2z3z6z7z", None, "123p456p789s111z4z", None], wall="5s4z")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    turn(g, 1)
    g.apply(2, "win")
    assert g.result["winners"] == [2]
    assert g.result["next_dealer"] == 1


def test_self_draw_on_kong_replacement_is_self_draw():
    g = lgame(["5555p123m456s789s1z", None, None, None], tail="1z")
    g.apply(0, "kong 5p")
    g.apply(0, "win")
    r = g.result
    assert r["wins"][0]["category"] == "self_draw"
    assert r["deltas"] == [12 + 12, -4 - 4, -4 - 4, -4 - 4]


def test_dealer_keeps_the_deal_after_a_drawn_hand():
    for seed in range(10):
        g = Game.new("longyan", seed=seed)
        while not g.is_over:
            s = g.waiting_for[0]
            g.apply(s, g.default_action(s))
        if not g.result["winners"]:
            assert g.result["next_dealer"] == g.observation(None)["dealer"]
            return
    pytest.fail("no drawn hand in 10 seeds")


def test_draw_game_when_the_wall_is_empty():
    g = Game.new("longyan", seed=2)
    while not g.is_over:
        s = g.waiting_for[0]
        g.apply(s, g.default_action(s))
    o = g.observation(None)
    if not g.result["winners"]:
        assert sum(map(sum, o["wall"]["stacks"])) == 0
        assert o["tiles_left"] == 0


def test_reserve_tiles_16():
    a = Game.new("longyan", seed=3)
    b = Game.new("longyan", seed=3, options={"reserve_tiles": 16})
    assert a.observation(None)["tiles_left"] - b.observation(None)["tiles_left"] == 16
    while not b.is_over:
        s = b.waiting_for[0]
        b.apply(s, b.default_action(s))
    o = b.observation(None)
    if not b.result["winners"]:
        assert sum(map(sum, o["wall"]["stacks"])) == 16
        assert o["tiles_left"] == 0


def test_gold_holder_no_discard_win_option():
    # seat 2 holds a gold and waits; the option forbids its discard win, not its self-draw
    hands = ["123m678p789s1z2z3z6z7z", None, "123p456p789s11z9m4z", None]
    g = lgame(hands, wall="4z", options={"gold_holder_no_discard_win": True})
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "discard 4z")
    assert "win" not in g.legal_actions(2)
    g = lgame(hands, wall="4z")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "discard 4z")
    assert "win" in g.legal_actions(2)
    g = lgame(hands, wall="5s4z", options={"gold_holder_no_discard_win": True})
    discard_and_open(g, 0, "7z")
    pass_all(g)
    turn(g, 1)
    assert "win" in g.legal_actions(2)


# ---------------------------------------------------------------- worked examples

def test_worked_example_1_discard_win_seat2_on_seat3():
    g = lgame(["123m678p789s1z2z3z6z7z", None, "123p456p789s111z4z", None], gold="5m", wall="1p2p4z")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    turn(g, 1)             # 1p
    turn(g, 2)             # 2p
    g.apply(3, "discard 4z")
    assert "win" in g.legal_actions(2)
    g.apply(2, "win")
    r = g.result
    assert r["wins"][0]["category"] == "discard_win" and r["discarder"] == 3
    assert r["deltas"] == [-2, -1, 5, -2]


def test_worked_example_2_dealer_self_draw():
    g = lgame(["123p456p789s111z44z", None, None, None], gold="5m")
    g.apply(0, "win")
    r = g.result
    assert r["wins"][0]["category"] == "self_draw"
    assert r["deltas"] == [12, -4, -4, -4]


def test_worked_example_3_double_swim_seat1():
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z5m", None, None], gold="5m", wall="5m6s7s8s1p")
    g.apply(0, "discard 7z")
    pass_rob_gold(g)
    pass_all(g)
    assert "swim 5m" in g.legal_actions(1)
    g.apply(1, "swim 5m")
    pass_all(g)
    turn(g, 2)
    turn(g, 3)
    turn(g, 0)
    g.apply(1, "win")
    r = g.result
    assert r["wins"][0]["category"] == "swim_double"
    assert r["deltas"] == [-16, 32, -8, -8]


# ---------------------------------------------------------------- more edges

def test_flower_turned_as_gold_making_a_fourth_flower_pays_a_flower_kong():
    # no gold given: the tail's 4f is turned, joins the dealer's three flowers (the first flower kong
    # is reached now, after the position) and 8p becomes the gold
    g = game("longyan", ["123m456p789s1z2z3z4z7z", None, None, None], flowers=[["1f", "2f", "3f"], [], [], []],
             tail="4f8p")
    o = g.observation(None)
    assert o["gold"] == "8p" and sorted(o["flowers"][0]) == ["1f", "2f", "3f", "4f"]
    assert o["flower_kongs"][0] == 1
    assert o["hand_deltas"] == [6, -2, -2, -2]


def test_dealer_first_turn_kong_then_covered_discard():
    g = lgame(["5555p123m456s789s1z", None, None, None], tail="8p")
    g.apply(0, "kong 5p")
    ev = g.apply(0, "discard 8p")
    assert ev[0]["type"] == "discard" and ev[0]["covered"] is True


def test_flower_replacement_after_a_kong():
    g = lgame(["5555p123m456s789s1z", None, None, None], tail="3f8p")
    ev = g.apply(0, "kong 5p")
    assert g.observation(0)["drawn"] == "8p"
    assert g.observation(None)["flowers"][0] == ["3f"]
    assert [e["type"] for e in ev if e["type"] in ("draw", "flower")] == ["draw", "flower", "draw"]


def test_swim_draw_after_a_flower_wins_with_the_replacement():
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z9m", None, None], wall="4z5s5s5s1f", tail="2p")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "swim 4z")
    pass_all(g)
    turn(g, 2)
    turn(g, 3)
    turn(g, 0)
    assert g.observation(1)["drawn"] == "2p"
    assert g.legal_actions(1) == ["win"]
    g.apply(1, "win")
    assert g.result["wins"][0]["category"] == "swim_single"


def test_furiten_after_choosing_pong_over_a_discard_win():
    # seat 2 holds 44z... and waits on 4z too: it pongs instead of winning -> furiten
    g = lgame(["123m678p789s1z2z3z6z4z", None, "123p456p789s44z66z", None], wall="5s6z")
    discard_and_open(g, 0, "4z")
    assert set(g.legal_actions(2)) >= {"win", "pong"}
    g.apply(2, "pong")
    assert g.observation(2)["furiten"] is True


def test_three_golds_with_white_dragon_gold():
    g = lgame([None, "555z147p258s1367z", None, None], gold="5z")
    assert g.waiting_for == [1]
    g.apply(1, "win")
    assert g.result["wins"][0]["category"] == "three_golds"


def test_three_white_dragons_are_not_three_golds():
    g = lgame([None, "555z147p258s1367z", None, None], gold="9m")
    assert g.waiting_for == [0]


def test_covered_discard_shown_once_the_hand_is_over():
    # robbing the gold ends the hand with the dealer's discard still covered: at the end all is shown
    g = lgame(["123m678p789s1z2z3z6z7z", "123p456p789s111z4z", None, None])
    g.apply(0, "discard 7z")
    g.apply(1, "win")
    for viewer in (None, 1, 2, 3):
        assert g.observation(viewer)["discards"][0][0]["tile"] == "7z"


def test_first_discard_bonus_round3_doubles_again():
    g = lgame(["1z3m7p258m14p258s246z", "1z3m7p147m258p369s6z",
               "1z3m7p147m258p369s6z", "1z3m7p147m256p369s6z"], wall="3z7z1s4s3z7z1s4s3z7z1s")
    for tile in ("1z", "3m", "7p"):
        for seat in range(4):
            turn(g, seat, tile)
    assert g.observation(None)["hand_deltas"] == [-3 - 12 - 24, 1 + 4 + 8, 13, 13]


def test_rob_kong_first_in_turn_order_and_dealer_robber_pays_double():
    # seat 1 adds 5p; the dealer (seat 0) and seat 2 both wait on 5p: seat 2 comes first after seat 1
    g = lgame(["123m789s46p222z33z7z", "123m456s789s3z", "123p46p111z678m22s", None],
              melds=[[], ["pong 5p"], [], []], wall="5p", tail="8m")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "kong 5p")
    assert set(g.waiting_for) == {0, 2}
    g.apply(0, "win")
    assert not g.is_over
    g.apply(2, "win")
    assert g.result["winners"] == [2]
    # the dealer robs when seat 2 passes: each non-dealer pays 2b = 4, the kong's owner no extra
    g = lgame(["123m789s46p222z33z7z", "123m456s789s3z", "123p46p111z678m22s", None],
              melds=[[], ["pong 5p"], [], []], wall="5p", tail="8m")
    discard_and_open(g, 0, "7z")
    pass_all(g)
    g.apply(1, "kong 5p")
    g.apply(2, "pass")
    g.apply(0, "win")
    r = g.result
    assert r["winners"] == [0] and r["wins"][0]["category"] == "rob_kong" and r["discarder"] == 1
    assert r["deltas"] == [12, -4, -4, -4]
