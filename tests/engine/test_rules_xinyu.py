"""docs/RULES.md §2 Xinyu: one test per rule, every pattern in both presets, the worked examples."""
from __future__ import annotations

import pytest

from py_engine import Game

from helpers import deltas_of, game, pass_all

SIMPLE = {"scoring": "simple"}


def run_default(g: Game, turns: int) -> None:
    """`turns` seat turns of default actions (discard the drawn tile; everyone passes claims)."""
    done = 0
    while done < turns and not g.is_over:
        s = g.waiting_for[0]
        a = g.default_action(s)
        g.apply(s, a)
        if a.startswith("discard"):
            done += 1
            pass_all(g)


def dealer_win(hand: str, melds=None, options=None):
    """The dealer (seat 0) wins at once on the 14 tiles it was dealt; returns (patterns, M, deltas)."""
    g = game("xinyu", [hand, None, None, None], melds=[melds or [], [], [], []], options=options or {})
    assert "win" in g.legal_actions(0), g.legal_actions(0)
    g.apply(0, "win")
    r = g.result
    w = r["wins"][0]
    assert w["category"] == "self_draw"
    return sorted(w["patterns"]), w["multiplier"], r["deltas"]


def check(hand, melds, patterns, m_default, m_simple):
    p, m, d = dealer_win(hand, melds)
    assert (p, m) == (sorted(patterns), m_default)
    assert d == [6 * m, -2 * m, -2 * m, -2 * m]
    p, m, d = dealer_win(hand, melds, SIMPLE)
    assert (p, m) == (sorted(patterns), m_simple)
    assert d == [6 * m, -2 * m, -2 * m, -2 * m]


# ---------------------------------------------------------------- deal and dealer

def test_first_dealer_is_seat_0():
    for seed in range(5):
        assert Game.new("xinyu", seed=seed).observation(None)["dealer"] == 0


def test_winner_deals_next():
    g = game("xinyu", [None, "123m456p789s1z777z", None, None], melds=[[], [], [], []], wall="1z")
    g.apply(0, g.default_action(0))
    pass_all(g)
    assert "win" in g.legal_actions(1)
    g.apply(1, "win")
    assert g.result["next_dealer"] == 1


def test_drawn_hand_dealer_next_player_deals_by_default():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", None, None, None], dealer=0, drawn_count=120)
    g.apply(0, "discard 7z")
    assert g.is_over and g.result["winners"] == [] and g.result["next_dealer"] == 1


def test_draw_keeps_dealer_option():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", None, None, None], drawn_count=120,
             options={"draw_keeps_dealer": True})
    g.apply(0, "discard 7z")
    assert g.is_over and g.result["winners"] == [] and g.result["next_dealer"] == 0


def test_drawn_hand_next_dealer_wraps_from_seat_3():
    g = game("xinyu", [None, None, None, "123m456p789s1z2z3z4z7z"], dealer=3, drawn_count=120)
    g.apply(3, "discard 7z")
    assert g.result["next_dealer"] == 0


# ---------------------------------------------------------------- draw game at 120

def test_draw_game_after_120th_tile_is_discarded():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", None, None, None], drawn_count=118, wall="6z6z6z")
    assert g.observation(None)["tiles_left"] == 2
    g.apply(0, "discard 7z")
    assert g.observation(None)["tiles_left"] == 1 and g.waiting_for == [1]
    g.apply(1, "discard 6z")
    assert g.observation(None)["tiles_left"] == 0 and g.waiting_for == [2]
    assert not g.is_over          # the 120th tile is drawn but not yet discarded
    g.apply(2, "discard 6z")
    assert g.is_over and g.result["winners"] == []
    assert g.result["deltas"] == [0, 0, 0, 0]


def test_120th_tile_may_still_win_by_self_draw():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", "123m456p789s111z4z",
                       None, None], drawn_count=119, wall="4z")
    g.apply(0, "discard 7z")
    assert "win" in g.legal_actions(1)


def test_kong_replacement_counts_toward_120():
    g = game("xinyu", ["5555p123m456s789s1z", None, None, None], drawn_count=118, tail="2z", wall="6z")
    g.apply(0, "kong 5p")
    assert g.observation(None)["tiles_left"] == 1
    g.apply(0, "discard 2z")
    pass_all(g)
    g.apply(1, "discard 6z")
    pass_all(g)
    assert g.is_over and g.result["winners"] == []


def test_kong_payments_stand_when_hand_is_drawn():
    g = game("xinyu", ["5555p123m456s789s1z", None, None, None], drawn_count=118, tail="2z", wall="6z")
    g.apply(0, "kong 5p")
    g.apply(0, "discard 2z")
    pass_all(g)
    g.apply(1, "discard 6z")
    pass_all(g)
    assert g.is_over and g.result["winners"] == []
    assert g.result["deltas"] == [6, -2, -2, -2]


# ---------------------------------------------------------------- kong replacement

def test_kong_replacement_is_taken_from_the_tail_after_a_die():
    # a position without an explicit tail: the die picks the d-th stack from the tail
    g = game("xinyu", ["5555p123m456s789s1z", None, None, None], wall="1p2p3p")
    ev = g.apply(0, "kong 5p")
    d = [e for e in ev if e["type"] == "draw"]
    assert len(d) == 1 and d[0]["source"] == "tail"
    assert d[0]["tile"] != "1p"           # not the front
    assert 1 <= d[0].get("die", 1) <= 6
    o = g.observation(None)["wall"]
    assert o["tail_taken"] == 1


# ---------------------------------------------------------------- winning

def test_self_draw_only_by_default_no_discard_win():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", "123m456p789s111z7z", None, None], wall="8p")
    g.apply(0, "discard 7z")
    assert g.waiting_for == [1]
    assert "win" not in g.legal_actions(1)
    assert g.observation(1)["drawn"] == "8p"


def test_self_draw_win_includes_kong_replacement():
    g = game("xinyu", ["5555p123m456s789s1z", None, None, None], tail="1z")
    g.apply(0, "kong 5p")
    assert "win" in g.legal_actions(0)


def test_all_honors_free_hand_wins_whatever_its_shape():
    p, m, d = dealer_win("111z222z33z44z5z6z77z")
    assert p == sorted(["concealed", "all_honors"]) and m == 16
    assert d == [96, -32, -32, -32]


def test_all_honors_free_hand_needs_no_melds():
    g = game("xinyu", ["222z33z44z5z6z77z", None, None, None], melds=[["pong 1z"], [], [], []])
    assert "win" not in g.legal_actions(0)


def test_all_honors_free_hand_with_seven_pairs_shape():
    check("11223344556677z", [], ["concealed", "seven_pairs", "all_honors"], 64, 32)


def test_all_honors_free_hand_with_all_pungs_shape():
    check("111z222z333z444z55z", [], ["concealed", "all_honors", "all_pungs"], 32, 32)


def test_non_winning_hand_cannot_win():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", None, None, None])
    assert "win" not in g.legal_actions(0)


# ---------------------------------------------------------------- kong payments

def test_exposed_kong_each_other_pays_one():
    g = game("xinyu", ["123m678p789s1z2z3z4z7z", None, "777z123s456s147m2p", None], tail="1p")
    g.apply(0, "discard 7z")
    ev = g.apply(2, "kong")
    assert deltas_of(ev) == [-1, -1, 3, -1]


def test_added_kong_each_other_pays_one():
    g = game("xinyu", ["5p123m456s999s1z", None, None, None], melds=[["pong 5p"], [], [], []], tail="8m")
    ev = g.apply(0, "kong 5p")
    assert deltas_of(ev) == [3, -1, -1, -1]


def test_concealed_kong_each_other_pays_two():
    g = game("xinyu", ["5555p123m456s789s1z", None, None, None], tail="1p")
    ev = g.apply(0, "kong 5p")
    assert deltas_of(ev) == [6, -2, -2, -2]


def test_xinyu_dealer_pays_no_double_for_kongs():
    g = game("xinyu", [None, "5555p123m456s789s1z", None, None], dealer=1, tail="1p")
    ev = g.apply(1, "kong 5p")
    assert deltas_of(ev) == [-2, 6, -2, -2]


# ---------------------------------------------------------------- patterns, both presets

def test_pattern_none_applies_m_is_1():
    check("123m456p789s11z", ["pong 7z"], [], 1, 1)


def test_pattern_concealed():
    check("123m456p789s11z777z", [], ["concealed"], 2, 2)


def test_pattern_kong_once_whatever_the_count():
    # dealer kongs 5p, discards the replacement, then self-draws 1z from the front: kong x2 (no bloom)
    g = game("xinyu", ["5555p123m456s789s1z", None, None, None], tail="2z", wall="1p1p1p1z")
    g.apply(0, "kong 5p")
    g.apply(0, "discard 2z")
    pass_all(g)
    run_default(g, 3)
    assert g.observation(0)["drawn"] == "1z"
    g.apply(0, "win")
    w = g.result["wins"][0]
    assert w["patterns"] == ["kong"] and w["multiplier"] == 2
    # two kongs still x2
    g = game("xinyu", ["5555p1111m456s78s2z", None, None, None], tail="2z9s", options=SIMPLE)
    g.apply(0, "kong 5p")
    g.apply(0, "kong 1m")
    assert "win" in g.legal_actions(0)
    g.apply(0, "win")
    w = g.result["wins"][0]
    assert sorted(w["patterns"]) == ["kong", "kong_bloom"] and w["multiplier"] == 4


def test_pattern_seven_pairs():
    check("1122m3344p5566s77z", [], ["concealed", "seven_pairs"], 8, 4)


def test_pattern_luxury_seven_pairs_k1():
    check("1111m3344p5566s77z", [], ["concealed", "luxury_seven_pairs"], 16, 8)


def test_pattern_luxury_seven_pairs_k2():
    check("1111m3333p5566s77z", [], ["concealed", "luxury_seven_pairs"], 32, 16)


def test_pattern_luxury_seven_pairs_k3():
    check("1111m3333p5555s77z", [], ["concealed", "luxury_seven_pairs"], 64, 32)


def test_pattern_half_flush():
    check("123m456m789m111z22z", [], ["concealed", "half_flush"], 4, 4)


def test_pattern_full_flush():
    check("123m123m456m789m55m", [], ["concealed", "full_flush"], 8, 8)


def test_pattern_full_flush_excludes_half_flush():
    p, _, _ = dealer_win("123m456m789m99m", ["pong 1m"])
    assert p == ["full_flush"]


def test_pattern_all_honors_excludes_half_flush():
    p, m, _ = dealer_win("222z333z444z55z", ["pong 1z"])
    assert p == sorted(["all_honors", "all_pungs"]) and m == 16


def test_pattern_all_pungs():
    check("111m222p333s44z", ["pong 7z"], ["all_pungs"], 2, 2)
    check("111m222p333s444z55z", [], ["concealed", "all_pungs"], 4, 4)


def test_pattern_all_pungs_with_kongs():
    check("111m222p44z", ["pong 7z", "kong 3s"], ["all_pungs", "kong"], 4, 4)


@pytest.mark.parametrize("options, m", [({}, 8), (SIMPLE, 4)])
def test_pattern_flying_also_scores_all_pungs(options, m):
    # seat 1 has four pongs and one concealed tile; it draws the tile that pairs it
    g = game("xinyu", ["123m456p789s1z2z3z6z7z", "4z", None, None],
             melds=[[], ["pong 1m", "pong 2p", "pong 3s", "pong 7z"], [], []], wall="4z", options=options)
    g.apply(0, "discard 6z")
    pass_all(g)
    assert "win" in g.legal_actions(1)
    g.apply(1, "win")
    w = g.result["wins"][0]
    assert sorted(w["patterns"]) == ["all_pungs", "flying"]
    assert w["multiplier"] == m
    assert g.result["deltas"] == [-2 * m, 6 * m, -2 * m, -2 * m]


def test_pattern_flying_with_kongs_of_any_kind():
    g = game("xinyu", ["234m456p789s1z2z3z6z7z", "4z", None, None],
             melds=[[], ["kong 1m", "concealed_kong 2p", "added_kong 3s", "pong 7z"], [], []], wall="4z")
    g.apply(0, "discard 6z")
    pass_all(g)
    g.apply(1, "win")
    w = g.result["wins"][0]
    assert sorted(w["patterns"]) == ["all_pungs", "flying", "kong"]
    assert w["multiplier"] == 16


def test_pattern_flying_with_flush():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", "9s", None, None],
             melds=[[], ["pong 1s", "pong 2s", "pong 3s", "pong 4s"], [], []], wall="9s")
    g.apply(0, "discard 7z")
    pass_all(g)
    g.apply(1, "win")
    w = g.result["wins"][0]
    assert sorted(w["patterns"]) == ["all_pungs", "flying", "full_flush"]
    assert w["multiplier"] == 32


def test_pattern_kong_bloom():
    check_bloom = game("xinyu", ["5555p123m456s789s1z", None, None, None], tail="1z", options=SIMPLE)
    check_bloom.apply(0, "kong 5p")
    check_bloom.apply(0, "win")
    w = check_bloom.result["wins"][0]
    assert sorted(w["patterns"]) == ["kong", "kong_bloom"] and w["multiplier"] == 4


def test_pattern_kong_bloom_not_after_discarding_the_replacement():
    g = game("xinyu", ["5555p123m456s789s1z", None, None, None], tail="2z", wall="1p1p1p1z")
    g.apply(0, "kong 5p")
    g.apply(0, "discard 2z")
    pass_all(g)
    run_default(g, 3)
    g.apply(0, "win")
    assert "kong_bloom" not in g.result["wins"][0]["patterns"]


def test_at_most_one_flush_pattern():
    for hand, melds in [("11223344556677z", []), ("123m456m789m111z22z", []), ("123m123m456m789m55m", [])]:
        p, _, _ = dealer_win(hand, melds)
        assert len({"half_flush", "full_flush", "all_honors"} & set(p)) == 1


def test_best_reading_seven_pairs_over_standard():
    # docs/RULES.md worked example 2 also covers it; here the dealer version
    p, m, _ = dealer_win("11223344556677m")
    assert p == sorted(["concealed", "seven_pairs", "full_flush"]) and m == 32


def test_best_reading_luxury_over_all_pungs():
    # 1111m 222p 333s ... standard reading impossible with 4 of 1m unless 111m+1m; choose luxury
    p, m, _ = dealer_win("1111m2233p4455s66z")
    assert p == sorted(["concealed", "luxury_seven_pairs"]) and m == 16


def test_best_reading_all_pungs_vs_seven_pairs_simple():
    # 111m 222m 333m 444m 55m: pungs (standard) or sequences; full flush either way
    p, m, _ = dealer_win("111222333444m55m")
    # all_pungs reading: concealed 2 * full_flush 4 * all_pungs 2 = 16
    assert "all_pungs" in p and m == 16


# ---------------------------------------------------------------- discard_win option

DW = {"discard_win": True}


def test_discard_win_option_allows_win_on_discard():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", "123m456p789s111z7z", None, None], options=DW)
    g.apply(0, "discard 7z")
    assert "win" in g.legal_actions(1)
    g.apply(1, "win")
    r = g.result
    assert r["winners"] == [1] and r["discarder"] == 0
    w = r["wins"][0]
    assert w["category"] == "discard_win"
    assert "concealed" not in w["patterns"]
    assert w["multiplier"] == 1
    assert r["deltas"] == [-1, 1, 0, 0]


def test_discard_win_discarder_alone_pays_1xM():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", "123m456m789m111z7z", None, None], options=DW)
    g.apply(0, "discard 7z")
    g.apply(1, "win")
    w = g.result["wins"][0]
    assert w["patterns"] == ["half_flush"] and w["multiplier"] == 2
    assert g.result["deltas"] == [-2, 2, 0, 0]


def test_discard_win_no_kong_bloom_no_concealed():
    # seat 2 declared a concealed kong earlier (kong applies) but wins on a discard: no bloom, not concealed
    g = game("xinyu", ["123m678p789s1z2z3z4z7z", None, "5555p123m456s99s1z", None],
             options=DW, wall="6z6z2z", tail="1z")
    g.apply(0, "discard 7z")
    pass_all(g)
    g.apply(1, "discard 6z")
    pass_all(g)
    # seat 2 drew 6z
    g.apply(2, "kong 5p")
    g.apply(2, "discard 6z")
    pass_all(g)
    # seat 2 now holds 123m456s99s1z1z and waits on 9s/1z; seat 3 draws 2z and discards 2z ... then
    g.apply(3, g.default_action(3))
    pass_all(g)
    # dealer discards 1z
    g.apply(0, "discard 1z")
    assert "win" in g.legal_actions(2)
    g.apply(2, "win")
    w = g.result["wins"][0]
    assert w["category"] == "discard_win"
    assert "concealed" not in w["patterns"] and "kong_bloom" not in w["patterns"]
    assert w["patterns"] == ["kong"] and w["multiplier"] == 2


def test_discard_win_several_winners_next_dealer_first_from_discarder_next():
    # dealer 0 waits on 6z, seat 2 waits on 6z; seat 1 draws and discards 6z
    g = game("xinyu", ["123m456p789s111z6z3z", None, "123m456p789s222z6z", None], options=DW, wall="6z")
    g.apply(0, "discard 3z")
    pass_all(g)
    assert g.observation(1)["drawn"] == "6z"
    g.apply(1, "discard 6z")
    assert set(g.waiting_for) == {0, 2}
    g.apply(0, "win")
    assert not g.is_over            # seat 2 must still answer
    g.apply(2, "win")
    r = g.result
    assert sorted(r["winners"]) == [0, 2]
    assert r["discarder"] == 1
    assert r["deltas"] == [1, -2, 1, 0]
    assert r["next_dealer"] == 2


def test_discard_win_one_winner_passes_other_wins():
    g = game("xinyu", ["123m456p789s111z6z3z", None, "123m456p789s222z6z", None], options=DW, wall="6z")
    g.apply(0, "discard 3z")
    pass_all(g)
    g.apply(1, "discard 6z")
    g.apply(0, "pass")
    g.apply(2, "win")
    assert g.result["winners"] == [2] and g.result["next_dealer"] == 2


def test_discard_win_self_draw_still_pays_2M_each():
    g = game("xinyu", ["123m456p789s1z2z3z4z6z", "123m456p789s111z7z", None, None], options=DW, wall="7z")
    g.apply(0, "discard 6z")
    pass_all(g)
    g.apply(1, "win")
    assert g.result["wins"][0]["category"] == "self_draw"
    assert g.result["deltas"] == [-4, 12, -4, -4]


# ---------------------------------------------------------------- worked examples

def test_worked_example_1_pong_7z_self_draw_no_pattern():
    g = game("xinyu", ["123m678p789s1z2z3z4z6z", None, "123m456p789s1z", None],
             melds=[[], [], ["pong 7z"], []], wall="5p1z")
    g.apply(0, "discard 6z")
    pass_all(g)
    g.apply(1, "discard 5p")
    pass_all(g)
    assert g.observation(2)["drawn"] == "1z"
    g.apply(2, "win")
    r = g.result
    assert r["wins"][0]["patterns"] == [] and r["wins"][0]["multiplier"] == 1
    assert r["deltas"] == [-2, -2, 6, -2]
    assert r["next_dealer"] == 2


def test_worked_example_2_seven_pairs_full_flush_best_reading():
    g = game("xinyu", ["123p456p789s1z2z3z4z6z", "1122334455667m", None, None], wall="7m")
    g.apply(0, "discard 6z")
    pass_all(g)
    g.apply(1, "win")
    r = g.result
    assert sorted(r["wins"][0]["patterns"]) == sorted(["concealed", "seven_pairs", "full_flush"])
    assert r["wins"][0]["multiplier"] == 32
    assert r["deltas"] == [-64, 192, -64, -64]


def test_worked_example_3_concealed_kong_then_kong_bloom():
    g = game("xinyu", ["123m678p789s1z2z3z4z6z", "555p123m456s999s1z", None, None], wall="5p", tail="1z")
    g.apply(0, "discard 6z")
    pass_all(g)
    ev = g.apply(1, "kong 5p")
    assert deltas_of(ev) == [-2, 6, -2, -2]
    g.apply(1, "win")
    r = g.result
    assert sorted(r["wins"][0]["patterns"]) == ["kong", "kong_bloom"]
    assert r["wins"][0]["multiplier"] == 4
    assert r["deltas"] == [-10, 30, -10, -10]
