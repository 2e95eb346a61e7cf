"""A claim a win sets aside is said (docs/RULES.md §1 Actions, §2 discard_win, §3 Play, §4): the
`overruled` event before the win, and the result's `overruled` list, name the seat, the claim, the
winner who took the tile and the rule."""
from __future__ import annotations

import pytest

from helpers import game, pass_all, pass_rob_gold

# seat 1 draws 6z and discards it; seats 2 and 0 both wait on it (turn order after seat 1: 2, 3, 0)
TWO_WINNERS = ["123m456p789s111z6z3z", None, "123m456p789s222z6z", None]


def two_winner_game(variant: str, options: dict | None = None):
    g = game(variant, TWO_WINNERS, wall="6z", options=options or {},
             **({"gold": "9m"} if variant == "longyan" else {}))
    g.apply(0, "discard 3z")
    pass_rob_gold(g)
    pass_all(g)
    g.apply(1, "discard 6z")
    assert set(g.waiting_for) == {0, 2}
    return g


def test_longyan_two_winners_the_first_in_turn_wins_and_the_other_is_told():
    g = two_winner_game("longyan")
    g.apply(0, "win")                       # the player answers first; seat 2 comes before them
    assert not g.is_over
    events = g.apply(2, "win")
    r = g.result
    assert r["winners"] == [2]
    said = [e for e in events if e["type"] == "overruled"]
    assert said == [{"type": "overruled", "seat": 0, "claim": "win", "tile": "6z", "by": 2,
                     "rule": "first_in_turn", "answered": True}]
    assert [e["type"] for e in events].index("overruled") < [e["type"] for e in events].index("win")
    assert r["overruled"] == [{"seat": 0, "claim": "win", "tile": "6z", "by": 2, "rule": "first_in_turn", "answered": True}]


def test_longyan_an_earlier_win_closes_the_window_on_an_unanswered_offer():
    g = two_winner_game("longyan")
    g.apply(2, "win")                       # seat 2 first: seat 0 is never asked
    assert g.is_over
    assert g.result["overruled"] == [{"seat": 0, "claim": "win", "tile": "6z", "by": 2,
                                      "rule": "first_in_turn", "answered": False}]


def test_xinyu_discard_win_two_winners_both_win_nothing_overruled():
    g = two_winner_game("xinyu", {"discard_win": True})
    g.apply(0, "win")
    events = g.apply(2, "win")
    assert sorted(g.result["winners"]) == [0, 2]
    assert g.result["overruled"] == []
    assert not [e for e in events if e["type"] == "overruled"]


def test_xinyu_self_draw_only_offers_no_win_on_the_discard():
    g = game("xinyu", TWO_WINNERS, wall="6z")
    g.apply(0, "discard 3z")
    pass_all(g)
    g.apply(1, "discard 6z")
    assert "win" not in g.legal_actions(0) and "win" not in g.legal_actions(2)


@pytest.mark.parametrize("variant, opts", [("xinyu", {"discard_win": True}), ("longyan", {})])
def test_a_pong_beaten_by_a_win_is_told(variant, opts):
    g = game(variant, ["123m456p789s1z2z3z4z7z", "77z147m258p369s24z", "123m456p789s111z7z", None],
             options=opts, **({"gold": "9m"} if variant == "longyan" else {}))
    g.apply(0, "discard 7z")
    pass_rob_gold(g)
    g.apply(1, "pong")
    events = g.apply(2, "win")
    assert [e for e in events if e["type"] == "overruled"] == [
        {"type": "overruled", "seat": 1, "claim": "pong", "tile": "7z", "by": 2, "rule": "win_first", "answered": True}]
    assert g.result["overruled"][0]["claim"] == "pong"


def test_a_pass_is_no_claim_overruled():
    g = two_winner_game("longyan")
    g.apply(0, "pass")
    g.apply(2, "win")
    assert g.result["overruled"] == []
