"""The reading of a complete hand: its sets and pair, and what each gold or white dragon stood for.

``read_hand(...)`` finds one decomposition of a winning hand for the settlement screen and the
analyzer (docs/RULES.md §1 shapes, §3 开金 / 白板替金); which shape it prefers follows the scored
patterns (seven pairs, all pungs, the all-honors free hand) so the reading shown is the one paid.
It runs once per win shown, never in the referee's hot loop.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from .melds import Meld
from .codes import CODES, HONOR_BASE, INDEX, NUM_KINDS, WHITE_DRAGON, counts34
from .golds import GoldRule

#: One group of the reading: (type, natural slots it stands for, how many of them are golds' stand-ins)
Group = tuple[str, tuple[int, ...], tuple[bool, ...]]


def read_hand(concealed: Sequence[str], melds: Sequence[Meld], gold: str | None, white_replaces: bool,
              wild: str, prefer: str = "standard") -> dict[str, Any] | None:
    """A reading of 14 tiles (melds counted): ``{"shape", "groups", "melds", "stand_ins"}``, or None.

    ``prefer``: "standard", "all_pungs", "seven_pairs" or "all_honors" (Xinyu's free hand: no sets).
    Each group is ``{"type": "pair"|"pong"|"chow", "tiles": [physical codes], "as": [the tiles they
    stand for]}``; ``stand_ins`` lists every gold and white dragon with what it stood for.
    """
    face = INDEX[gold] if gold is not None else -1
    white = white_replaces and gold is not None and gold != WHITE_DRAGON
    physical = counts34(concealed)
    natural = list(physical)
    golds = 0
    if face >= 0:
        golds, natural[face] = natural[face], 0
        if white:
            natural[face] += natural[INDEX[WHITE_DRAGON]]
            natural[INDEX[WHITE_DRAGON]] = 0
    key = tuple(natural)
    suited = wild == "suited"
    groups: tuple[Group, ...] | None = None
    shape = prefer
    if prefer == "all_honors":
        groups = ()
    elif prefer == "seven_pairs":
        groups = _pairs(key, golds, suited, max(face, 0))
    else:
        groups = _standard(key, golds, True, suited, prefer == "all_pungs", max(face, 0))
        shape = "standard"
        if groups is None and not melds:
            groups, shape = _pairs(key, golds, suited, max(face, 0)), "seven_pairs"
    if groups is None:
        return None
    out_groups: list[dict[str, Any]] = []
    stand_ins: list[dict[str, str]] = []
    for kind, slots, wilds in groups:
        tiles, stood = [], []
        for slot, is_gold in zip(slots, wilds):
            code = CODES[slot]
            if is_gold:
                tile = gold or code
            elif slot == face:
                tile = WHITE_DRAGON            # the gold's face held naturally is a white dragon (白板替金)
            else:
                tile = code
            if is_gold or tile != code:
                stand_ins.append({"tile": tile, "as": code})
            tiles.append(tile)
            stood.append(code)
        out_groups.append({"type": kind, "tiles": tiles, "as": stood})
    if prefer == "all_honors":
        out_groups = [{"type": "honors", "tiles": list(concealed), "as": list(concealed)}]
    return {"shape": shape, "groups": out_groups, "melds": [m.to_dict() for m in melds], "stand_ins": stand_ins}


def _first(key: tuple[int, ...]) -> int:
    for i, c in enumerate(key):
        if c:
            return i
    return -1


def _less(key: tuple[int, ...], slots: Sequence[int]) -> tuple[int, ...] | None:
    work = list(key)
    for s in slots:
        if work[s] <= 0:
            return None
        work[s] -= 1
    return tuple(work)


def _gold_groups(golds: int, need_pair: bool, face: int) -> tuple[Group, ...] | None:
    """Golds left over after the natural tiles: a pair of golds and pongs of golds."""
    out: list[Group] = []
    if need_pair:
        if golds < 2:
            return None
        out.append(("pair", (face, face), (True, True)))
        golds -= 2
    if golds % 3:
        return None
    out += [("pong", (face,) * 3, (True,) * 3) for _ in range(golds // 3)]
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def _standard(key: tuple[int, ...], golds: int, need_pair: bool, suited: bool,
              pongs_first: bool, face: int) -> tuple[Group, ...] | None:
    """Sets (and one pair when `need_pair`) covering `key` with `golds` wild tiles; None if none."""
    i = _first(key)
    if i < 0:
        return _gold_groups(golds, need_pair, face)
    honor = i >= HONOR_BASE
    may_fill = not (suited and honor)        # a suited gold never stands for an honor
    tries: list[tuple[str, tuple[int, ...], tuple[bool, ...]]] = []
    held = key[i]
    for size, kind in ((3, "pong"), (2, "pair")):
        if kind == "pair" and not need_pair:
            continue
        naturals = min(held, size)
        fill = size - naturals
        if fill and not may_fill:
            continue
        tries.append((kind, (i,) * size, (False,) * naturals + (True,) * fill))
    if not honor:
        pos = i % 9
        for start in (i - 2, i - 1, i):
            if start < i - pos or start % 9 > 6:
                continue
            slots: tuple[int, ...] = (start, start + 1, start + 2)
            wilds = tuple(s < i for s in slots)   # below the lowest natural tile: golds
            for choice in _chow_fills(key, slots, i):
                tries.append(("chow", slots, tuple(w or c for w, c in zip(wilds, choice))))
    if not pongs_first:
        tries.sort(key=lambda t: {"chow": 0, "pong": 1, "pair": 2}[t[0]])
    for kind, slots, wilds in tries:
        used = sum(wilds)
        if used > golds:
            continue
        rest = _less(key, [s for s, w in zip(slots, wilds) if not w])
        if rest is None:
            continue
        tail = _standard(rest, golds - used, need_pair and kind != "pair", suited, pongs_first, face)
        if tail is not None:
            return ((kind, slots, wilds),) + tail
    return None


def _chow_fills(key: tuple[int, ...], slots: tuple[int, ...], lowest: int) -> list[tuple[bool, ...]]:
    """For the slots above `lowest`: use the natural tile when held, else a gold (both when held)."""
    options: list[tuple[bool, ...]] = [()]
    for s in slots:
        if s < lowest:
            choices: tuple[bool, ...] = (True,)
        elif s == lowest:
            choices = (False,)
        else:
            choices = (False, True) if key[s] else (True,)
        options = [o + (c,) for o in options for c in choices]
    return options


def _pairs(key: tuple[int, ...], golds: int, suited: bool, face: int) -> tuple[Group, ...] | None:
    """Seven pairs: each natural tile paired with its twin or a gold; golds left pair each other."""
    out: list[Group] = []
    for slot in range(NUM_KINDS):
        c = key[slot]
        while c >= 2:
            out.append(("pair", (slot, slot), (False, False)))
            c -= 2
        if c:
            if not golds or (suited and slot >= HONOR_BASE):
                return None
            golds -= 1
            out.append(("pair", (slot, slot), (False, True)))
    if golds % 2 or len(out) + golds // 2 != 7:
        return None
    return tuple(out) + (("pair", (face, face), (True, True)),) * (golds // 2)


def reading_of(concealed: Sequence[str], melds: Sequence[Meld], gold: str | None,
               rule: GoldRule, shape: str = "standard") -> dict[str, Any] | None:
    """The reading of a won hand under a rule set's gold rule (RuleSet.gold_rule); None when it
    forms no shape (a rule set's own wins, such as three golds, read themselves)."""
    return read_hand(concealed, melds, gold, rule.white, rule.wild, shape)
