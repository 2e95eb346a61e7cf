"""A hand written as tiles, measured: shanten, waits, improving tiles, and whether it wins and with
what (API.md, Bots and analysis). The bots and the hints (hints.py) are built on these.

``improving_tiles`` is a 13-tile hand's ukeire (the tiles whose draw lowers its shanten) and
``discard_efficiency`` that of every discard of a 14-tile hand (the 何切る table of analyze.html and
the puzzles): the hand is checked once, each discard steps its shape components by one tile
(shapes.Component.less) and shapes.draws_shanten reads all 34 draws of the tiles left at once.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..tiles import shapes
from ..tiles.melds import parse_meld
from ..tiles.quote import quote
from ..tiles.golds import GOLD_SLOT, count_slots, natural_tile, white_replaces
from ..rules import ruleset
from ..tiles import CODES, HONOR_BASE, INDEX, NUM_KINDS, as_tiles, check_code, counts34, format_tiles
from ..types import Options

__all__ = ["evaluate", "shanten", "waits", "improving_tiles", "discard_efficiency"]

#: (tile, copies) pairs: waits with the copies left, improving tiles with their unseen copies.
TileCounts = list[tuple[str, int]]

def _meld_tiles(melds: Iterable[str]) -> list[list[str]]:
    """``["pong 7z", "kong 1m"]`` -> ``[["7z"] * 3, ["1m"] * 4]`` (melds read as in positions)."""
    if not isinstance(melds, (list, tuple)):
        raise ValueError(f"melds must be a list of strings like ['pong 7z'], not {quote(melds)}")
    out = [parse_meld(text).tiles for text in melds]
    if len(out) > 4:
        raise ValueError(f"at most 4 melds, not {len(out)}")
    return out


class _Hand:
    """A checked hand: natural counts, golds, melds, and the variant's shape rules."""

    def __init__(self, hand: str | Iterable[str], melds: Iterable[str], variant: str,
                 gold: str | None, options: Options | None, sizes: tuple[int, ...]) -> None:
        self.rules = rules = ruleset(variant)
        resolved = rules.resolve(options)
        self.tiles = as_tiles(hand)
        flowers = [t for t in self.tiles if t[1] == "f"]
        if flowers:
            raise ValueError(f"flowers are never in a hand: {format_tiles(flowers)}")
        self.meld_tiles = _meld_tiles(melds)
        self.melds = len(self.meld_tiles)
        total = len(self.tiles) + 3 * self.melds
        if total not in sizes:
            want = " or ".join(str(n - 3 * self.melds) for n in sizes)
            raise ValueError(f"a hand with {self.melds} meld(s) holds {want} tiles, not {len(self.tiles)} "
                             f"({format_tiles(self.tiles) or 'empty'})")
        seen = [0] * NUM_KINDS
        for t in self.tiles + [t for meld in self.meld_tiles for t in meld]:
            seen[INDEX[t]] += 1
        over = [CODES[k] for k in range(NUM_KINDS) if seen[k] > 4]
        if over:
            raise ValueError(f"more than four copies of {', '.join(over)}")
        self.seen = seen
        self.variant = variant
        if gold is not None and not rules.has_gold:
            raise ValueError(f"{variant} has no gold; pass gold=None")
        self.gold = None if gold is None else check_code(gold)
        if self.gold is not None and self.gold[1] == "f":
            raise ValueError(f"the gold is never a flower, not {quote(gold)}")
        rule = rules.gold_rule(resolved)
        self.wild = rule.wild
        self.white_replaces = white_replaces(rule, self.gold)
        if self.gold is not None and any(self.gold in meld for meld in self.meld_tiles):
            raise ValueError(f"golds ({self.gold}) cannot be ponged or konged")
        self.counts, self.golds = shapes.gold_counts(self.tiles, self.gold, self.white_replaces)

    def shanten_of(self, parts: Sequence[shapes.Component], counts: list[int], golds: int) -> int:
        """The shanten of natural ``counts`` (as their components ``parts``) and ``golds`` with this
        hand's melds and rules: the shapes' (standard, seven pairs), or that of the rule set's own
        hands if lower (RuleSet.special_shanten: the all-honors free hand 全风向, docs/RULES.md §2)."""
        best = shapes.components_shanten(parts, self.melds, golds, self.wild)
        special = self.rules.special_shanten(counts, self.melds)
        return special if special is not None and special < best else best

    def unseen(self, visible: Iterable[str] | None = None) -> list[int]:
        """Copies of each kind this hand does not see: 4 less its own tiles, its melds' and ``visible``."""
        seen = list(self.seen)
        for code in as_tiles(visible) if visible is not None else ():
            if code[1] != "f":
                seen[INDEX[code]] += 1
        over = [CODES[k] for k in range(NUM_KINDS) if seen[k] > 4]
        if over:
            raise ValueError(f"more than four copies of {', '.join(over)} counting the visible tiles")
        return [4 - n for n in seen]


def shanten(hand: str | Iterable[str], melds: Iterable[str] = (), variant: str = "xinyu",
            gold: str | None = None, options: Options | None = None) -> int:
    """Tiles away from ready, for a 13- or 14-tile hand (melds count as sets): -1 means a winning hand.

    Xinyu: standard shape, seven pairs, and the all-honors free hand. Longyan: ``gold`` is the
    gold's face; options ``gold_wild`` ("any"/"suited") and ``white_dragon`` ("replace_gold"/"plain").
    """
    h = _Hand(hand, melds, variant, gold, options, (13, 14))
    return h.shanten_of(shapes.components(h.counts), h.counts, h.golds)


def waits(hand: str | Iterable[str], melds: Iterable[str] = (), variant: str = "xinyu",
          gold: str | None = None, visible: Iterable[str] | None = None,
          options: Options | None = None) -> list[tuple[str, int]]:
    """Tiles that complete a 13-tile hand (melds counted), as ``[(tile, copies left)]`` in tile order.

    Copies left = 4 - copies in the hand, in the melds and in ``visible`` (discards and exposed
    tiles the seat sees: codes, or a tile string). In Longyan only natural tiles are listed (a white dragon stands for the
    gold's face when white dragons replace the gold); a drawn gold also wins whenever a gold can
    stand for a listed tile, which the caller handles.
    """
    h = _Hand(hand, melds, variant, gold, options, (13,))
    kinds = set(shapes.waits(h.counts, h.melds, h.golds, h.wild))
    kinds.update(h.rules.special_waits(shapes.components(h.counts), h.melds))   # 13 honors: any honor (全风向)
    left = h.unseen(visible)
    out: TileCounts = []
    for kind in sorted(kinds):
        natural = natural_tile(kind, h.gold, h.white_replaces)
        if natural is not None:
            out.append((natural, left[INDEX[natural]]))
    out.sort(key=lambda pair: INDEX[pair[0]])
    return out


# ---------------------------------------------------------------------------------------------
# Improving tiles (ukeire): what each draw does to the shanten


def improving_tiles(hand: str | Iterable[str], melds: Iterable[str] = (), variant: str = "xinyu",
                    gold: str | None = None, options: Options | None = None,
                    unseen: Sequence[int] | None = None) -> tuple[int, TileCounts]:
    """(shanten of a 13-tile hand, ``[(tile, copies)]`` of every tile whose draw lowers it), in tile order.

    ``unseen``: copies of each of the 34 kinds still to be drawn as the seat sees them (an
    observation's ``unseen``); default 4 less the hand's and its melds' own. A drawn gold counts as
    a gold, a drawn white dragon as the gold's face where it stands for it (docs/RULES.md §3 白板替金).
    """
    h = _Hand(hand, melds, variant, gold, options, (13,))
    left = h.unseen() if unseen is None else list(unseen)
    return _improving(h, tuple(shapes.components(h.counts)), list(h.counts), h.golds, counts34(h.tiles), left)


def discard_efficiency(hand: str | Iterable[str], melds: Iterable[str] = (), variant: str = "xinyu",
                       gold: str | None = None, options: Options | None = None,
                       unseen: Sequence[int] | None = None) -> dict[str, tuple[int, TileCounts]]:
    """Every discard of a 14-tile hand: ``{tile: (shanten after it, its improving tiles)}``, one
    entry per distinct tile held, each as ``improving_tiles`` gives it for the 13 tiles left."""
    h = _Hand(hand, melds, variant, gold, options, (14,))
    left = h.unseen() if unseen is None else list(unseen)
    held = counts34(h.tiles)
    counts = list(h.counts)
    parts = tuple(shapes.components(counts))
    slots = count_slots(h.gold, h.white_replaces)
    out: dict[str, tuple[int, TileCounts]] = {}
    for tile in h.tiles:
        if tile in out:
            continue
        kind = INDEX[tile]
        slot = slots[kind]
        held[kind] -= 1
        if slot == GOLD_SLOT:
            out[tile] = _improving(h, parts, counts, h.golds - 1, held, left)
        else:
            counts[slot] -= 1
            out[tile] = _improving(h, _less(parts, slot), counts, h.golds, held, left)
            counts[slot] += 1
        held[kind] += 1
    return out


def _less(parts: tuple[shapes.Component, ...], slot: int) -> tuple[shapes.Component, ...]:
    """The components with one tile fewer in count slot ``slot`` (its component's link)."""
    comp, offset = (3, slot - HONOR_BASE) if slot >= HONOR_BASE else divmod(slot, 9)
    return parts[:comp] + (parts[comp].less(offset),) + parts[comp + 1:]


def _improving(h: _Hand, parts: tuple[shapes.Component, ...], counts: list[int], golds: int,
               held: list[int], unseen: Sequence[int]) -> tuple[int, TileCounts]:
    """(shanten, improving tiles) of 13 tiles given as components, natural counts, golds and
    physical counts ``held``: each kind with an unseen copy and fewer than four held, drawn into
    the slot it fills (a gold, or the gold's face for a white dragon that stands for it)."""
    now = h.shanten_of(parts, counts, golds)
    draws = shapes.draws_shanten(parts, h.melds, golds, h.wild)
    special = h.rules.special_shanten
    slots = count_slots(h.gold, h.white_replaces)
    out: TileCounts = []
    for kind in range(NUM_KINDS):
        if unseen[kind] <= 0 or held[kind] >= 4:
            continue
        slot = slots[kind]
        s = draws[-1] if slot == GOLD_SLOT else draws[slot]
        # the rule set's own hands (the all-honors free hand 全风向), if lower
        if slot != GOLD_SLOT:
            counts[slot] += 1
        f = special(counts, h.melds)
        if slot != GOLD_SLOT:
            counts[slot] -= 1
        if f is not None and f < s:
            s = f
        if s < now:
            out.append((CODES[kind], unseen[kind]))
    return now, out


def evaluate(hand: str | Iterable[str], melds: Iterable[str] = (), variant: str = "xinyu",
             gold: str | None = None, options: Options | None = None, *,
             self_draw: bool = True, kong_bloom: bool = False) -> dict[str, Any]:
    """A complete hand (winning tile included) scored as docs/RULES.md would, by its rule set:
    patterns, each one's multiplier and M (Xinyu), or the category and base b (Longyan), with the
    reading of the hand. ``{"wins": False, ...}`` when it is not a winning hand."""
    rules = ruleset(variant)
    resolved = rules.resolve(dict(options or {}))
    tiles = as_tiles(hand)
    parsed = [parse_meld(m) for m in melds]
    want = 14 - 3 * len(parsed)
    if len(tiles) != want:
        raise ValueError(f"a complete hand with {len(parsed)} melds holds {want} tiles, not {len(tiles)} ({format_tiles(tiles)})")
    win = rules.evaluate(tiles, parsed, gold, resolved, self_draw, kong_bloom)
    out: dict[str, Any] = {"wins": False, "hand": format_tiles(tiles), "melds": [str(m) for m in parsed],
                           "category": None, "patterns": [], "multiplier": 0, "reading": None}
    if win is not None:
        scored = win.to_dict()
        out.update(wins=True, **{k: v for k, v in scored.items() if k not in ("seat", "hand", "melds", "tile")})
    return out
