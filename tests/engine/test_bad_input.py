"""Bad input at the Python entry points other than positions: a ValueError saying what, never another error."""
from __future__ import annotations

import pytest

from py_engine import Game, Match, analysis


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
