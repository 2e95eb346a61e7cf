"""Tile codes, parsing and formatting, and the 34-slot count vectors (docs/RULES.md §1)."""
from __future__ import annotations

import re
from collections.abc import Iterable

from .quote import quote

#: Every tile code, in index order: 0-8 m, 9-17 p, 18-26 s, 27-33 z (1z..7z), 34-41 flowers 1f..8f.
CODES: tuple[str, ...] = tuple(
    [f"{n}{s}" for s in "mps" for n in range(1, 10)]
    + [f"{n}z" for n in range(1, 8)]
    + [f"{n}f" for n in range(1, 9)]
)
INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}
NUM_KINDS = 34          # suited and honor kinds; flowers are apart
FLOWER_BASE = 34        # index of 1f
FLOWERS = frozenset(CODES[FLOWER_BASE:])
HONOR_BASE = 27         # index of 1z
WHITE_DRAGON = "5z"

_GROUP = re.compile(r"([0-9]+)([mpszf])")   # ASCII digits only: "\d" would read "١m" as a tile
_MAX_DIGIT = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}


def parse_tiles(text: str) -> list[str]:
    """``"123m5z1f"`` -> ``["1m", "2m", "3m", "5z", "1f"]``; bad text raises ValueError naming the part."""
    if not isinstance(text, str):
        raise ValueError(f"tiles must be a string like '123m55p', not {type(text).__name__}")
    compact = text.replace(" ", "")
    tiles: list[str] = []
    pos = 0
    for match in _GROUP.finditer(compact):
        if match.start() != pos:
            raise ValueError(f"bad tile text {quote(text)}: cannot read {quote(compact[pos:match.start()])}")
        digits, suit = match.groups()
        for d in digits:
            n = int(d)
            if not 1 <= n <= _MAX_DIGIT[suit]:
                raise ValueError(f"bad tile text {quote(text)}: no tile {d}{suit}")
            tiles.append(f"{d}{suit}")
        pos = match.end()
    if pos != len(compact):
        raise ValueError(f"bad tile text {quote(text)}: cannot read {quote(compact[pos:])} "
                         "(digits must precede a suit letter m/p/s/z/f)")
    return tiles


def sort_key(code: str) -> int:
    """Tiles sort m, p, s, z, f and by number: the index order."""
    return INDEX[code]


def sorted_tiles(tiles: Iterable[str]) -> list[str]:
    return sorted(tiles, key=sort_key)


def format_tiles(tiles: Iterable[str]) -> str:
    """``["5z", "1m", "2m"]`` -> ``"12m5z"`` (sorted m, p, s, z, f)."""
    try:
        codes = list(tiles)
    except TypeError:                         # not a list at all (None, a number)
        raise ValueError(f"tiles must be a list of codes like ['1m', '5p'], not {quote(tiles)}") from None
    try:
        known = INDEX.keys() >= set(codes)
    except TypeError:                         # an unhashable item (a list) is no tile code
        known = False
    if not known:
        for t in codes:
            check_code(t)                     # raises, naming the unknown tile
    codes.sort(key=INDEX.__getitem__)        # sort_key, without a call per tile
    out: list[str] = []
    suit = ""
    for code in codes:
        if code[1] != suit and suit:
            out.append(suit)
        suit = code[1]
        out.append(code[0])
    if suit:
        out.append(suit)
    return "".join(out)


def check_code(code: str) -> str:
    if not isinstance(code, str) or code not in INDEX:
        raise ValueError(f"unknown tile {quote(code)} (tiles are 1m-9m, 1p-9p, 1s-9s, 1z-7z, 1f-8f)")
    return code


def as_tiles(hand: str | Iterable[str]) -> list[str]:
    """A tile string or a list of codes, as a list of codes (checked)."""
    if isinstance(hand, str):
        return parse_tiles(hand)
    try:
        return [check_code(t) for t in hand]
    except TypeError:    # not iterable
        raise ValueError(f"tiles must be a string like '123m55p' or a list of codes, not {quote(hand)}") from None


def is_flower(code: str) -> bool:
    return code[1] == "f"


def counts34(tiles: Iterable[str]) -> list[int]:
    """A 34-slot count vector of the non-flower tiles."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[INDEX[t]] += 1
    return counts


def full_set(with_flowers: bool) -> list[str]:
    """The physical tile set: four of every kind, plus one of each flower in Longyan."""
    tiles = [c for c in CODES[:NUM_KINDS] for _ in range(4)]
    if with_flowers:
        tiles += list(CODES[FLOWER_BASE:])
    return tiles
