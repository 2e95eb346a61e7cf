"""Would a hand win, and with what: analysis.evaluate (API.md, Bots and analysis)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .melds import parse_meld
from .rules import ruleset
from .reading import reading_of
from .scoring import longyan_category, xinyu_score
from .tiles import as_tiles, format_tiles
from .winning import is_winning


def evaluate(hand: str | Iterable[str], melds: Iterable[str] = (), variant: str = "xinyu",
             gold: str | None = None, options: Mapping[str, Any] | None = None, *,
             self_draw: bool = True, kong_bloom: bool = False) -> dict[str, Any]:
    """A complete hand (winning tile included) scored as docs/RULES.md would: patterns and M (Xinyu),
    or the category and base b (Longyan). ``{"wins": False, ...}`` when it is not a winning hand."""
    rules = ruleset(variant)
    resolved = rules.resolve(dict(options or {}))
    tiles = as_tiles(hand)
    parsed = [parse_meld(m) for m in melds]
    if variant == "xinyu" and gold is not None:
        raise ValueError("xinyu has no gold")
    want = 14 - 3 * len(parsed)
    if len(tiles) != want:
        raise ValueError(f"a complete hand with {len(parsed)} melds holds {want} tiles, not {len(tiles)} ({format_tiles(tiles)})")
    out: dict[str, Any] = {"wins": False, "hand": format_tiles(tiles), "melds": [str(m) for m in parsed],
                           "category": None, "patterns": [], "multiplier": 0, "reading": None}
    if variant == "xinyu":
        scored = xinyu_score(tiles, parsed, self_draw=self_draw, kong_bloom=kong_bloom,
                             simple=resolved["scoring"] == "simple")
        out["pattern_multipliers"] = []
        if scored is not None:
            out.update(wins=True, category="self_draw" if self_draw else "discard_win",
                       patterns=list(scored.patterns), multiplier=scored.multiplier,
                       pattern_multipliers=[[p, m] for p, m in scored.pattern_multipliers],
                       reading=reading_of(tiles, parsed, None, resolved, scored.shape))
        return out
    candidates = []
    if gold is not None and tiles.count(gold) >= 3:
        candidates.append("three_golds")
    if is_winning(tiles, len(parsed), variant, gold, resolved):
        candidates.append("self_draw" if self_draw else "discard_win")
    out["base"] = None
    if candidates:
        category, base = longyan_category(candidates)
        out.update(wins=True, category=category, multiplier=base, base=base or None,
                   reading=reading_of(tiles, parsed, gold, resolved))
    return out
