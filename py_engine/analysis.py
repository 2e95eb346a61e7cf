"""Hints for players and bots: shanten and waits of a hand written as tiles (API.md, Bots and analysis)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from . import shapes
from .melds import parse_meld
from .quote import quote
from .evaluate import evaluate
from .golds import natural_tile, white_replaces, wild_of
from .rules import VARIANTS, ruleset
from .rules.xinyu import free_hand_shanten
from .tiles import CODES, HONOR_BASE, INDEX, NUM_KINDS, as_tiles, check_code, format_tiles
from .types import Options

__all__ = ["evaluate", "shanten", "waits"]



def _meld_tiles(melds: Iterable[str]) -> list[list[str]]:
    """``["pong 7z", "kong 1m"]`` -> ``[["7z"] * 3, ["1m"] * 4]`` (melds read as in positions)."""
    if isinstance(melds, str):
        raise ValueError(f"melds must be a list of strings like ['pong 7z'], not the string {quote(melds)}")
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
        self.wild = wild_of(resolved)
        self.white_replaces = white_replaces(resolved, self.gold)
        if self.gold is not None and any(self.gold in meld for meld in self.meld_tiles):
            raise ValueError(f"golds ({self.gold}) cannot be ponged or konged")
        self.counts, self.golds = shapes.gold_counts(self.tiles, self.gold, self.white_replaces)

    def honors_free_hand_shanten(self) -> int | None:
        """Shanten towards the rule set's all-honors free hand (全风向, docs/RULES.md §2), if it has one."""
        return free_hand_shanten(self.counts, self.melds) if self.rules.free_honors else None


def shanten(hand: str | Iterable[str], melds: Iterable[str] = (), variant: str = "xinyu",
            gold: str | None = None, options: Options | None = None) -> int:
    """Tiles away from ready, for a 13- or 14-tile hand (melds count as sets): -1 means a winning hand.

    Xinyu: standard shape, seven pairs, and the all-honors free hand. Longyan: ``gold`` is the
    gold's face; options ``gold_wild`` ("any"/"suited") and ``white_dragon`` ("replace_gold"/"plain").
    """
    h = _Hand(hand, melds, variant, gold, options, (13, 14))
    best = shapes.shanten(h.counts, h.melds, h.golds, h.wild)
    free = h.honors_free_hand_shanten()
    if free is not None and free < best:
        best = free
    return best


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
    if h.honors_free_hand_shanten() == 0:          # 13 honors: any honor completes 全风向
        kinds.update(range(HONOR_BASE, NUM_KINDS))
    seen = list(h.seen)
    for code in as_tiles(visible) if visible is not None else ():
        if code[1] != "f":
            seen[INDEX[code]] += 1
    over = [CODES[k] for k in range(NUM_KINDS) if seen[k] > 4]
    if over:
        raise ValueError(f"more than four copies of {', '.join(over)} counting the visible tiles")
    out: list[tuple[str, int]] = []
    for kind in sorted(kinds):
        natural = natural_tile(kind, h.gold, h.white_replaces)
        if natural is not None:
            out.append((natural, 4 - seen[INDEX[natural]]))
    out.sort(key=lambda pair: INDEX[pair[0]])
    return out
