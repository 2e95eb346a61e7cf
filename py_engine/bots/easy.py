"""The easy bot: a beginner, quick and plausible.

Wins whenever it may. Where plain efficiency plays nearly as well as the normal bot (Xinyu, where it
was measured only about 0.2 a hand weaker: bench/README-bots.md) it plays like a beginner
(``BotTuning.easy_beginner``): it takes every pong and kong offered (giving up 门清's double freely)
and throws the most isolated tile, counting no steps to ready. Elsewhere (Longyan) it plays plain
tile efficiency: discards the tile that leaves the fewest draws to ready (shanten), the most isolated
one on ties; kongs when that does not set the hand back; and, where no call costs anything and pongs
are most of a hand's speed, it is shy and pongs only when the pong makes its hand ready. No hand
value, no defence.
"""
from __future__ import annotations

from ..play.actions import kind_of, tile_of
from .common import GOLD_SLOT, View, discard_tiles, keep_score


def best_discard(view: View, tiles: list[str], counts: list[int], golds: int, melds: int) -> tuple[str, int]:
    """The discard leaving the lowest shanten; ties go to the least connected tile."""
    best: tuple[int, float, str] | None = None
    for tile in tiles:
        slot = view.slot(tile)
        if slot == GOLD_SLOT:
            s = view.shanten(counts, golds - 1, melds)
            key = (s, 99.0, tile)
        else:
            keep = keep_score(counts, slot)
            counts[slot] -= 1
            s = view.shanten(counts, golds, melds)
            counts[slot] += 1
            key = (s, keep, tile)
        if best is None or key[:2] < best[:2]:
            best = key
    assert best is not None
    return best[2], best[0]


def beginner(view: View) -> str:
    """Every pong and kong taken; the most isolated tile thrown (docs/RULES.md §2 has no chow)."""
    legal = view.legal
    for verb in ("kong", "pong"):
        for action in legal:
            if kind_of(action) == verb:
                return action
    tiles = discard_tiles(legal, view.gold, allow_gold=True)
    if view.phase != "discard" or not tiles:
        return "pass" if "pass" in legal else legal[0]
    counts, _ = view.counts()
    return "discard " + min(tiles, key=lambda t: (keep_score(counts, view.slot(t)), t))


def choose(view: View) -> str:
    legal = view.legal
    if "win" in legal:
        return "win"
    if view.rules.bots.easy_beginner:
        return beginner(view)
    counts, golds = view.counts()
    melds = view.melds.count
    if view.phase != "discard":
        tile = view.last_tile
        if tile is None or ("pong" not in legal and "kong" not in legal):
            return "pass" if "pass" in legal else legal[0]
        slot = view.slot(tile)
        now = view.shanten(counts, golds, melds)
        if "kong" in legal:
            counts[slot] -= 3
            after = view.shanten(counts, golds, melds + 1)
            counts[slot] += 3
            if after <= now:
                return "kong"
        if "pong" in legal:
            counts[slot] -= 2
            after = view.shanten(counts, golds, melds + 1)   # 11 tiles: the best discard is implied
            counts[slot] += 2
            if after <= (0 if view.rules.bots.pong_when_ready else now):   # the rule set's BotTuning
                return "pong"
        return "pass"
    now = view.shanten(counts, golds, melds)
    for action in legal:
        tile = tile_of(action)
        if kind_of(action) == "kong" and tile is not None:
            slot = view.slot(tile)
            held = counts[slot] if slot != GOLD_SLOT else 0
            take = 4 if held == 4 else 1                         # concealed kong, or add to a pong
            counts[slot] -= take
            after = view.shanten(counts, golds, melds + (1 if take == 4 else 0))
            counts[slot] += take
            if after <= now:
                return action
    tiles = discard_tiles(legal, view.gold, allow_gold=True)
    if not tiles:
        return legal[0]
    return "discard " + best_discard(view, tiles, counts, golds, melds)[0]
