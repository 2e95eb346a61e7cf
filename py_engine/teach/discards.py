"""Every discard of a moment ranked, for the analyzer's 何切る table and the discard puzzles (issue 14).

``rank(game, seat)`` reads the game at a moment where ``seat`` is to discard and returns, for
each legal discard or swim, the shanten it leaves, the tiles that improve it with their unseen
copies, the normal bot's estimate and its one-line reason (hints.py: ``reason_code``, from which
the page writes its words, and the words for library users: None where the catalogs are not), and
marks the hard bot's choice. Nothing here decides a rule: shanten is analysis.shanten, legality the
game's, the choice the bots'.
"""
from __future__ import annotations

from typing import Any

from . import analysis, words
from .. import bots
from ..bots import normal
from ..bots.common import View
from .hints import reason_code, reason_text
from ..tiles import INDEX

__all__ = ["rank", "efficiency_order"]


def _meld_strings(obs: dict[str, Any], seat: int) -> list[str]:
    return [f"{m['type']} {m['tile']}" for m in obs["melds"][seat]]


def rank(game: Any, seat: int, level: str | None = "hard") -> dict[str, Any]:
    """Every action of ``seat`` now (discards, swims, kongs, a win), best first by the engine's reading; JSON-safe.

    ``level=None`` skips the bots (no choice, no reasons, the 何切る order): the quick first answer
    of an analyzer edit, which the bots' answer then completes."""
    if seat not in game.waiting_for or game.phase != "discard":
        raise ValueError(f"seat {seat} is not to discard now (waiting for {game.waiting_for}, phase {game.phase})")
    obs = game.observation(seat)
    view = View.from_observation(obs)
    legal = game.legal_actions(seat)
    choice = bots.choose(game, seat, level) if level else None
    by_action: dict[str, Any] = {}
    decision = None
    if level:
        bot = normal.NormalBot(view)
        decision = bot.decide()
        # every discard's estimate, also when the decision itself looked no further (a swim, a win)
        counts, golds = view.counts()
        by_action = {c.action: c for c in bot.discard_candidates(counts, golds, view.melds, view.hand)}
        by_action.update({c.action: c for c in decision.candidates})
    hand = list(obs["hands"][seat])
    melds = _meld_strings(obs, seat)
    gold = obs.get("gold")                     # None where the rule set has no gold (positions refuse one)
    options = dict(game.options)
    unseen = [int(n) for n in view.unseen]
    before = analysis.shanten(hand, melds, game.variant, gold, options)
    # every discard's shanten and improving tiles (the 13 tiles left, each draw): analysis's ukeire
    efficiency = analysis.discard_efficiency(hand, melds, game.variant, gold, options, unseen)
    rows: list[dict[str, Any]] = []
    for action in legal:
        verb, _, tile = action.partition(" ")
        shanten: int | None = None
        tiles: list[list[Any]] = []
        if verb in ("discard", "swim"):
            shanten, improving = efficiency[tile]
            tiles = [[code, n] for code, n in improving]
        cand = by_action.get(action)
        code = reason = None
        if level:
            code = reason_code(view, normal.Decision(action, [cand] if cand else [], note=cand.note if cand else ""), before)
            if words.available():                              # (not in the page's wheel: its words are the page's)
                reason = reason_text(code, with_action=False)  # the row names the action
        rows.append({
            "action": action, "tile": tile or None, "shanten": shanten,
            "improving": tiles, "improving_count": sum(n for _, n in tiles),
            "score": None if cand is None else round(cand.score, 4),
            "reason": reason, "reason_code": code,
            "chosen": action == choice,
        })
    if decision is not None:
        order = [c.action for c in decision.candidates] + sorted(by_action, key=lambda a: -by_action[a].score)
        rows.sort(key=lambda r: (not r["chosen"], order.index(r["action"]) if r["action"] in order else len(order)))
    else:
        order = [r["action"] for r in efficiency_order(rows)]
        rows.sort(key=lambda r: order.index(r["action"]) if r["action"] in order else len(order))
    for place, row in enumerate(rows, 1):
        row["rank"] = place
    return {"choice": choice, "level": level, "shanten": before, "rows": rows}


def efficiency_order(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The 何切る table's order of the discards and swims: least shanten, then most improving tiles."""
    tiles = [r for r in rows if r["shanten"] is not None]
    return sorted(tiles, key=lambda r: (r["shanten"], -r["improving_count"], INDEX.get(r["tile"], 99)))
