"""Does a hand make a winning shape under a rule set? One place, shared by the game, hints and bots."""
from __future__ import annotations

import copy
from collections.abc import Sequence

from ..tiles import shapes
from ..tiles.golds import hand_counts, slots_of
from ..rules import RuleSet, ruleset
from ..tiles.shapes import Component
from ..tiles import HONOR_BASE, INDEX
from ..types import Options

__all__ = ["HandShape", "is_winning"]


def is_winning(tiles: Sequence[str], melds: int, variant: str, gold: str | None,
               options: Options, extra_golds: int = 0, counts: list[int] | None = None,
               wild: str | None = None) -> bool:
    """Standard shape, seven pairs (no melds), or a hand of the rule set's own that wins in any
    shape (RuleSet.special_wins: Xinyu's all-honors free hand, 全风向: no melds, 14 honors).

    `counts`: the tiles' physical 34-slot counts when the caller has them already. `wild`: how far
    a gold stands in, when not as the rule set reads it from the options ("any": the shape alone).
    """
    rules = ruleset(variant)
    rule = rules.gold_rule(options)
    counts, golds = hand_counts(tiles, gold, rule, counts)
    return _wins(shapes.components(counts), melds, golds + extra_golds, rules, wild or rule.wild)


def _wins(parts: Sequence[Component], melds: int, golds: int, rules: RuleSet, wild: str) -> bool:
    if shapes.components_win(parts, melds, golds, wild):
        return True
    return rules.special_wins(parts, melds)            # 全风向 where the rule set has it


def _waits(parts: Sequence[Component], melds: int, golds: int, rules: RuleSet, wild: str) -> frozenset[int]:
    kinds = set(rules.special_waits(parts, melds))      # 全风向: any honor completes thirteen honors
    # a quick necessary test first: if one more wild tile cannot complete the hand, no natural tile can
    if shapes.components_win(parts, melds, golds + 1, "any"):
        kinds.update(shapes.components_waits(parts, melds, golds, wild, melds == 0))
    return frozenset(kinds)


class HandShape:
    """A seat's concealed tiles as the winning check reads them: the four components of their
    natural counts (golds out, white dragons on the gold's face) and the number of golds, kept in
    step tile by tile, with their waits cached until the next change. A step is one kept link
    (Component.more / less); rebuilding the counts would slice and hash four keys."""

    __slots__ = ("_before", "_slots", "_waits", "_waits_melds", "golds", "parts", "rules", "wild")

    def __init__(self, counts: list[int], variant: str, gold: str | None, options: Options) -> None:
        """`counts`: the concealed tiles' physical 34-slot counts."""
        self.rules = ruleset(variant)
        rule = self.rules.gold_rule(options)
        self.wild = rule.wild
        self._slots = slots_of(gold, rule)
        natural, self.golds = hand_counts([], gold, rule, counts)
        self.parts = list(shapes.components(natural))
        self._waits: frozenset[int] | None = None
        self._waits_melds = 0
        # after an add: (the waits before it, their melds, the kind added), when they were known
        self._before: tuple[frozenset[int], int, int] | None = None

    def copy(self) -> HandShape:
        twin = copy.copy(self)
        twin.parts = list(self.parts)
        return twin

    def count_index(self, tile: str) -> int:
        """The count slot a natural tile fills in this hand: a white dragon fills the gold's face
        where white dragons stand for it (白板替金)."""
        kind = INDEX[tile]
        slot = self._slots[kind]
        return kind if slot < 0 else slot

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
        return _wins(self.parts, melds, self.golds + extra_golds, self.rules, self.wild)

    def waits(self, melds: int) -> frozenset[int]:
        """Count slots whose natural tile completes the hand (one tile short): its waits, computed
        once per change of the hand."""
        if self._waits is None or self._waits_melds != melds:
            self._waits = _waits(self.parts, melds, self.golds, self.rules, self.wild)
            self._waits_melds = melds
        return self._waits
