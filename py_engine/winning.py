"""Does a hand make a winning shape under a rule set? One place, shared by the game, hints and bots."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import shapes
from .tiles import HONOR_BASE, INDEX, NUM_KINDS, WHITE_DRAGON


def wild_of(options: Mapping[str, Any]) -> str:
    """How far a gold stands in: "any" tile, or "suited" (m/p/s) only (option gold_wild)."""
    return "suited" if options.get("gold_wild") == "suited" else "any"


def hand_counts(tiles: Sequence[str], gold: str | None, options: Mapping[str, Any],
                counts: list[int] | None = None) -> tuple[list[int], int]:
    """34-slot counts and the number of golds; white dragons stand for the gold's face (白板替金).

    `counts`: the tiles' physical 34-slot counts when the caller has them already (not changed).
    """
    white_replaces = options.get("white_dragon") != "plain"
    if counts is None:
        return shapes.gold_counts(tiles, gold, white_replaces)
    return shapes.split_golds(counts, gold, white_replaces)


def is_winning(tiles: Sequence[str], melds: int, variant: str, gold: str | None,
               options: Mapping[str, Any], extra_golds: int = 0, counts: list[int] | None = None) -> bool:
    """Standard shape, seven pairs (no melds), or Xinyu's all-honors free hand (全风向: no melds, 14 honors).

    `counts`: the tiles' physical 34-slot counts when the caller has them already.
    """
    counts, golds = hand_counts(tiles, gold, options, counts)
    golds += extra_golds
    if shapes.is_win(counts, melds, golds, wild_of(options)):
        return True
    if melds:
        return False
    return variant == "xinyu" and len(tiles) == 14 and all(t[1] == "z" for t in tiles)


def count_index(tile: str, gold: str | None, options: Mapping[str, Any]) -> int:
    """The count slot a natural tile fills: a white dragon fills the gold's face (白板替金)."""
    if tile == WHITE_DRAGON and gold is not None and gold != WHITE_DRAGON and options.get("white_dragon") != "plain":
        return INDEX[gold]
    return INDEX[tile]


def winning_kinds(tiles: Sequence[str], melds: int, variant: str, gold: str | None,
                  options: Mapping[str, Any], counts: list[int] | None = None) -> frozenset[int]:
    """Count slots whose natural tile completes this hand (one tile short): a ready hand's waits.

    `counts`: the tiles' physical 34-slot counts when the caller has them already.
    """
    kinds: set[int] = set()
    if variant == "xinyu" and not melds and all(t[1] == "z" for t in tiles):
        kinds.update(range(HONOR_BASE, NUM_KINDS))    # 全风向: any honor completes an all-honors hand
    counts, golds = hand_counts(tiles, gold, options, counts)
    # a quick necessary test first: if one more wild tile cannot complete the hand, no natural tile can
    if shapes.is_win(counts, melds, golds + 1, "any"):
        wild = wild_of(options)
        kinds.update(shapes.waits(counts, melds, golds, wild, melds == 0))
    return frozenset(kinds)
