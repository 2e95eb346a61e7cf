"""Does a hand make a winning shape under a rule set? One place, shared by the game, hints and bots."""
from __future__ import annotations

import copy
import functools
from collections.abc import Mapping, Sequence
from typing import Any

from . import shapes
from .shapes import Component
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
    return _wins(shapes.components(counts), melds, golds + extra_golds, variant, wild_of(options))


def _wins(parts: Sequence[Component], melds: int, golds: int, variant: str, wild: str) -> bool:
    if shapes.components_win(parts, melds, golds, wild):
        return True
    if melds:
        return False
    m, p, s, h = parts       # 全风向: fourteen honors (Xinyu has no golds)
    return variant == "xinyu" and h.tiles == 14 and m.tiles + p.tiles + s.tiles == 0


def count_index(tile: str, gold: str | None, options: Mapping[str, Any]) -> int:
    """The count slot a natural tile fills: a white dragon fills the gold's face (白板替金)."""
    slot = _count_slots(gold, options.get("white_dragon") != "plain")[INDEX[tile]]
    return INDEX[tile] if slot < 0 else slot


def _waits(parts: Sequence[Component], melds: int, golds: int, variant: str, wild: str) -> frozenset[int]:
    kinds: set[int] = set()
    m, p, s, _ = parts
    if variant == "xinyu" and not melds and m.tiles + p.tiles + s.tiles == 0:
        kinds.update(range(HONOR_BASE, NUM_KINDS))    # 全风向: any honor completes an all-honors hand
    # a quick necessary test first: if one more wild tile cannot complete the hand, no natural tile can
    if shapes.components_win(parts, melds, golds + 1, "any"):
        kinds.update(shapes.components_waits(parts, melds, golds, wild, melds == 0))
    return frozenset(kinds)


@functools.cache
def _count_slots(gold: str | None, white_replaces: bool) -> tuple[int, ...]:
    """The count slot each kind fills, as hand_counts reads a hand: -1 for a gold (wild), the
    gold's face for a white dragon that stands for it (白板替金), else its own."""
    slots = list(range(NUM_KINDS))
    if gold is not None:
        face = INDEX[gold]
        slots[face] = -1
        if white_replaces and gold != WHITE_DRAGON:
            slots[INDEX[WHITE_DRAGON]] = face
    return tuple(slots)


class HandShape:
    """A seat's concealed tiles as the winning check reads them: the four components of their
    natural counts (golds out, white dragons on the gold's face) and the number of golds, kept in
    step tile by tile, with their waits cached until the next change. A step is one kept link
    (Component.more / less); rebuilding the counts would slice and hash four keys."""

    __slots__ = ("_before", "_slots", "_waits", "_waits_melds", "golds", "parts", "variant", "wild")

    def __init__(self, counts: list[int], variant: str, gold: str | None, options: Mapping[str, Any]) -> None:
        """`counts`: the concealed tiles' physical 34-slot counts."""
        self.variant = variant
        self.wild = wild_of(options)
        white_replaces = options.get("white_dragon") != "plain"
        self._slots = _count_slots(gold, white_replaces)
        natural, self.golds = shapes.split_golds(counts, gold, white_replaces)
        self.parts = list(shapes.components(natural))
        self._waits: frozenset[int] | None = None
        self._waits_melds = 0
        # after an add: (the waits before it, their melds, the kind added), when they were known
        self._before: tuple[frozenset[int], int, int] | None = None

    def copy(self) -> HandShape:
        twin = copy.copy(self)
        twin.parts = list(self.parts)
        return twin

    def add(self, kind: int) -> None:
        """A tile of this kind (a physical 34-slot index) joins the hand."""
        self._before = None if self._waits is None else (self._waits, self._waits_melds, kind)
        self._waits = None
        slot = self._slots[kind]
        if slot < 0:
            self.golds += 1
        else:
            comp = slot // 9                 # m, p, s, then honors at 27 = 3 * 9
            self.parts[comp] = self.parts[comp].more(slot - 9 * comp)

    def remove(self, kind: int) -> None:
        """A tile of this kind leaves the hand."""
        self._before = None
        self._waits = None
        slot = self._slots[kind]
        if slot < 0:
            self.golds -= 1
        else:
            comp = slot // 9
            self.parts[comp] = self.parts[comp].less(slot - 9 * comp)

    def wins(self, melds: int, extra_golds: int = 0) -> bool:
        """is_winning of the hand (with `extra_golds` more golds). Just after a draw the waits of the
        hand before it, when the claim checks have cached them, answer: the tile drawn wins if it is
        one of them, and a gold does if any of them is a tile a gold may stand for."""
        before = self._before
        if before is not None and before[1] == melds and not extra_golds:
            waits, _, kind = before
            slot = self._slots[kind]
            if slot >= 0:
                return slot in waits
            return bool(waits) if self.wild == "any" else any(k < HONOR_BASE for k in waits)
        return _wins(self.parts, melds, self.golds + extra_golds, self.variant, self.wild)

    def waits(self, melds: int) -> frozenset[int]:
        """Count slots whose natural tile completes the hand (one tile short): its waits, computed
        once per change of the hand."""
        if self._waits is None or self._waits_melds != melds:
            self._waits = _waits(self.parts, melds, self.golds, self.variant, self.wild)
            self._waits_melds = melds
        return self._waits
