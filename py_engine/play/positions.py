"""Positions — the FEN of a hand — and the physical deal that produces them (API.md, Positions)."""
from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from . import position_check
from ..tiles.melds import Meld
from ..rules import RuleSet, ruleset
from ..rules.results import Payment
from ..tiles import CODES, FLOWERS, NUM_KINDS, full_set, is_flower, parse_tiles
from .wall import Wall, roll_dice

@dataclass
class Setup:
    """A checked position: everything the state machine needs to start a hand."""

    rules: RuleSet
    options: dict[str, Any]
    seed: int
    dealer: int
    dice: tuple[int, int]
    hands: list[list[str]]
    melds: list[list[Meld]]
    flowers: list[list[str]]
    wall: Wall
    gold: str | None
    scores: list[int]
    drawn_count: int
    opening_payments: list[Payment] = field(default_factory=list)


def load(position: dict[str, Any]) -> Setup:
    """Check a position dict and build its Setup; anything inconsistent raises ValueError saying what."""
    given = position_check.read(_blanks_dealt(position))  # each field's type and range; below, against the rules
    rules = ruleset(given.variant)
    options = rules.resolve(given.options)
    seed, dealer, hands, melds, flowers = given.seed, given.dealer, given.hands, given.melds, given.flowers
    front, tail, gold = given.wall, given.tail, given.gold

    for seat in range(4):
        want = (14 if seat == dealer else 13) - 3 * len(melds[seat])
        if len(hands[seat]) != want:
            raise ValueError(
                f"hands[{seat}] holds {len(hands[seat])} tiles; seat {seat} "
                f"({'dealer' if seat == dealer else 'non-dealer'}, {len(melds[seat])} melds) must hold {want}"
            )
        if any(is_flower(t) for t in hands[seat]):
            raise ValueError(f"hands[{seat}] holds a flower: flowers are set aside (put them in 'flowers')")
        if not all(is_flower(t) for t in flowers[seat]):
            raise ValueError(f"flowers[{seat}] holds a tile that is not a flower")
    if not rules.flowers:
        if any(flowers) or any(is_flower(t) for t in front + tail):
            raise ValueError(f"{rules.name} has no flowers")
        if gold is not None:
            raise ValueError(f"{rules.name} has no gold")
        if given.opening_payments:
            raise ValueError(f"{rules.name} has no flowers, so no opening payments (flower kongs paid in the deal)")
    elif gold is not None:
        if is_flower(gold):
            raise ValueError("the gold cannot be a flower")
        _check_gold_unmelded(gold, melds, "the gold")

    placed = [t for h in hands for t in h] + [t for ms in melds for m in ms for t in m.tiles]
    placed += [t for f in flowers for t in f] + front + tail + ([gold] if gold else [])
    counts = Counter(placed)
    for tile, n in sorted(counts.items()):
        limit = 1 if is_flower(tile) else 4
        if n > limit:
            raise ValueError(f"the position holds {n} copies of {tile}; there are only {limit}")

    rest = list((Counter(full_set(rules.flowers)) - counts).elements())
    rng = random.Random(seed)
    rng.shuffle(rest)
    dice = roll_dice(random.Random(f"{seed}:dice")) if given.dice is None else given.dice

    remaining = len(front) + len(rest) + len(tail)
    total = len(full_set(rules.flowers))
    tail_taken = sum(len(f) for f in flowers) + (1 if gold else 0)
    wall = Wall.build(
        front + rest, tail,
        stacks_per_side=rules.stacks_per_side, dice=dice, dealer=dealer,
        front_taken=max(0, total - remaining - tail_taken), tail_taken=tail_taken,
        die_rng=random.Random(f"{seed}:kong") if rules.tail_die else None,
    )
    in_hands = sum(len(h) for h in hands) + sum(len(m.tiles) for ms in melds for m in ms)
    drawn_count = in_hands + sum(len(f) for f in flowers) if given.drawn_count is None else given.drawn_count

    setup = Setup(rules, options, seed, dealer, dice, hands, melds, flowers, wall, gold, given.scores, drawn_count)
    setup.opening_payments = given.opening_payments
    if rules.flowers and gold is None:
        # the gold is turned now: a flower it brings is reached now, and a flower kong it makes is paid
        setup.gold = _turn_gold(setup, setup.opening_payments)
        _check_gold_unmelded(setup.gold, melds, f"the gold turned from the tail ({setup.gold})")
    return setup


def dealt(position: dict[str, Any]) -> dict[str, Any]:
    """The position with every hand written "" dealt from the tiles it leaves (never a gold's face,
    a white dragon standing for it, nor a flower): a lesson's step writes only the reader's hand; Game.from_position deals them
    so)."""
    hands = position.get("hands")
    if not isinstance(hands, list) or "" not in hands:
        return position
    used = [0] * NUM_KINDS
    def count(text: Any) -> None:
        if isinstance(text, str):
            for code in parse_tiles(text):
                if code[1] != "f":
                    used[CODES.index(code)] += 1
    for hand in hands:
        count(hand)
    for seat_melds in position.get("melds") or []:
        for meld in seat_melds or []:
            kind, _, tile = str(meld).partition(" ")
            count(tile * (3 if kind == "pong" else 4))
    count(position.get("wall"))
    count(position.get("tail"))
    gold = position.get("gold")
    avoid = {gold, "5z"} if gold else set()
    pool = [code for i, code in enumerate(CODES[:NUM_KINDS]) if code not in avoid
            for _ in range(4 - used[i])]
    random.Random(position.get("seed", 0)).shuffle(pool)
    dealer = position.get("dealer", 0)
    melds = position.get("melds") or [[], [], [], []]
    filled = []
    for seat, hand in enumerate(hands):
        if hand == "":
            size = (14 if seat == dealer else 13) - 3 * len(melds[seat] if seat < len(melds) else [])
            hand, pool = "".join(pool[:size]), pool[size:]
        filled.append(hand)
    return {**position, "hands": filled}


def _blanks_dealt(position: Any) -> Any:
    """A lesson's position with its "" hands dealt; anything malformed is left for position_check to name."""
    try:
        return dealt(position) if isinstance(position, dict) else position
    except (TypeError, ValueError, AttributeError, IndexError, KeyError):
        return position


def _check_gold_unmelded(gold: str, melds: list[list[Meld]], what: str) -> None:
    """Golds are wild, never ponged or konged (docs/RULES.md §3, The gold): no given meld is of the gold."""
    for seat, seat_melds in enumerate(melds):
        for m in seat_melds:
            if m.tile == gold:
                raise ValueError(
                    f"{what} is the tile of seat {seat}'s meld {m}: golds cannot be ponged or konged "
                    "(give 'gold', or a 'tail' whose first tile is another)"
                )


def _turn_gold(setup: Setup, payments: list[Payment]) -> str:
    """开金: turn the next tail tile; a flower joins the dealer's flowers and the next is turned."""
    while True:
        tile = setup.wall.draw_tail()
        if not is_flower(tile):
            return tile
        _add_flower(setup, setup.dealer, tile, payments)


def _add_flower(setup: Setup, seat: int, tile: str, payments: list[Payment]) -> None:
    setup.flowers[seat].append(tile)
    if len(setup.flowers[seat]) >= 4:   # the 4th flower makes the first flower kong, each later one more
        payments += setup.rules.flower_kong_payments(seat, setup.dealer)


def deal_seed_number(shuffle: str) -> int:
    """The whole number a deal seed records as its hand's seed (52 bits of its hash)."""
    return int(hashlib.sha256(f"mahjong hand|{shuffle}".encode()).hexdigest()[:13], 16)


def deal(variant: str, seed: int, options: dict[str, Any] | None, dealer: int | None,
         scores: Iterable[int] | None = None, shuffle: str | None = None) -> Setup:
    """Shuffle, roll, deal, replace the opening flowers and turn the gold: the hand's Setup.

    `shuffle` (a table of friends' deal seed, 128 bits or more as hex: web/friends/seed.js) shuffles
    and rolls in place of `seed`, with all its bits (a text seeds Python's Random through SHA-512);
    the hand's recorded seed (its kong die) is then a hash of it."""
    rules = ruleset(variant)
    resolved = rules.resolve(options)
    if shuffle is not None:
        seed = deal_seed_number(shuffle)
    seed = position_check.whole(seed, "seed", -position_check.MAX_WHOLE, position_check.MAX_WHOLE)
    start_scores = position_check.per_seat(None if scores is None else list(scores), "scores",
                                           position_check.score, 0)
    rng = random.Random(seed if shuffle is None else f"mahjong deal|{shuffle}")
    tiles = full_set(rules.flowers)
    rng.shuffle(tiles)
    if dealer is None:
        dealer = rng.randrange(4) if rules.random_dealer else 0
    dealer = position_check.seat(dealer, "dealer")
    dice = roll_dice(random.Random(f"{seed}:dice" if shuffle is None else f"mahjong dice|{shuffle}"))
    wall = Wall.build(tiles, [], stacks_per_side=rules.stacks_per_side, dice=dice, dealer=dealer,
                      front_taken=0, tail_taken=0,
                      die_rng=random.Random(f"{seed}:kong") if rules.tail_die else None)
    order = [(dealer + i) % 4 for i in range(4)]
    hands: list[list[str]] = [[] for _ in range(4)]
    for _ in range(3):                       # three rounds of four tiles, then one each, then the dealer's 14th
        for seat in order:
            hands[seat] += wall.draw_front_many(4)
    for seat in order:
        hands[seat].append(wall.draw_front())
    hands[dealer].append(wall.draw_front())

    setup = Setup(rules, resolved, seed, dealer, dice, hands, [[] for _ in range(4)], [[] for _ in range(4)],
                  wall, None, start_scores, 4 * 13 + 1)
    if rules.flowers:
        # 补花: rounds in turn order from the dealer until no hand holds a flower
        while any(not FLOWERS.isdisjoint(h) for h in hands):
            for seat in order:
                found = [t for t in hands[seat] if t in FLOWERS]
                for tile in found:
                    hands[seat].remove(tile)
                    _add_flower(setup, seat, tile, setup.opening_payments)
                hands[seat] += [wall.draw_tail() for _ in found]
        setup.gold = _turn_gold(setup, setup.opening_payments)
        setup.drawn_count += wall.tail_taken
    return setup


