"""The one gold reading (docs/RULES.md §3 开金, 白板替金): which count slot a tile fills given the
gold and its rule, how far a gold stands in, and which natural tile one draws for a slot.

The referee's hand shapes, the winning check, the hints, the analysis and the bots all read golds
through these functions. Which GoldRule holds is the rule set's to say (RuleSet.gold_rule, from
its options): nothing here, nor anywhere outside rules/, reads an option by name.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from . import shapes
from .codes import CODES, INDEX, NUM_KINDS, WHITE_DRAGON

GOLD_SLOT = -1          # a gold does not go into the counts: it is a wild


@dataclass(frozen=True)
class GoldRule:
    """How a turned gold reads under a rule set and its options (RuleSet.gold_rule): a gold stands
    for `wild` "any" tile or "suited" ones only (m/p/s), and with `white` the white dragons stand
    for the gold's face (白板替金). A rule set without golds never has a gold to read."""

    wild: str = "any"
    white: bool = False


def white_replaces(rule: GoldRule, gold: str | None = None) -> bool:
    """Do white dragons stand for this gold's face (白板替金)? Never when the gold is itself the
    white dragon, nor without a gold."""
    if gold is None or gold == WHITE_DRAGON:
        return False
    return rule.white


@functools.cache
def count_slots(gold: str | None, white: bool) -> tuple[int, ...]:
    """The count slot each physical kind fills: GOLD_SLOT for a gold (wild), the gold's face for a
    white dragon that stands for it (白板替金), else its own."""
    slots = list(range(NUM_KINDS))
    if gold is not None:
        face = INDEX[gold]
        slots[face] = GOLD_SLOT
        if white and gold != WHITE_DRAGON:
            slots[INDEX[WHITE_DRAGON]] = face
    return tuple(slots)


def slots_of(gold: str | None, rule: GoldRule) -> tuple[int, ...]:
    """count_slots under a rule set's gold rule."""
    return count_slots(gold, rule.white)


def hand_counts(tiles: Sequence[str], gold: str | None, rule: GoldRule,
                counts: list[int] | None = None) -> tuple[list[int], int]:
    """34-slot natural counts and the number of golds; white dragons stand for the gold's face.

    `counts`: the tiles' physical 34-slot counts when the caller has them already (not changed).
    """
    white = rule.white
    if counts is None:
        return shapes.gold_counts(tiles, gold, white)
    return shapes.split_golds(counts, gold, white)


def count_index(tile: str, gold: str | None, rule: GoldRule) -> int:
    """The count slot a natural tile fills: a white dragon fills the gold's face (白板替金)."""
    slot = slots_of(gold, rule)[INDEX[tile]]
    return INDEX[tile] if slot < 0 else slot


def natural_tile(slot: int, gold: str | None, white: bool) -> str | None:
    """The physical tile one holds or draws for a natural count slot; None when there is none (the
    gold's face when white dragons do not replace it: every such tile is a gold)."""
    code = CODES[slot]
    if gold is None:
        return code
    if code == gold:
        return WHITE_DRAGON if white and gold != WHITE_DRAGON else None
    if code == WHITE_DRAGON and white:
        return None                        # a white dragon reads as the gold's face
    return code
