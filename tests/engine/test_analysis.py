"""analysis.shanten / analysis.waits: the public hints, spoken in tile strings (API.md)."""
from __future__ import annotations

import pytest

from py_engine import analysis


# --- shanten ----------------------------------------------------------------------------------

def test_winning_hand_is_minus_one() -> None:
    assert analysis.shanten("123m456p789s11122z") == -1


def test_ready_hand_is_zero() -> None:
    assert analysis.shanten("123m456p789s1112z") == 0
    assert analysis.shanten("1112345678999m") == 0


def test_hand_may_be_a_list_of_codes() -> None:
    assert analysis.shanten(["1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9m", "9m"]) == 0


def test_melds_count_as_sets() -> None:
    melds = ["pong 7z", "kong 1m", "concealed_kong 9s"]
    assert analysis.shanten("234m11p", melds=melds) == -1
    assert analysis.shanten("234m1p", melds=melds) == 0
    assert analysis.shanten("11p", melds=melds + ["added_kong 5p"]) == -1


def test_seven_pairs_only_without_melds() -> None:
    assert analysis.shanten("11223344556677z") == -1
    # as seven pairs this would be complete; with melds it is 11p 35p 57p: one draw from ready
    assert analysis.shanten("11335577p", melds=["pong 1z", "pong 2z"]) == 1


def test_seven_pairs_with_four_of_a_kind() -> None:
    assert analysis.shanten("11112233445566m") == -1
    assert analysis.shanten("1111m2222p3333s55z") == -1


def test_xinyu_all_honors_free_hand_wins_in_any_shape() -> None:
    # 全风向: 14 honors, no melds, whatever the shape
    assert analysis.shanten("11112223456777z") == -1
    assert analysis.shanten("1111222345677z") == 0           # 13 honors: any honor completes
    assert analysis.shanten("1111222345677z1m") == 0          # one tile to exchange
    assert analysis.shanten("11112223456777z", variant="longyan") > -1


def test_all_honors_free_hand_needs_no_melds() -> None:
    assert analysis.shanten("11112223456z", melds=["pong 7z"]) > -1


def test_longyan_gold_is_wild() -> None:
    assert analysis.shanten("123m456p789s111z1s5m", variant="longyan", gold="5m") == -1
    assert analysis.shanten("123m456p789s111z1s5m", variant="longyan", gold=None) == 0
    assert analysis.shanten("123m456p789s111z5m", variant="longyan", gold="5m") == 0


def test_longyan_white_dragon_replaces_gold_face() -> None:
    hand = "78m5z123p456p789p11s"
    assert analysis.shanten(hand, variant="longyan", gold="9m") == -1
    assert analysis.shanten(hand, variant="longyan", gold="9m", options={"white_dragon": "plain"}) == 0
    assert analysis.shanten(hand, variant="xinyu") == 0


def test_longyan_white_dragons_are_golds_when_gold_is_white() -> None:
    assert analysis.shanten("78m5z123p456p789p11s", variant="longyan", gold="5z") == -1


def test_longyan_suited_gold_never_an_honor() -> None:
    hand = "123m456p789s111z7z5m"
    assert analysis.shanten(hand, variant="longyan", gold="5m") == -1
    assert analysis.shanten(hand, variant="longyan", gold="5m", options={"gold_wild": "suited"}) == 0


def test_three_golds_count_as_a_set() -> None:
    assert analysis.shanten("123m456p789s11z2m2m2m", variant="longyan", gold="2m") == -1


# --- waits ------------------------------------------------------------------------------------

def test_nine_gates_waits_with_copies_left() -> None:
    assert analysis.waits("1112345678999m") == [
        ("1m", 1), ("2m", 3), ("3m", 3), ("4m", 3), ("5m", 3), ("6m", 3), ("7m", 3), ("8m", 3), ("9m", 1)]


def test_visible_tiles_reduce_copies_left() -> None:
    assert analysis.waits("123m456p789s1112z") == [("2z", 3)]
    assert analysis.waits("123m456p789s1112z", visible=["2z", "2z", "1m"]) == [("2z", 1)]
    assert analysis.waits("123m456p789s1112z", visible="2z2z") == [("2z", 1)]


def test_melds_use_copies() -> None:
    assert analysis.waits("23m55p", melds=["pong 1m", "pong 4m", "pong 7z"]) == [("1m", 1), ("4m", 1)]


def test_waits_on_the_fifth_copy_show_zero_left() -> None:
    assert analysis.waits("1111m234p567s789s") == [("1m", 0)]


def test_seven_pairs_wait() -> None:
    assert analysis.waits("1199m1199p1155s7z") == [("7z", 3)]
    assert analysis.waits("1122334455667p") == [("1p", 2), ("4p", 2), ("7p", 3)]   # standard ones too
    assert analysis.waits("1122334455667z", variant="longyan") == [("7z", 3)]


def test_xinyu_thirteen_honors_wait_on_every_honor() -> None:
    assert analysis.waits("1111222345677z") == [
        ("1z", 0), ("2z", 1), ("3z", 3), ("4z", 3), ("5z", 3), ("6z", 3), ("7z", 2)]


def test_longyan_wait_on_gold_face_is_a_white_dragon() -> None:
    hand = "123m456m789m12p55s"
    assert analysis.waits(hand) == [("3p", 4)]
    assert analysis.waits(hand, variant="longyan", gold="3p") == [("5z", 4)]
    assert analysis.waits(hand, variant="longyan", gold="3p", options={"white_dragon": "plain"}) == []
    assert analysis.waits(hand, variant="longyan", gold="5z") == [("3p", 4)]


def test_longyan_white_dragon_is_not_its_own_wait_when_it_replaces() -> None:
    # with gold 9m, 5z55z reads as 9m9m9m: the wait 5z as a dragon does not exist
    assert analysis.waits("123m456p789s5z5z5z1s", variant="longyan", gold="9m") == [("1s", 3)]


def test_longyan_gold_in_hand_widens_waits() -> None:
    found = analysis.waits("123m456m789m123p4s", variant="longyan", gold="4s")
    assert len(found) == 33                       # every natural kind but the gold face itself
    assert ("4s", 3) not in found and ("5z", 4) in found
    suited = analysis.waits("123m456m789m123p4s", variant="longyan", gold="4s",
                            options={"gold_wild": "suited", "white_dragon": "plain"})
    assert [t for t, _ in suited] == [t for t, _ in found if t[1] != "z"]


# --- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: analysis.shanten("123x456p"),
    lambda: analysis.shanten("123m456p789s11z"),                         # 11 tiles
    lambda: analysis.shanten("123m456p789s1122z", variant="riichi"),
    lambda: analysis.shanten("123m456p789s1122z", gold="5m"),            # Xinyu has no gold
    lambda: analysis.shanten("123m456p789s1122z", melds=["chow 1m"]),
    lambda: analysis.shanten("123m456p789s1122z", melds="pong 1z"),
    lambda: analysis.shanten("11111m456p789s122z"),                      # five copies
    lambda: analysis.shanten("123m456p789s1z1f", variant="longyan"),
    lambda: analysis.shanten("123m456p789s1122z", variant="longyan", gold="5m",
                             options={"gold_wild": "honors"}),
    lambda: analysis.waits("123m456p789s11z"),                           # 12 tiles: not a 13-tile hand
    lambda: analysis.waits("123m456p789s1112z1m"),                       # 14 tiles
    lambda: analysis.waits("123m456p789s1112z", visible=["2z", "2z", "2z", "2z"]),
])
def test_bad_input_raises_value_error(call: object) -> None:
    with pytest.raises(ValueError):
        call()  # type: ignore[operator]


def test_error_message_names_the_tile_count() -> None:
    with pytest.raises(ValueError, match="13"):
        analysis.waits("123m456p789s11z")
