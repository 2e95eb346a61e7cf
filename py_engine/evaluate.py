"""Would a hand win, and with what: analysis.evaluate (API.md, Bots and analysis)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .melds import parse_meld
from .rules import ruleset
from .tiles import as_tiles, format_tiles
from .types import Options


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
