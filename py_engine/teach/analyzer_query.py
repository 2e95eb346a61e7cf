"""The analyzer's query (analyze.html, the bridge's `analyze`; issue 14): its arguments, each
one's JSON types, checked and read against the tile set and the hand sizes.

ARGUMENTS is the one schema of those arguments: the bridge names them from it (a request with
another argument is refused there, as for every method), and `check_arguments` checks their types
here, so that a wrong one is answered as an InputError pointing at the part of the input in the
reader's language. Imports no more than the bridge has already: the analyzer itself is imported on
first use.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..tiles.melds import parse_meld
from ..play.position_check import shown
from ..rules import ruleset
from ..tiles import INDEX, as_tiles, format_tiles, full_set, is_flower

__all__ = ["ARGUMENTS", "WIN_KINDS", "InputError", "Query", "check_arguments", "read_query"]

#: How the hand wins: self-draw, on a discard, on a kong replacement, robbing a kong, robbing the
#: gold (Longyan), or at the end of a swim (Longyan; level 1-3).
WIN_KINDS = ("self_draw", "discard", "kong_replacement", "rob_kong", "rob_gold", "swim")


class InputError(ValueError):
    """An impossible query: ``code`` (an i18n key's tail), ``tiles`` it concerns, ``part`` of the input."""

    def __init__(self, code: str, message: str, tiles: list[str] | None = None, part: str = "hand",
                 **values: Any) -> None:
        super().__init__(message)
        self.code = code
        self.tiles = list(tiles or [])
        self.part = part
        self.values = values

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": str(self), "tiles": self.tiles, "part": self.part,
                "values": self.values}


@dataclass(frozen=True)
class Query:
    variant: str
    options: dict[str, Any]
    hand: list[str]                 # concealed tiles; with 14 (less 3 per meld) the last is the winning tile
    melds: list[str]                # "pong 7z", "kong 1m", "added_kong 1m", "concealed_kong 9s"
    flowers: list[str]
    gold: str | None
    dealer: bool
    win: str                        # one of WIN_KINDS
    swim_level: int = 1
    win_tile: str | None = None     # the tile won on; default the last concealed tile
    size: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.hand) + 3 * len(self.melds))


#: Each argument of a query: the JSON types it may have and what it is, for the error naming it
#: (the bridge's `analyze` takes these and no other).
ARGUMENTS: dict[str, tuple[tuple[type, ...], str]] = {
    "variant": ((str,), "a rule set's name, such as 'xinyu' or 'longyan'"),
    "options": ((dict,), "an object of option names and values"),
    "hand": ((str, list), "tile text like '123m456p' or a list of tile codes"),
    "melds": ((list,), "a list of melds like ['pong 7z']"),
    "flowers": ((str, list), "tile text like '1f2f' or a list of flower codes"),
    "gold": ((str,), "one tile like '5m'"),
    "dealer": ((bool,), "true or false"),
    "win": ((str,), f"one of {', '.join(WIN_KINDS)}"),
    "swim_level": ((int,), "1, 2 or 3"),
    "win_tile": ((str,), "one tile like '5m'"),
    "bot": ((bool,), "true or false"),
}
#: The part of the input an argument's error points at (the rest: "options").
PARTS = {"hand": "hand", "melds": "meld", "flowers": "flower", "gold": "gold", "win": "win",
         "swim_level": "win", "win_tile": "win"}


def check_arguments(args: dict[str, Any]) -> None:
    """InputError ``bad_argument`` naming the first argument of the wrong JSON type (a number for
    the hand, an object for the gold: a page or a parent frame may send anything); null is left out."""
    for name, value in args.items():
        if name not in ARGUMENTS or value is None:
            continue
        types, words = ARGUMENTS[name]
        ok = isinstance(value, types) and (bool in types or not isinstance(value, bool))
        if ok and isinstance(value, list):
            ok = all(isinstance(item, str) for item in value)
        if not ok:
            raise InputError("bad_argument", f"{name} must be {words}, not {shown(value)}",
                             part=PARTS.get(name, "options"), argument=name)


def _tiles(value: Any, part: str) -> list[str]:
    try:
        return as_tiles(value or "")
    except ValueError as err:
        raise InputError("unknown_tile", str(err), part=part) from None


def read_query(args: dict[str, Any]) -> Query:
    """Check a query (JSON from the page) against the tile set and the hand sizes; InputError if impossible."""
    check_arguments(args)
    variant = args.get("variant", "xinyu")
    try:
        rules = ruleset(variant)
        options = rules.resolve(args.get("options"))
    except ValueError as err:
        raise InputError("bad_option", str(err), part="options") from None
    hand = _tiles(args.get("hand"), "hand")
    melds: list[str] = []
    for text in args.get("melds") or []:
        try:
            melds.append(str(parse_meld(text)))
        except ValueError as err:
            raise InputError("bad_meld", str(err), part="meld") from None
    flowers = _tiles(args.get("flowers"), "flower")
    gold = args.get("gold") or None
    if gold is not None:
        gold = _tiles(gold, "gold")
        if len(gold) != 1:
            raise InputError("unknown_tile", "the gold is one tile, like '5m'", part="gold")
        gold = gold[0]
    win = args.get("win", "self_draw")
    if win not in WIN_KINDS:
        raise InputError("bad_win", f"unknown win {win!r} (wins: {', '.join(WIN_KINDS)})", part="win")
    level = args.get("swim_level", 1)
    if level not in (1, 2, 3):
        raise InputError("bad_win", f"a swim's level is 1, 2 or 3, not {level!r}", part="win")

    # the tile set: flowers and the gold exist where the rule set has them (as positions.py reads it)
    in_hand_flowers = [t for t in hand if is_flower(t)]
    if in_hand_flowers:
        raise InputError("flower_in_hand", f"flowers are set aside, never in the hand: {format_tiles(in_hand_flowers)}",
                         in_hand_flowers, "hand")
    if not rules.flowers:
        if flowers:
            raise InputError("no_flowers", f"{variant} has no flowers", flowers, "flower")
        if gold is not None:
            raise InputError("no_gold", f"{variant} has no gold", [gold], "gold")
        if win in ("rob_gold", "swim"):                     # RULES.md: robbing the gold and swims are a gold's
            raise InputError("gold_win", f"{variant} has no gold: no {win}", part="win")
    else:
        if gold is None:
            raise InputError("need_gold", "a Longyan hand needs its gold (add |gold 5m)", part="gold")
        if is_flower(gold):
            raise InputError("gold_flower", f"the gold is never a flower, not {gold}", [gold], "gold")
        bad = [m for m in melds if m.split()[1] == gold]
        if bad:
            raise InputError("gold_meld", f"golds cannot be ponged or konged: {bad[0]}", [gold], "meld")
    available = Counter(full_set(rules.flowers))
    if gold is not None:
        available[gold] -= 1                                 # the turned gold is out of play
    used = Counter(hand + flowers + [t for m in melds for t in parse_meld(m).tiles])
    over = sorted((t for t in used if used[t] > available[t]), key=lambda t: INDEX.get(t, 99))
    if over:
        t = over[0]
        raise InputError("too_many", f"{used[t]} copies of {t}; the set has {available[t]}", over,
                         "hand", count=used[t], limit=available[t])
    size = len(hand) + 3 * len(melds)
    if size not in (13, 14):
        fewer, more = 13 - 3 * len(melds), 14 - 3 * len(melds)     # the page's words join them
        raise InputError("wrong_count", f"with {len(melds)} meld(s) the hand holds {fewer} or {more} tiles, not {len(hand)}",
                         part="hand", count=len(hand), fewer=fewer, more=more)
    win_tile = args.get("win_tile") or (hand[-1] if hand else None)
    if size == 14 and win_tile not in hand:
        raise InputError("win_tile", f"the winning tile {win_tile} is not in the hand", [str(win_tile)], "win")
    return Query(variant, options, hand, melds, flowers, gold, bool(args.get("dealer")), win, level,
                 win_tile if size == 14 else None)
