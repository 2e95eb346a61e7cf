"""Bots: ``choose(game, seat, level)`` -> one of ``game.legal_actions(seat)`` (API.md, Bots and analysis).

A bot sees only ``game.observation(seat)``: its own hand, what is exposed and discarded, and the
unseen-tile counts; never another seat's hand or the wall's order. Levels:

* ``easy``   a beginner in Xinyu (every pong, the loneliest tile), plain tile efficiency in Longyan
             (``easy.py``);
* ``normal`` efficiency over the unseen tiles, hand value, swims, defence (``normal.py``);
* ``hard``   normal plus a look-ahead over the next draw: every unseen kind weighted by its
             unseen copies (the exact expectation a Monte Carlo over them estimates) (``hard.py``).

Given the same game state a bot picks the same action: any randomness is seeded from the state.
A bot that raises or returns an illegal action is logged, and the easy bot (then the timer's
default action) plays instead, so the game always goes on.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from . import easy, hard, normal
from .common import View

log = logging.getLogger(__name__)

LEVELS = ("easy", "normal", "hard")
_BOTS: dict[str, Callable[[View], str]] = {"easy": easy.choose, "normal": normal.choose, "hard": hard.choose}

__all__ = ["LEVELS", "View", "choose", "choose_from_observation"]


def choose(game: Any, seat: int, level: str = "normal") -> str:
    """A legal action for ``seat`` chosen by the bot of ``level``, from that seat's observation only."""
    if level not in _BOTS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    legal: list[str] = game.legal_actions(seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to choose now (waiting for {game.waiting_for})")
    if len(legal) == 1:
        return legal[0]
    obs = game.observation(seat)
    action = choose_from_observation(obs, level)
    if action in legal:
        return action
    log.error("bot %s chose %r, not legal now (%s); playing the timer's default", level, action, legal)
    return str(game.default_action(seat))


def choose_from_observation(obs: dict[str, Any], level: str = "normal") -> str:
    """The bot's choice from an observation dict (its ``legal_actions`` included); never raises for a
    bot fault: an exception or an illegal choice falls back to the easy bot, then to the first legal action."""
    legal: list[str] = [str(a) for a in obs.get("legal_actions") or []]
    if not legal:
        raise ValueError("no legal action in this observation: the seat has nothing to choose")
    for name in (level, "easy") if level != "easy" else ("easy",):
        try:
            action = _BOTS[name](View.from_observation(obs))
        except Exception:
            log.exception("bot %s failed at history length %s; falling back", name, obs.get("history_length"))
            continue
        if action in legal:
            return action
        log.error("bot %s chose %r, not legal (%s); falling back", name, action, legal)
    return legal[0]
