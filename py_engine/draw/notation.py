"""The hand notation of <mj-hand> (web/art/notation.js, README "Hand notation"), read in Python.

    123m456p789s11z|pong 7z|gold 5m               concealed tiles, a pong of 中, the gold 5m
    1234m|kong 1z from across|concealed_kong 9s|flowers 1f5f
    123m456p789s1z|win 1z from left|gold 5m hidden
    xxxxxxxxxx|pong 7z from right|pond 19m*5z3p

The tile strings of RULES.md §1 ("x" a face-down tile), then parts after "|". Notation, not rules:
it reads what was written and where, and an error names the catalog's message (notation.*) and the
[start, end) of the text it means, as notation.js does (tests/engine/test_draw.py holds the two
readers to each other).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["MELD_TYPES", "SEATS", "BACK", "NotationError", "Meld", "Drawn", "Discard", "HandSpec",
           "parse_hand", "format_hand", "format_tiles"]

MELD_TYPES = ("pong", "kong", "added_kong", "concealed_kong")
#: Whom a claimed tile came from, seen from the hand's owner: 上家, 对家, 下家.
SEATS = ("left", "across", "right")
_PARTS = (*MELD_TYPES, "draw", "win", "flowers", "gold", "pond")
_MAX_DIGIT = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
#: A face-down tile: "x" in the text, "back" in a spec.
BACK = "back"
_TAIL = re.compile(r"\s(from|hidden)(?=\s|\Z)(.*)\Z")  # (notation.js: $ is the text's end, . no newline)


class NotationError(ValueError):
    """A hand that cannot be read: `key` names the catalog message (notation.*), `at` the part meant."""

    def __init__(self, key: str, params: dict[str, Any], at: tuple[int, int]) -> None:
        super().__init__(key, params, at)
        self.key = key
        self.params = params
        self.at = at
        self.lang = "en"  # the language it is said in (str): hand_svg and Hand set the reader's

    def __str__(self) -> str:
        """The sentence (a notebook's traceback shows it), in `lang`; the key where the words are not at hand."""
        try:
            return self.words(self.lang)
        except LookupError:  # (CatalogMissing: the page's own wheel)
            return f"{self.key} {self.params} at {self.at[0]}-{self.at[1]}"

    def words(self, lang: str = "en") -> str:
        """The error as the page says it ("Cannot read the hand: there is no tile 0m"), in `lang`."""
        from ..teach.words import say

        return say(lang, "notation.error", what=say(lang, self.key, **self.params))


@dataclass(frozen=True)
class Meld:
    type: str                 # one of MELD_TYPES
    tile: str
    source: str | None = None  # "left" | "across" | "right": whose discard was claimed (drawn turned)


@dataclass(frozen=True)
class Drawn:
    tile: str
    win: bool = False
    source: str | None = None


@dataclass(frozen=True)
class Discard:
    tile: str
    claimed: bool = False


@dataclass
class HandSpec:
    """A read hand: what notation.js's parseHand gives (hand, melds, drawn, flowers, gold, goldShown, pond)."""

    hand: list[str] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    drawn: Drawn | None = None
    flowers: list[str] = field(default_factory=list)
    gold: str | None = None
    gold_shown: bool = True
    pond: list[Discard] = field(default_factory=list)

    @property
    def is_empty(self) -> bool:
        return not (self.hand or self.melds or self.flowers or self.gold)

    def to_dict(self) -> dict[str, Any]:
        """The spec as notation.js's parseHand gives it (without spans): for comparing the two readers."""
        return {
            "hand": list(self.hand),
            "melds": [{"type": m.type, "tile": m.tile, "from": m.source} for m in self.melds],
            "drawn": None if self.drawn is None else {"tile": self.drawn.tile, "win": self.drawn.win,
                                                      "from": self.drawn.source},
            "flowers": list(self.flowers), "gold": self.gold, "goldShown": self.gold_shown,
            "pond": [{"tile": d.tile, "claimed": d.claimed} for d in self.pond],
        }


def _read_tiles(text: str, offset: int = 0, *, backs: bool = False, marks: bool = False) -> list[list[Any]]:
    """[[code, (start, end), claimed]] of a compact string (notation.js readTiles)."""
    out: list[list[Any]] = []
    digits: list[int] = []

    def no_suit() -> NotationError:
        return NotationError("notation.noSuit", {"digits": "".join(text[d] for d in digits)},
                             (offset + digits[0], offset + digits[-1] + 1))

    for i, c in enumerate(text):
        at = (offset + i, offset + i + 1)
        if "0" <= c <= "9":
            digits.append(i)
        elif c in _MAX_DIGIT:
            if not digits:
                raise NotationError("notation.suitAlone", {"suit": c}, at)
            for d in digits:
                n = int(text[d])
                if n < 1 or n > _MAX_DIGIT[c]:
                    raise NotationError("notation.badTile", {"tile": f"{n}{c}"}, (offset + d, offset + d + 1))
                out.append([f"{n}{c}", (offset + d, offset + i + 1), False])
            digits = []
        elif c == "x":
            if digits:
                raise no_suit()
            if not backs:
                raise NotationError("notation.backHere", {}, at)
            out.append([BACK, at, False])
        elif c == "*":
            if not marks or digits or not out or out[-1][2]:
                raise NotationError("notation.markHere", {}, at)
            out[-1][2] = True
        elif c in " \t,":
            if digits:
                raise no_suit()
        else:
            raise NotationError("notation.badChar", {"char": c}, at)
    if digits:
        raise no_suit()
    return out


def _one_tile(key: str, word: str, rest: str, rest_at: int, at: tuple[int, int]) -> list[Any]:
    """The one tile a part takes ("pong 7z", "gold 5m"); else the error `key` naming the part."""
    tiles = _read_tiles(rest, rest_at)
    if len(tiles) != 1:
        raise NotationError(key, {"part": word, "meld": word}, at)
    return tiles[0]


def parse_hand(text: str) -> HandSpec:
    """A whole hand string -> a HandSpec; raises NotationError naming the part that cannot be read."""
    source = str(text or "")
    spec = HandSpec()
    start = 0
    for index, part in enumerate(source.split("|")):
        offset = start
        start += len(part) + 1
        lead = len(part) - len(part.lstrip())
        body = part.strip()
        at = (offset + lead, offset + lead + len(body))
        # the first part is the concealed tiles, unless it is a part itself ("concealed_kong 9s": a meld alone)
        if index == 0 and (body.split(None, 1) or [""])[0] not in (*_PARTS, "flower"):
            spec.hand.extend(t[0] for t in _read_tiles(part, offset, backs=True))
            continue
        if not body:
            raise NotationError("notation.emptyPart", {}, (offset, offset + max(1, len(part))))
        word = body.split(None, 1)[0]
        if word not in _PARTS and word != "flower":
            raise NotationError("notation.badPart", {"part": word}, (offset + lead, offset + lead + len(word)))
        rest_at = offset + lead + len(word)
        after = part[rest_at - offset:]
        tail = _TAIL.search(after)
        rest = after[:tail.start()] if tail else after
        tail_at = rest_at + tail.start() + 1 if tail else 0


        source_seat: str | None = None
        if tail:
            keyword, arg = tail[1], tail[2].strip()
            arg_at = (tail_at, offset + lead + len(body))
            if keyword == "hidden":
                if word != "gold" or arg:
                    raise NotationError("notation.hiddenHere", {}, arg_at)
            elif word not in ("pong", "kong", "added_kong", "win"):
                raise NotationError("notation.fromHere", {"part": word}, arg_at)
            elif arg not in SEATS:
                raise NotationError("notation.badFrom", {"seat": arg}, arg_at)
            else:
                source_seat = arg
        if word in MELD_TYPES:
            code, where, _ = _one_tile("notation.meldOneTile", word, rest, rest_at, at)
            if code[1] == "f":
                raise NotationError("notation.meldFlower", {"tile": code}, where)
            spec.melds.append(Meld(word, code, source_seat))
        elif word in ("draw", "win"):
            if spec.drawn:
                raise NotationError("notation.twoDrawn", {}, at)
            code = _one_tile("notation.drawOneTile", word, rest, rest_at, at)[0]
            spec.drawn = Drawn(code, word == "win", source_seat)
        elif word in ("flowers", "flower"):
            for code, where, _ in _read_tiles(rest, rest_at):
                if code[1] != "f":
                    raise NotationError("notation.notFlower", {"tile": code}, where)
                spec.flowers.append(code)
        elif word == "gold":
            if spec.gold:
                raise NotationError("notation.twoGolds", {}, at)
            spec.gold = _one_tile("notation.goldOneTile", word, rest, rest_at, at)[0]
            spec.gold_shown = not tail
        else:
            spec.pond.extend(Discard(code, claimed) for code, _, claimed in
                             _read_tiles(rest, rest_at, backs=True, marks=True))
    return spec


def format_tiles(codes: list[str], claimed: list[bool] | None = None) -> str:
    """["1m", "2m", "5z"] -> "12m5z" ("back" is "x"; "*" after each claimed tile): notation.js formatTiles."""
    out, run, suit = [], "", ""
    marks = claimed or []

    def flush() -> None:
        nonlocal run, suit
        if run:
            out.append(run + suit)
        run, suit = "", ""

    for i, code in enumerate(codes):
        if code == BACK:
            flush()
            out.append("x")
        else:
            if code[1] != suit:
                flush()
            suit = code[1]
            run += code[0]
        if i < len(marks) and marks[i]:
            flush()
            out.append("*")
    flush()
    return "".join(out)


def format_hand(spec: HandSpec) -> str:
    """The inverse of parse_hand: parse_hand(format_hand(spec)) == spec."""
    def source(seat: str | None) -> str:
        return f" from {seat}" if seat else ""

    parts = [format_tiles(spec.hand)]
    if spec.drawn:
        parts.append(f"{'win' if spec.drawn.win else 'draw'} {spec.drawn.tile}{source(spec.drawn.source)}")
    parts.extend(f"{m.type} {m.tile}{source(m.source)}" for m in spec.melds)
    if spec.flowers:
        parts.append(f"flowers {format_tiles(spec.flowers)}")
    if spec.gold:
        parts.append(f"gold {spec.gold}{'' if spec.gold_shown else ' hidden'}")
    if spec.pond:
        parts.append("pond " + format_tiles([d.tile for d in spec.pond], [d.claimed for d in spec.pond]))
    return "|".join(parts)
