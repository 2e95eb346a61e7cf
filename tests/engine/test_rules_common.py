"""docs/RULES.md §1 (common ground), one test per rule, in both rule sets where it applies."""
from __future__ import annotations

import pytest

from py_engine import Game, IllegalActionError, format_tiles, parse_tiles

from helpers import deltas_of, game, pass_all, pass_rob_gold, pos

BOTH = ["xinyu", "longyan"]
GOLD = "9m"   # Longyan tests here use a gold that none of their interesting tiles touch


def lg(variant: str) -> dict:
    return {"gold": GOLD} if variant == "longyan" else {}


# ---------------------------------------------------------------- tiles and notation

def test_parse_tiles_digits_before_suit_letter():
    assert parse_tiles("123m5z1f") == ["1m", "2m", "3m", "5z", "1f"]
    assert parse_tiles("123m55p789s111z") == ["1m", "2m", "3m", "5p", "5p", "7s", "8s", "9s", "1z", "1z", "1z"]
    assert parse_tiles("") == []


def test_parse_tiles_keeps_order_for_walls():
    assert parse_tiles("4m1z") == ["4m", "1z"]
    assert parse_tiles("1z4m") == ["1z", "4m"]


def test_format_tiles_sorts_m_p_s_z_f():
    assert format_tiles(["5z", "1m", "2m"]) == "12m5z"
    assert format_tiles(["1f", "9s", "1p", "7z", "3m"]) == "3m1p9s7z1f"
    assert format_tiles(parse_tiles("123m55p789s111z")) == "123m55p789s111z"


@pytest.mark.parametrize("text, part", [
    ("8z", "8z"), ("0m", "0m"), ("9f", "9f"), ("12", "12"), ("m12", "m"), ("1x", "1x"), ("123m4", "4"),
])
def test_parse_tiles_bad_text_names_offending_part(text, part):
    with pytest.raises(ValueError) as err:
        parse_tiles(text)
    assert part in str(err.value)


def test_four_copies_each_tile_one_each_flower():
    # a position with a fifth copy is refused; with two of one flower too
    with pytest.raises(ValueError):
        Game.from_position(pos("xinyu", ["11112345678999m", None, None, None], wall="1m"))
    with pytest.raises(ValueError):
        Game.from_position(pos("longyan", ["123m456p789s11z777z", None, None, None],
                               gold=GOLD, flowers=[["1f"], ["1f"], [], []]))


def test_tile_sets_are_136_and_144():
    assert Game.new("xinyu", seed=1).observation(None)["wall"]["total"] == 136
    assert Game.new("longyan", seed=1).observation(None)["wall"]["total"] == 144


# ---------------------------------------------------------------- seats and order

@pytest.mark.parametrize("variant", BOTH)
def test_play_passes_to_next_player(variant):
    g = game(variant, ["123m456p789s1z2z4z6z7z", None, None, None], wall="1p2p3p4p", **lg(variant))
    for seat in range(4):
        assert g.waiting_for == [seat]
        tile = g.observation(seat)["drawn"] or "1z"
        g.apply(seat, f"discard {tile}")
        pass_all(g)
    assert g.waiting_for == [0]


@pytest.mark.parametrize("variant", BOTH)
def test_dealer_fourteen_others_thirteen(variant):
    for seed in range(5):
        g = Game.new(variant, seed=seed)
        o = g.observation(None)
        counts = o["hand_counts"]
        assert counts[o["dealer"]] == 14
        assert sorted(counts) == [13, 13, 13, 14]


# ---------------------------------------------------------------- sets and winning shapes

@pytest.mark.parametrize("variant", BOTH)
def test_standard_shape_with_melds_wins(variant):
    g = game(variant, ["123m456p11z", None, None, None], melds=[["pong 7z", "kong 8p"], [], [], []],
             **lg(variant))
    assert "win" in g.legal_actions(0)


@pytest.mark.parametrize("variant", BOTH)
def test_kong_counts_as_one_set(variant):
    g = game(variant, ["123m456p789s11z", None, None, None], melds=[["concealed_kong 8p"], [], [], []],
             **lg(variant))
    assert "win" in g.legal_actions(0)


@pytest.mark.parametrize("variant", BOTH)
def test_seven_pairs_wins_and_four_identical_count_as_two_pairs(variant):
    g = game(variant, ["1122m3344p6677s11z", None, None, None], **lg(variant))
    assert "win" in g.legal_actions(0)
    g = game(variant, ["1111m3344p6677s11z", None, None, None], **lg(variant))
    assert "win" in g.legal_actions(0)


@pytest.mark.parametrize("variant", BOTH)
def test_honors_never_form_sequences(variant):
    g = game(variant, ["123z456p789s123m44m", None, None, None], **lg(variant))
    assert "win" not in g.legal_actions(0)


# ---------------------------------------------------------------- actions

@pytest.mark.parametrize("variant", BOTH)
def test_no_chow(variant):
    # seat 1 holds 23m: the dealer's 1m / 4m offers no claim at all
    g = game(variant, ["1m4m456p789s1z2z3z4z6z7z", "23m456p789s12346z", None, None], wall="8p",
             **lg(variant))
    g.apply(0, "discard 1m")
    assert g.waiting_for == [1]
    assert all(not a.startswith(("chow", "pong", "kong", "pass")) for a in g.legal_actions(1))
    with pytest.raises(IllegalActionError):
        g.apply(1, "chow")


@pytest.mark.parametrize("variant", BOTH)
def test_pong_then_only_discard(variant):
    # seat 2 holds 77z and four 3p: after the pong only discards (no kong, no win)
    g = game(variant, ["123m456p789s11z7z2z4z", "147m258p369s1234z", "3333p77z123s456s1m", None],
             wall="6z6z", **lg(variant))
    g.apply(0, "discard 7z")
    assert g.waiting_for == [2]
    assert g.legal_actions(2) == ["pong", "pass"]
    ev = g.apply(2, "pong")
    assert any(e["type"] == "pong" and e["seat"] == 2 and e["from"] == 0 for e in ev)
    acts = g.legal_actions(2)
    assert acts and all(a.startswith("discard ") for a in acts)
    o = g.observation(2)
    assert o["melds"][2][0]["type"] == "pong" and o["melds"][2][0]["tile"] == "7z"
    assert o["discards"][0][-1]["claimed"] is True
    # play continues from the claimer's next player (seat 3), skipping seat 1
    g.apply(2, "discard 1m")
    pass_all(g)
    assert g.waiting_for == [3]


@pytest.mark.parametrize("variant", BOTH)
def test_passing_on_pong_has_no_lasting_effect(variant):
    g = game(variant, ["123m456p789s11z7z2z4z", None,
                       "77z123s456s147m23p", None], wall="7z6z", **lg(variant))
    g.apply(0, "discard 7z")
    g.apply(2, "pass")
    assert g.waiting_for == [1]            # seat 1 drew 7z
    g.apply(1, "discard 7z")
    assert g.waiting_for == [2]
    assert "pong" in g.legal_actions(2)


# ---- exposed kong from a discard: payments at the moment of the kong

@pytest.mark.parametrize("variant, dealer_kong, expected", [
    ("xinyu", False, [-1, -1, 3, -1]),
    ("longyan", False, [-2, -1, 4, -1]),
])
def test_exposed_kong_from_discard_pays_and_draws_replacement_from_tail(variant, dealer_kong, expected):
    g = game(variant, ["123m456p789s11z7z2z4z", None, "777z123s456s147m2p", None],
             wall="6z6z", tail="2p8p", **lg(variant))
    g.apply(0, "discard 7z")
    assert set(g.legal_actions(2)) == {"pong", "kong", "pass"}
    ev = g.apply(2, "kong")
    assert any(e["type"] == "kong" and e["kind"] == "kong" and e["from"] == 0 for e in ev)
    assert deltas_of(ev) == expected
    draws = [e for e in ev if e["type"] == "draw"]
    assert draws == [{"type": "draw", "seat": 2, "tile": "2p", "source": "tail"}] or (
        len(draws) == 1 and draws[0]["tile"] == "2p" and draws[0]["source"] == "tail")
    assert g.waiting_for == [2]
    assert g.observation(2)["drawn"] == "2p"
    assert g.observation(None)["hand_deltas"] == expected


def test_exposed_kong_by_the_longyan_dealer_pays_two_each():
    # dealer 0 holds 666z; seat 1 draws 6z and discards it; the dealer kongs it
    g = game("longyan", ["666z123m458p79s124z", None, None, None], wall="6z", tail="2p", gold=GOLD)
    g.apply(0, "discard 4z")
    g.apply(1, "discard 6z")
    assert "kong" in g.legal_actions(0)
    ev = g.apply(0, "kong")
    assert deltas_of(ev) == [6, -2, -2, -2]
    assert g.observation(0)["drawn"] == "2p"


def test_exposed_kong_by_the_xinyu_dealer_pays_one_each():
    g = game("xinyu", ["666z123m456p789s14z", None, None, None], wall="6z", tail="2p")
    g.apply(0, "discard 4z")
    g.apply(1, "discard 6z")
    ev = g.apply(0, "kong")
    assert deltas_of(ev) == [3, -1, -1, -1]


@pytest.mark.parametrize("variant, seat, expected", [
    ("xinyu", 1, [-1, 3, -1, -1]),
    ("longyan", 1, [-2, 4, -1, -1]),
])
def test_added_kong_pays_as_exposed_and_draws_from_tail(variant, seat, expected):
    g = game(variant, ["123m678p789s1z2z3z4z7z", "123m456s999s1z", None, None],
             melds=[[], ["pong 5p"], [], []], wall="5p", tail="8m", **lg(variant))
    g.apply(0, "discard 7z")
    pass_all(g)
    assert g.observation(1)["drawn"] == "5p"
    # the pong's fourth tile just drawn, plus the one kept from the start
    assert "kong 5p" in g.legal_actions(1)
    ev = g.apply(1, "kong 5p")
    pass_all(g)
    kongs = [e for e in ev if e["type"] == "kong"]
    assert kongs and kongs[0]["kind"] == "added_kong"
    assert deltas_of(ev) == expected
    assert g.observation(1)["drawn"] == "8m"
    assert g.observation(None)["melds"][1][0]["type"] == "added_kong"


def test_added_kong_by_the_longyan_dealer_pays_two_each():
    g = game("longyan", ["5p123m456s999s1z", None, None, None], melds=[["pong 5p"], [], [], []],
             tail="8m", gold=GOLD)
    ev = g.apply(0, "kong 5p")
    assert deltas_of(ev) == [6, -2, -2, -2]


@pytest.mark.parametrize("variant, dealer, expected", [
    ("xinyu", 0, [-2, 6, -2, -2]),
    ("xinyu", 1, [-2, 6, -2, -2]),
    ("longyan", 0, [-4, 8, -2, -2]),
    ("longyan", 1, [-4, 12, -4, -4]),
])
def test_concealed_kong_payments_dealer_and_non_dealer(variant, dealer, expected):
    hands = [None, None, None, None]
    if dealer == 0:
        hands[0] = "123m678p789s1z2z3z4z7z"
        hands[1] = "555p123m456s99s1z2z"
        wall = "5p"
    else:
        hands[1] = "5555p123m456s99s1z2z"
        wall = ""
    g = game(variant, hands, dealer=dealer, wall=wall, tail="8m", **lg(variant))
    if dealer == 0:
        g.apply(0, "discard 7z")
        pass_all(g)
    assert "kong 5p" in g.legal_actions(1)
    ev = g.apply(1, "kong 5p")
    assert deltas_of(ev) == expected
    assert [e["reason"] for e in ev if e["type"] == "payment"] == ["concealed_kong"] * 3
    assert g.observation(1)["drawn"] == "8m"
    # shown face down to others until the hand ends
    for viewer in (None, 0, 2, 3):
        m = g.observation(viewer)["melds"][1][0]
        assert m["type"] == "concealed_kong" and m["tile"] is None
    assert g.observation(1)["melds"][1][0]["tile"] == "5p"


@pytest.mark.parametrize("variant", BOTH)
def test_concealed_kong_revealed_when_hand_ends(variant):
    g = game(variant, ["5555p123m456s99s1z2z", "123m678p789s11z7z2z", None, None], tail="3z1z", **lg(variant))
    g.apply(0, "kong 5p")
    g.apply(0, "discard 3z")
    pass_all(g)
    # play until over by default actions
    while not g.is_over:
        s = g.waiting_for[0]
        g.apply(s, g.default_action(s))
    assert g.observation(None)["melds"][0][0]["tile"] == "5p"


@pytest.mark.parametrize("variant", BOTH)
def test_several_kongs_in_a_row(variant):
    g = game(variant, ["5555p1111m456s9s1z2z", None, None, None], tail="2z2z9s", **lg(variant))
    g.apply(0, "kong 5p")
    assert g.observation(0)["drawn"] == "2z"
    assert "kong 1m" in g.legal_actions(0)
    g.apply(0, "kong 1m")
    assert g.observation(0)["drawn"] == "2z"
    o = g.observation(0)
    assert [m["tile"] for m in o["melds"][0]] == ["5p", "1m"]
    assert o["hand_counts"][0] == 14 - 8 + 2
    assert o["wall"]["tail_taken"] >= 2


@pytest.mark.parametrize("variant", BOTH)
def test_kong_replacement_comes_from_the_tail_in_order(variant):
    g = game(variant, ["5555p1111m456s9s1z2z", None, None, None], wall="6m6m6m", tail="3z7m", **lg(variant))
    ev = g.apply(0, "kong 5p")
    d = [e for e in ev if e["type"] == "draw"]
    assert len(d) == 1 and d[0]["tile"] == "3z" and d[0]["source"] == "tail"
    ev = g.apply(0, "kong 1m")
    d = [e for e in ev if e["type"] == "draw"]
    assert len(d) == 1 and d[0]["tile"] == "7m" and d[0]["source"] == "tail"
    # the front is untouched: seat 1 draws 6m next
    g.apply(0, "discard 7m")
    pass_all(g)
    assert g.observation(1)["drawn"] == "6m"


@pytest.mark.parametrize("variant", BOTH)
def test_dealer_tianhu_heavenly_win_on_first_turn(variant):
    g = game(variant, ["123m456p789s11z777z", None, None, None], **lg(variant))
    assert "win" in g.legal_actions(0)
    g.apply(0, "win")
    assert g.is_over and g.result["winners"] == [0]


@pytest.mark.parametrize("variant", BOTH)
def test_dealer_first_turn_concealed_kong(variant):
    g = game(variant, ["5555p123m456s99s1z2z", None, None, None], tail="1z", **lg(variant))
    assert "kong 5p" in g.legal_actions(0)
    g.apply(0, "kong 5p")
    assert g.waiting_for == [0]


# ---- claim priority

@pytest.mark.parametrize("variant, opts", [("xinyu", {"discard_win": True}), ("longyan", {})])
def test_claim_priority_win_beats_pong(variant, opts):
    # seat 1 could pong 7z, seat 2 waits on 7z; seat 1 answers first, seat 2 wins
    g = game(variant, ["123m456p789s1z2z3z4z7z", "77z147m258p369s24z", "123m456p789s111z7z", None],
             options=opts, **lg(variant))
    g.apply(0, "discard 7z")
    pass_rob_gold(g)
    assert set(g.waiting_for) == {1, 2}
    assert "pong" in g.legal_actions(1)
    assert "win" in g.legal_actions(2)
    g.apply(1, "pong")
    assert not g.is_over
    g.apply(2, "win")
    assert g.is_over and g.result["winners"] == [2]
    assert g.observation(None)["melds"][1] == []


@pytest.mark.parametrize("variant, opts", [("xinyu", {"discard_win": True}), ("longyan", {})])
def test_claim_priority_pong_goes_through_when_winner_passes(variant, opts):
    g = game(variant, ["123m456p789s1z2z3z4z7z", "77z147m258p369s24z", "123m456p789s111z7z", None],
             options=opts, **lg(variant))
    g.apply(0, "discard 7z")
    pass_rob_gold(g)
    g.apply(1, "pong")
    g.apply(2, "pass")
    assert g.observation(None)["melds"][1][0]["type"] == "pong"
    assert g.waiting_for == [1]


@pytest.mark.parametrize("variant", BOTH)
def test_player_may_always_pass_a_claim(variant):
    g = game(variant, ["123m456p789s1z2z3z4z7z", None, "777z123s456s147m2p", None], wall="1p", **lg(variant))
    g.apply(0, "discard 7z")
    assert "pass" in g.legal_actions(2)
    g.apply(2, "pass")
    assert g.waiting_for == [1]


def test_drawing_is_automatic_not_a_choice():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", None, None, None], wall="8p")
    ev = g.apply(0, "discard 7z")
    assert any(e["type"] == "draw" and e["seat"] == 1 for e in ev)
    assert all(not a.startswith("draw") for a in g.legal_actions(1))


# ---- the last discard and the last replacement

def test_last_discard_cannot_be_ponged_or_konged_xinyu():
    # drawn_count 120: the dealer's discard is the last of the hand
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", "77z147m258p369s24z", None, None], drawn_count=120)
    assert g.observation(None)["tiles_left"] == 0
    g.apply(0, "discard 7z")
    assert g.is_over
    assert g.result["winners"] == []


def test_no_kong_without_a_replacement_tile_xinyu():
    g = game("xinyu", ["5555p123m456s99s1z2z", None, None, None], drawn_count=120)
    assert not any(a.startswith("kong") for a in g.legal_actions(0))


def test_kong_allowed_while_a_replacement_is_left_xinyu():
    g = game("xinyu", ["5555p123m456s99s1z2z", None, None, None], drawn_count=119)
    assert "kong 5p" in g.legal_actions(0)


def test_last_discard_with_discard_win_can_still_be_won_but_not_ponged():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", "77z147m258p369s24z", "123m456p789s111z7z", None],
             drawn_count=120, options={"discard_win": True})
    g.apply(0, "discard 7z")
    assert "pong" not in g.legal_actions(1)
    assert "win" in g.legal_actions(2)


def _play_to_last_turn(g: Game) -> bool:
    """Default actions until a seat is on turn with no draw left; False if the hand ended first."""
    while not g.is_over:
        s = g.waiting_for[0]
        o = g.observation(None)
        if o["phase"] == "discard" and o["tiles_left"] == 0:
            return True
        g.apply(s, g.default_action(s))
    return False


def test_last_discard_cannot_be_ponged_longyan():
    found = 0
    for seed in range(60):
        g = Game.new("longyan", seed=seed)
        if not _play_to_last_turn(g):
            continue
        s = g.waiting_for[0]
        hand = g.observation(s)["hands"][s]
        assert not any(a.startswith("kong") for a in g.legal_actions(s)), "kong with no replacement left"
        # choose a discard that another seat holds two of
        for tile in set(hand):
            if tile == g.observation(None)["gold"]:
                continue
            holders = [o for o in range(4) if o != s and g.observation(o)["hands"][o].count(tile) >= 2]
            if holders and f"discard {tile}" in g.legal_actions(s):
                g.apply(s, f"discard {tile}")
                for o in holders:
                    acts = g.legal_actions(o)
                    assert "pong" not in acts and "kong" not in acts
                found += 1
                break
        if found >= 3:
            break
    assert found >= 1


# ---- timer default action

def test_default_action_pass_on_claim_and_discard_drawn_tile():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", None, "777z123s456s147m2p", None], wall="8p")
    g.apply(0, "discard 7z")
    assert g.default_action(2) == "pass"
    g.apply(2, "pass")
    assert g.default_action(1) == "discard 8p"


def test_default_action_after_pong_discards_rightmost_tile():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", None, "77z123s456s147m23p", None])
    g.apply(0, "discard 7z")
    g.apply(2, "pong")
    hand = g.observation(2)["hands"][2]
    assert g.default_action(2) == f"discard {hand[-1]}"


def test_format_then_parse_round_trip_random_lists():
    import random
    codes = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)] + \
        [f"{n}f" for n in range(1, 9)]
    order = {s: i for i, s in enumerate("mpszf")}
    rng = random.Random(3)
    for _ in range(300):
        tiles = [rng.choice(codes) for _ in range(rng.randint(0, 18))]
        text = format_tiles(tiles)
        back = parse_tiles(text)
        assert back == sorted(tiles, key=lambda t: (order[t[1]], t[0]))
        assert format_tiles(back) == text


def test_action_notation_round_trips_and_refuses_bad_text() -> None:
    from py_engine.play.actions import Action

    for text in ("discard 3p", "pong", "kong", "kong 5z", "swim 2m", "win", "pass"):
        action = Action.parse(text)
        assert str(action) == text and Action.parse(str(action)) == action
    assert Action.parse("discard 3p") == Action("discard", "3p")
    assert Action.parse("kong").tile is None and Action.parse("kong 1m").tile == "1m"
    assert Action.parse("pong").to_dict() == {"action": "pong", "kind": "pong", "tile": None}
    for bad in ("discard", "pong 3p", "hop 3p", "discard 0p", "discard 3p 4p", "", None):
        with pytest.raises(ValueError, match="bad action"):
            Action.parse(bad)  # type: ignore[arg-type]


def test_a_tile_discarded_straight_after_its_draw_is_marked_thrown_drawn() -> None:
    """Issue 48: 摸切, the tile just drawn discarded at once, is public at a real table (Tenhou players
    read it); a tile from the hand, the dealer's first discard and a discard after a pong are not."""
    from py_engine import Game
    g = Game.new("xinyu", seed=5)
    dealer = g.state.dealer
    first = next(a for a in g.legal_actions(dealer) if a.startswith("discard "))
    g.apply(dealer, first)
    assert g.observation(dealer)["discards"][dealer][0]["thrown_drawn"] is False  # the deal's 14th tile: no draw
    seen = {True: 0, False: 0}
    for _ in range(40):
        if g.is_over:
            break
        seat = g.waiting_for[0]
        legal = g.legal_actions(seat)
        if "pass" in legal:
            g.apply(seat, "pass")
            continue
        drawn = g.state.drawn
        discards = [a for a in legal if a.startswith("discard ")]
        if not discards:
            break
        # alternately the tile just drawn and another
        pick = f"discard {drawn}" if drawn and seen[True] <= seen[False] and f"discard {drawn}" in discards else \
            next((a for a in discards if a != f"discard {drawn}"), discards[0])
        g.apply(seat, pick)
        mark = g.observation((seat + 1) % 4)["discards"][seat][-1]["thrown_drawn"]
        assert mark is (drawn is not None and pick == f"discard {drawn}"), (pick, drawn, mark)
        seen[mark] += 1
    assert seen[True] and seen[False], seen
