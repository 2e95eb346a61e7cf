"""Mutated positions (issue 12): refused only with ValueError and a short message, or accepted and sound.

Valid `to_position()` outputs of bot-played hands are broken at random (tests/support/position_mutations.py:
keys deleted, values replaced, retyped, nested 3,000 deep, numbers out of range). A mutant must
either raise ValueError, or load, play to the end, and round-trip: `from_position(to_position())`
plus the history plays identically.
"""
from __future__ import annotations

import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from py_engine import Game

from position_mutations import bot_positions, mutate, play_out, round_trips

LONGEST_MESSAGE = 400      # characters: a refusal names the field, it does not echo the input


@cache
def sources() -> tuple[dict[str, Any], ...]:
    out = list(bot_positions("xinyu", range(1, 4), moves=(0, 12)))
    out += bot_positions("xinyu", [5], moves=(0, 20), options={"discard_win": True})
    out += bot_positions("longyan", range(1, 4), moves=(0, 12))
    out += bot_positions("longyan", [45, 189], moves=(0, 12))     # flower kongs paid in the deal
    return tuple(out)


def check_mutant(mutant: dict[str, Any], seed: int) -> str:
    try:
        game = Game.from_position(mutant)
    except ValueError as err:
        assert len(str(err)) <= LONGEST_MESSAGE, str(err)[:200]
        return "refused"
    assert round_trips(game, seed), "an accepted position does not play identically after to_position()"
    play_out(game, random.Random(seed))
    return "accepted"


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), rng=st.randoms(use_true_random=False))
def test_mutated_positions_raise_only_value_error_and_accepted_ones_round_trip(index: int, rng: random.Random):
    source = sources()[index % len(sources())]
    check_mutant(mutate(source, rng), seed=index)


def test_the_sources_themselves_are_accepted_and_round_trip():
    assert all(check_mutant(p, seed=i) == "accepted" for i, p in enumerate(sources()))


def test_fixed_mutants_cover_both_outcomes():
    """A fixed sample, so the property above is known to see refusals and acceptances alike."""
    rng = random.Random(12)
    outcomes = [check_mutant(mutate(p, rng), seed=i) for i, p in enumerate(sources() * 6)]
    assert outcomes.count("refused") > 10 and outcomes.count("accepted") > 3
