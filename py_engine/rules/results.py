"""What a hand's end produces: payments, wins and the result (API.md, Result).

Imports nothing else of the engine: the referee, scoring, the bots and the bridge all read these.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: int
    reason: str     # "kong" | "concealed_kong" | "flower_kong" | "first_discard_bonus" | "win"
    tile: str | None = None     # a kong's payments name its tile (the page tells two kongs apart)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"from": self.payer, "to": self.payee, "amount": self.amount, "reason": self.reason}
        if self.tile is not None:
            d["tile"] = self.tile
        return d


@dataclass(frozen=True)
class Win:
    seat: int
    category: str                  # Xinyu: "self_draw" / "discard_win"; Longyan: a category id
    patterns: tuple[str, ...]      # Xinyu pattern ids (empty in Longyan)
    multiplier: int                # Xinyu M; Longyan base b (0 for swim_triple's fixed table)
    hand: str                      # concealed tiles with the winning tile, as a tile string
    melds: tuple[str, ...]
    tile: str | None               # the winning tile (None for three golds at the start)
    #: Xinyu: each pattern with its own multiplier (their product is M); None in Longyan
    pattern_multipliers: tuple[tuple[str, int], ...] | None = None
    #: Longyan: the category's base b (None for swim_triple's fixed table, and in Xinyu)
    base: int | None = None
    #: reads the hand when first asked (see `reading`): a win settled in a bot's or a bench's game
    #: is never shown, so it is never read
    read: Callable[[], dict[str, Any] | None] | None = field(default=None, compare=False, repr=False)

    @functools.cached_property
    def reading(self) -> dict[str, Any] | None:
        """The hand's reading: shape, groups (sets and pair) and what each gold / white dragon stood for."""
        return None if self.read is None else self.read()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat, "category": self.category, "patterns": list(self.patterns),
            "multiplier": self.multiplier, "hand": self.hand, "melds": list(self.melds), "tile": self.tile,
        }
        if self.pattern_multipliers is not None:
            out["pattern_multipliers"] = [[p, m] for p, m in self.pattern_multipliers]
        else:
            out["base"] = self.base
        out["reading"] = self.reading
        return out


@dataclass
class Result:
    winners: list[int]
    discarder: int | None
    wins: list[Win]
    payments: list[Payment]
    deltas: list[int]
    scores: list[int]
    next_dealer: int
    hands: list[str] = field(default_factory=list)   # every concealed hand at the end, for the settlement screen
    #: the claims the win set aside (game.py `_overruled`): {seat, claim, tile, by, rule, answered}
    overruled: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners), "discarder": self.discarder,
            "wins": [w.to_dict() for w in self.wins],
            "payments": [p.to_dict() for p in self.payments],
            "deltas": list(self.deltas), "scores": list(self.scores),
            "next_dealer": self.next_dealer, "hands": list(self.hands),
            "overruled": [dict(o) for o in self.overruled],
        }
