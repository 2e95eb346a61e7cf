"""Bench-only players that bound the bots' ladder (issue 35): a random-legal player and an oracle.

Neither is part of the engine: they live in bench/, which the engine's wheel never includes
(pyproject's packages are py_engine only; tests/engine/test_bench_players.py checks that no
py_engine module imports bench/ and that build.py's wheel inputs leave it out).

* ``random_legal(game, seat)``: a legal action drawn uniformly, seeded from the wall's seed, the
  history length and the seat (the same state gives the same action). It passes wins as often
  as it takes them: the floor of play.
* ``oracle(game, seat, seating)``: reads the referee's state, not an observation. It knows the
  wall's order and the other seats' bots (``seating``: the level of each seat), so for any action
  it can play the rest of the hand exactly as it will go: the other seats answered by their own
  deterministic bots, its own later choices by ``CONTINUATION`` (normal). It tries each candidate
  action on a copy of the game, plays the hand to its end, and takes the action whose end pays
  its seat most. Candidates: every non-discard action (win, kong, pong, pass, swim), the discards
  that keep the fewest tiles to ready (shanten; ``slack`` widens this), and normal's own choice.

  Since normal's choice is always a candidate and its playout is exactly what would happen, the
  oracle scores at least what normal would score in its seat on every wall (each later choice can
  only keep or raise the value found). It is a one-step improvement of normal by perfect
  information, not the best possible play: the room it measures is a lower bound of the true one.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from py_engine import bots  # noqa: E402
from py_engine.play.actions import Action  # noqa: E402
from py_engine.bots.common import GOLD_SLOT, View  # noqa: E402

CONTINUATION = "normal"
BENCH_PLAYERS = ("random", "oracle", "plan")


def random_legal(game: Any, seat: int) -> str:
    legal = game.legal_actions(seat)
    rng = random.Random(f"{game.state.seed}:{len(game.history)}:{seat}")
    return rng.choice(legal)


def _discard_shanten(view: View, tile: str) -> int:
    counts, golds = view.counts()
    slot = view.slot(tile)
    if slot == GOLD_SLOT:
        return view.shanten(counts, golds - 1, view.melds.count)
    counts[slot] -= 1
    return view.shanten(counts, golds, view.melds.count)


def candidates(game: Any, seat: int, slack: int = 0) -> list[str]:
    """The actions the oracle plays out: all but discards, the discards within ``slack`` of the
    lowest shanten, and the continuation bot's own choice (first, so that ties keep it)."""
    legal = game.legal_actions(seat)
    own = bots.choose(game, seat, CONTINUATION)
    discards = [a for a in legal if Action.parse(a).kind == "discard"]
    others = [a for a in legal if a not in discards]
    kept: list[str] = []
    if discards:
        view = View.from_observation(game.observation(seat))
        shanten = {a: _discard_shanten(view, Action.parse(a).tile or "") for a in discards}
        low = min(shanten.values())
        kept = [a for a in discards if shanten[a] <= low + slack]
    out = [own]
    for a in others + kept:
        if a not in out:
            out.append(a)
    return out


def play_out(game: Any, seat: int, seating: list[str]) -> int:
    """Play ``game`` (a copy) to its end: other seats by their bots, ``seat`` by the continuation;
    the seat's score for the hand."""
    while not game.is_over:
        s = game.waiting_for[0]
        level = CONTINUATION if s == seat or seating[s] == "oracle" else seating[s]
        game.apply(s, random_legal(game, s) if level == "random" else bots.choose(game, s, level))
    return int((game.result or {})["deltas"][seat])


def oracle_values(game: Any, seat: int, seating: list[str], slack: int = 0) -> dict[str, int]:
    """Each candidate action's end of hand for ``seat``, played out on a copy; the continuation
    bot's own choice first (bench/oracle_gains.py reads it there)."""
    values = {}
    for action in candidates(game, seat, slack):
        twin = game.clone()
        twin.apply(seat, action)
        values[action] = play_out(twin, seat, seating)
    return values


def oracle(game: Any, seat: int, seating: list[str], slack: int = 0) -> str:
    legal = game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return best_of(oracle_values(game, seat, seating, slack))


def best_of(values: dict[str, int]) -> str:
    """The oracle's pick among played-out candidates: the first best, so normal's own on ties."""
    return max(values, key=values.__getitem__)


def choose(game: Any, seat: int, level: str, seating: list[str]) -> str:
    """Any player of the bench: a bot level, ``random`` or ``oracle`` (which reads ``seating``)."""
    if level == "random":
        return random_legal(game, seat)
    if level == "oracle":
        return oracle(game, seat, seating)
    if level == "plan":
        import planner   # bench/planner.py: item 3's direction, measured against hard
        return planner.choose(game, seat)
    return bots.choose(game, seat, level)
