"""The state of one hand, as data: a dataclass that declares, builds and copies its own fields.

Legality (legality.py) and settlement (settle.py) are functions over this state and its rule set;
the referee (game.py) holds one and sequences the hand; the observation (observe.py) reads it.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ..tiles.melds import Meld
from .positions import Setup
from ..rules.results import Payment, Result
from ..rules.base import RuleSet
from ..tiles import INDEX, counts34
from .wall import Wall
from .winning import HandShape


@dataclass
class Discard:
    tile: str
    claimed: bool = False
    covered: bool = False
    thrown_drawn: bool = False  # 摸切: the tile just drawn, discarded at once (players read it)


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


@dataclass
class HandState:
    """Everything one hand holds; built from a checked position by `from_setup`."""

    rules: RuleSet
    options: dict[str, Any]
    seed: int
    dealer: int
    dice: tuple[int, int]
    hands: list[list[str]]
    counts: list[list[int]]            # each hand's 34-slot counts, kept in step by add_tile/remove_tile
    hand_shapes: list[HandShape]       # each hand as the winning check reads it, kept in step too
    melds: list[list[Meld]]
    flowers: list[list[str]]
    wall: Wall
    gold: str | None
    gold_out: bool                     # the turned gold lies face up (until robbed: 抢金)
    scores_start: list[int]
    payments: list[Payment]
    drawn_count: int
    # the wall tiles left when the hand is drawn: Longyan's reserve, or where Xinyu's 120-tile
    # limit falls (every draw takes one tile from the wall and counts one more drawn)
    wall_floor: int
    covered_pending: bool              # the dealer's first discard is still to be covered (抢金)
    bonus: Bonus                       # 分饼
    turn: int
    discards: list[list[Discard]] = field(default_factory=lambda: [[] for _ in range(4)])
    swims: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    furiten: list[bool] = field(default_factory=lambda: [False] * 4)
    kongs: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    drawn: str | None = None           # the tile the player on turn just drew
    phase: str = "discard"
    may_self_draw: bool = True         # after a draw (not after a pong); the dealer's 14th counts
    replacement: bool = False          # the last draw was a kong replacement (杠上开花)
    window: Window | None = None
    last_discard: tuple[int, int] | None = None   # (seat, index in discards)
    history: list[tuple[int, str]] = field(default_factory=list)
    result_obj: Result | None = None
    hand_number: int | None = None
    events: list[dict[str, Any]] = field(default_factory=list)   # the events of the last action
    legal_cache: dict[int, list[str]] = field(default_factory=dict)   # seat -> legal actions now

    @classmethod
    def from_setup(cls, setup: Setup) -> HandState:
        rules, options = setup.rules, setup.options
        counts = [counts34(h) for h in setup.hands]
        return cls(
            rules=rules, options=options, seed=setup.seed, dealer=setup.dealer, dice=setup.dice,
            hands=setup.hands, counts=counts,
            hand_shapes=[HandShape(c, rules.name, setup.gold, options) for c in counts],
            melds=setup.melds, flowers=setup.flowers, wall=setup.wall, gold=setup.gold,
            gold_out=setup.gold is not None, scores_start=list(setup.scores),
            payments=list(setup.opening_payments), drawn_count=setup.drawn_count,
            wall_floor=rules.wall_floor(len(setup.wall.tiles), setup.drawn_count, options),
            covered_pending=rules.covered_first_discard, bonus=Bonus(alive=rules.first_discard_bonus),
            turn=setup.dealer,
        )

    def clone(self) -> HandState:
        """A copy that plays on independently: every mutable field above, copied."""
        twin = copy.copy(self)
        twin.hands = [list(h) for h in self.hands]
        twin.counts = [list(c) for c in self.counts]
        twin.hand_shapes = [h.copy() for h in self.hand_shapes]
        twin.melds = [list(m) for m in self.melds]
        twin.flowers = [list(f) for f in self.flowers]
        twin.wall = self.wall.clone()
        twin.payments = list(self.payments)
        twin.discards = [[Discard(d.tile, d.claimed, d.covered, d.thrown_drawn) for d in ds] for ds in self.discards]
        twin.swims = list(self.swims)
        twin.furiten = list(self.furiten)
        twin.kongs = list(self.kongs)
        twin.window = copy.deepcopy(self.window)
        twin.bonus = Bonus(self.bonus.round, list(self.bonus.tiles), self.bonus.alive)
        twin.history = list(self.history)
        twin.events = list(self.events)
        twin.legal_cache = {}
        return twin

    @property
    def variant(self) -> str:
        return self.rules.name

    @property
    def is_over(self) -> bool:
        return self.result_obj is not None

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
        left = len(self.wall.tiles) - self.wall_floor
        return left if left > 0 else 0

    def others_swim(self, seat: int) -> int:
        """The highest swim level of the other seats (0: none swims)."""
        swims = self.swims
        if not (swims[0] or swims[1] or swims[2] or swims[3]):
            return 0
        return max(level for s, level in enumerate(swims) if s != seat)

    def add_tile(self, seat: int, tile: str) -> None:
        """A tile joins the seat's concealed hand (drawn, claimed, won); its counts follow."""
        self.hands[seat].append(tile)
        kind = INDEX[tile]
        self.counts[seat][kind] += 1
        self.hand_shapes[seat].add(kind)

    def remove_tile(self, seat: int, tile: str, copies: int = 1) -> None:
        """Copies of a tile leave the seat's concealed hand (discarded, melded); its counts follow."""
        hand, shape, kind = self.hands[seat], self.hand_shapes[seat], INDEX[tile]
        for _ in range(copies):
            hand.remove(tile)
            shape.remove(kind)
        self.counts[seat][kind] -= copies

    def pay(self, payments: list[Payment]) -> None:
        self.payments += payments
        self.events += [payment_event(p) for p in payments]


#: Seats in turn order starting from each seat.
ORDERS = tuple(tuple((seat + i) % 4 for i in range(4)) for seat in range(4))


def order_from(seat: int) -> list[int]:
    """Seats in turn order starting from `seat`."""
    return list(ORDERS[seat])


def payment_event(p: Payment) -> dict[str, Any]:
    return {"type": "payment", **p.to_dict()}
