"""Bad input at the Python entry points other than positions: a ValueError saying what, never another error."""
from __future__ import annotations

import pytest

from py_engine import Game, Match, analysis, format_tiles
from py_engine.record import replay


@pytest.mark.parametrize("seat", [True, False, 4, -1, "0", [0], 1.0])
def test_observation_of_something_not_a_seat_is_refused(seat):
    g = Game.new("xinyu", seed=1)
    with pytest.raises(ValueError, match="seat"):
        g.observation(seat)


@pytest.mark.parametrize("seat", [True, 4, "0", [0], None])
def test_nothing_is_legal_for_something_not_a_seat(seat):
    g = Game.new("xinyu", seed=1)
    assert g.legal_actions(seat) == []
    assert g.legal_actions(0)


@pytest.mark.parametrize("history", [5, None, "discard 1m", [[0]], [5]])
def test_replay_of_a_history_that_is_not_pairs_is_refused(history):
    g = Game.new("xinyu", seed=1)
    with pytest.raises(ValueError, match="history"):
        Game.replay(g.to_position(), history)


@pytest.mark.parametrize("kw", [{"seed": "a"}, {"seed": 1.5}, {"seed": True}, {"hands": True}, {"hands": 0},
                                {"options": [1]}, {"dealer": 4}])
def test_match_arguments_of_the_wrong_type_are_refused(kw):
    with pytest.raises(ValueError):
        Match("xinyu", **kw)


@pytest.mark.parametrize("kw", [{"seed": "a"}, {"seed": 2**60}, {"options": "x"}, {"scores": [0, 0, 0]},
                                {"scores": [0, 0, 0, True]}, {"dealer": True}])
def test_game_new_arguments_of_the_wrong_type_are_refused(kw):
    with pytest.raises(ValueError):
        Game.new("longyan", **kw)


@pytest.mark.parametrize("variant", [None, 5, ["xinyu"], "riichi"])
def test_unknown_variant_is_refused(variant):
    with pytest.raises(ValueError, match="variant"):
        Game.new(variant)


@pytest.mark.parametrize("hand", [5, None, [["1m"]], ["1m", 5], "١٢٣m"])
def test_analysis_of_junk_hands_is_refused(hand):
    with pytest.raises(ValueError):
        analysis.shanten(hand)


# Issue 33, finding 11: only ValueError for bad input, and messages that quote what they refuse short.

def test_format_tiles_of_a_list_inside_the_list_is_refused():
    with pytest.raises(ValueError, match="unknown tile"):
        format_tiles([[]])
    with pytest.raises(ValueError, match="unknown tile"):
        format_tiles(["1m", {"a": 1}])


@pytest.mark.parametrize("name,hand", [("shanten", "123m456p789s1122z"), ("waits", "123m456p789s112z"),
                                       ("improving_tiles", "123m456p789s112z"),
                                       ("discard_efficiency", "123m456p789s1122z")])
@pytest.mark.parametrize("melds", [None, 5, [None], [["pong 7z"]]])
def test_analysis_with_melds_that_are_not_a_list_of_strings_is_refused(name, hand, melds):
    with pytest.raises(ValueError, match="meld"):
        getattr(analysis, name)(hand, melds=melds)


def test_a_replay_whose_variant_is_a_list_is_refused_as_malformed():
    with pytest.raises(replay.ReplayError) as err:
        replay.load({"format": "mahjong-replay", "version": 1, "variant": ["xinyu"], "engine": "0.1.0",
                     "options": {}, "match": {}, "hands": [{}]})
    assert err.value.problem.code == "malformed" and "rule set" in str(err.value)


@pytest.mark.parametrize("field", ["version", "variant", "engine"])
def test_a_replay_problem_quotes_a_huge_field_short(field):
    data = {"format": "mahjong-replay", "version": 1, "variant": "xinyu", "engine": "0.1.0",
            "options": {}, "match": {"hands": 1}, "hands": [{"position": {}, "actions": []}]}
    data[field] = "x" * 5_000_000
    with pytest.raises(replay.ReplayError) as err:
        replay.load(data)
    assert len(str(err.value)) < 400, len(str(err.value))
