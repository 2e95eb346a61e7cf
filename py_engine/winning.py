"""Does a hand make a winning shape under a rule set? One place, shared by the game, hints and bots."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import shapes


def wild_of(options: Mapping[str, Any]) -> str:
    """How far a gold stands in: "any" tile, or "suited" (m/p/s) only (option gold_wild)."""
    return "suited" if options.get("gold_wild") == "suited" else "any"


def hand_counts(tiles: Sequence[str], gold: str | None, options: Mapping[str, Any]) -> tuple[list[int], int]:
    """34-slot counts and the number of golds; white dragons stand for the gold's face (白板替金)."""
    return shapes.gold_counts(list(tiles), gold, options.get("white_dragon") != "plain")


def is_winning(tiles: Sequence[str], melds: int, variant: str, gold: str | None,
               options: Mapping[str, Any], extra_golds: int = 0) -> bool:
    """Standard shape, seven pairs (no melds), or Xinyu's all-honors free hand (全风向: no melds, 14 honors)."""
    counts, golds = hand_counts(tiles, gold, options)
    golds += extra_golds
    wild = wild_of(options)
    if shapes.is_standard_win(counts, golds, wild):
        return True
    if melds:
        return False
    if shapes.is_seven_pairs(counts, golds, wild):
        return True
    return variant == "xinyu" and len(tiles) == 14 and all(t[1] == "z" for t in tiles)
