"""The state of one hand, as data, with the small helpers every part of the game uses."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Self

from .positions import Setup
from .results import Payment, Result
from .tiles import INDEX, counts34
from .winning import HandShape


@dataclass
class Discard:
    tile: str
    claimed: bool = False
    covered: bool = False


@dataclass
class Window:
    """A moment where seats other than the player on turn may act: claims, robbing, three golds."""

    kind: str                          # "claim" | "rob_kong" | "rob_gold" | "three_golds"
    tile: str | None                   # the tile claimed / robbed
    source: int                        # the discarder, the kong's owner, or the dealer
    options: dict[int, list[str]]      # seat -> its legal actions (pass included)
    order: list[int]                   # priority order among equal claims
    answers: dict[int, str] = field(default_factory=dict)


@dataclass
class Bonus:
    """分饼 tracking: rounds of four identical discards from the dealer's first (docs/RULES.md §3)."""

    round: int = 1
    tiles: list[str] = field(default_factory=list)
    alive: bool = True


class HandState:
    """Everything one hand holds. Legality (who may do what), Settlement (wins) and Game (the flow) build on it."""

    def __init__(self, setup: Setup) -> None:
        self.rules = setup.rules
        self.variant = setup.rules.name
        self.options = setup.options
        self.seed = setup.seed
        self.dealer = setup.dealer
        self.dice = setup.dice
        self.hands = setup.hands
        self.counts = [counts34(h) for h in self.hands]   # each hand's 34-slot counts, kept in step by _add/_remove
        self.melds = setup.melds
        self.flowers = setup.flowers
        self.wall = setup.wall
        self.gold = setup.gold
        # each hand as the winning check reads it, kept in step by _add/_remove too
        self.hand_shapes = [HandShape(c, self.variant, self.gold, self.options) for c in self.counts]
        self.gold_out = setup.gold is not None
        self.scores_start = list(setup.scores)
        self.payments: list[Payment] = list(setup.opening_payments)
        self.drawn_count = setup.drawn_count
        # the wall tiles left when the hand is drawn: Longyan's reserve, or where Xinyu's 120-tile
        # limit falls (every draw takes one tile from the wall and counts one more drawn)
        self._wall_floor = self.rules.wall_floor(len(self.wall.tiles), self.drawn_count, self.options)
        self.discards: list[list[Discard]] = [[] for _ in range(4)]
        self.swims = [0, 0, 0, 0]
        self.furiten = [False] * 4
        self.kongs = [0, 0, 0, 0]
        self.drawn: str | None = None           # the tile the player on turn just drew
        self.turn = setup.dealer
        self.phase = "discard"
        self.may_self_draw = True               # after a draw (not after a pong); the dealer's 14th counts
        self.replacement = False                # the last draw was a kong replacement (杠上开花)
        self.window: Window | None = None
        self.covered_pending = self.rules.covered_first_discard   # the dealer's first discard is covered
        self.bonus = Bonus(alive=self.rules.first_discard_bonus)
        self.last_discard: tuple[int, int] | None = None   # (seat, index in discards)
        self.history: list[tuple[int, str]] = []
        self.result_obj: Result | None = None
        self.hand_number: int | None = None
        self.events: list[dict[str, Any]] = []
        self._legal_cache: dict[int, list[str]] = {}

    def clone(self) -> Self:
        """A copy that plays on independently: every field this class declares, copied here."""
        twin = copy.copy(self)
        twin.hands = [list(h) for h in self.hands]
        twin.counts = [list(c) for c in self.counts]
        twin.hand_shapes = [h.copy() for h in self.hand_shapes]
        twin.melds = [list(m) for m in self.melds]
        twin.flowers = [list(f) for f in self.flowers]
        twin.wall = self.wall.clone()
        twin.payments = list(self.payments)
        twin.discards = [[Discard(d.tile, d.claimed, d.covered) for d in ds] for ds in self.discards]
        twin.swims = list(self.swims)
        twin.furiten = list(self.furiten)
        twin.kongs = list(self.kongs)
        twin.window = copy.deepcopy(self.window)
        twin.bonus = Bonus(self.bonus.round, list(self.bonus.tiles), self.bonus.alive)
        twin.history = list(self.history)
        twin.events = list(self.events)
        twin._legal_cache = {}
        return twin

    @property
    def scores(self) -> list[int]:
        """Running totals, this hand's payments so far included."""
        deltas = self.hand_deltas
        return [s + d for s, d in zip(self.scores_start, deltas)]

    @property
    def hand_deltas(self) -> list[int]:
        deltas = [0, 0, 0, 0]
        for p in self.payments:
            deltas[p.payer] -= p.amount
            deltas[p.payee] += p.amount
        return deltas

    @property
    def tiles_left(self) -> int:
        """Draws left before the hand is drawn (Xinyu: the 120-tile limit; Longyan: the reserve)."""
        left = len(self.wall.tiles) - self._wall_floor
        return left if left > 0 else 0

    def others_swim(self, seat: int) -> int:
        """The highest swim level of the other seats (0: none swims)."""
        swims = self.swims
        if not (swims[0] or swims[1] or swims[2] or swims[3]):
            return 0
        return max(level for s, level in enumerate(swims) if s != seat)

    def _add(self, seat: int, tile: str) -> None:
        """A tile joins the seat's concealed hand (drawn, claimed, won); its counts follow."""
        self.hands[seat].append(tile)
        kind = INDEX[tile]
        self.counts[seat][kind] += 1
        self.hand_shapes[seat].add(kind)

    def _remove(self, seat: int, tile: str, copies: int = 1) -> None:
        """Copies of a tile leave the seat's concealed hand (discarded, melded); its counts follow."""
        hand, shape, kind = self.hands[seat], self.hand_shapes[seat], INDEX[tile]
        for _ in range(copies):
            hand.remove(tile)
            shape.remove(kind)
        self.counts[seat][kind] -= copies

    def _pay(self, payments: list[Payment]) -> None:
        self.payments += payments
        self.events += [payment_event(p) for p in payments]


#: Seats in turn order starting from each seat.
ORDERS = tuple(tuple((seat + i) % 4 for i in range(4)) for seat in range(4))


def order_from(seat: int) -> list[int]:
    """Seats in turn order starting from `seat`."""
    return list(ORDERS[seat])


def payment_event(p: Payment) -> dict[str, Any]:
    return {"type": "payment", **p.to_dict()}
