"""Discard puzzles (issue 14): "what would you discard?" from an API.md position.

A puzzle is a position (its ``history`` extension may carry the moves so far: discards, melds)
at a moment where one seat is to discard, and the published answer: the engine's choice there
(the hard bot's, discards.rank). ``web/puzzles/<variant>.json`` holds the project's own set;
tests/engine/test_puzzles.py checks every answer against the engine's ranking.
"""
from __future__ import annotations

from typing import Any

from .discards import rank
from ..play.game import Game


def moment(position: dict[str, Any]) -> tuple[Game, int]:
    """The game at the puzzle's moment and the seat to discard; ValueError when no seat is to discard."""
    game = Game.from_position(position)
    if game.is_over or len(game.waiting_for) != 1 or game.phase != "discard":
        raise ValueError("a puzzle's position must leave one seat to discard "
                         f"(waiting for {game.waiting_for}, phase {game.phase})")
    return game, game.waiting_for[0]


def solve(position: dict[str, Any]) -> dict[str, Any]:
    """Every discard of the puzzle's moment ranked (discards.rank), with the seat and its hand."""
    game, seat = moment(position)
    obs = game.observation(seat)
    table = rank(game, seat)
    table.update(seat=seat, hand=obs["hands"][seat], melds=obs["melds"][seat], gold=obs.get("gold"),
                 flowers=obs["flowers"][seat], drawn=obs.get("drawn"), tiles_left=obs["tiles_left"],
                 discards=obs["discards"], dealer=obs["dealer"], swims=obs["swims"])
    return table
