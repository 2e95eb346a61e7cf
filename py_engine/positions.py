"""Positions — the FEN of a hand — and the physical deal that produces them (API.md, Positions)."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .melds import Meld, parse_meld
from .rules import RuleSet, ruleset
from .results import Payment
from .rules.longyan import flower_kong_payments
from .tiles import FLOWERS, as_tiles, full_set, is_flower
from .wall import Wall, roll_dice

POSITION_KEYS = (
    "variant", "options", "dealer", "hands", "melds", "flowers", "wall", "tail", "gold", "scores",
    "drawn_count", "seed", "dice", "opening_payments", "history",
)


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


def _tile_list(value: Any, what: str) -> list[str]:
    if isinstance(value, str):
        return as_tiles(value)
    if isinstance(value, list):
        return as_tiles(value)
    raise ValueError(f"{what} must be a tile string like '123m55p' or a list of codes")


def _seat(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise ValueError(f"{what} must be a seat 0-3, not {value!r}")
    return value


def _four(value: Any, what: str, default: Any) -> list[Any]:
    if value is None:
        return [default() for _ in range(4)]
    if not isinstance(value, list) or len(value) != 4:
        raise ValueError(f"{what} must be a list of four, one per seat")
    return value


def load(position: dict[str, Any]) -> Setup:
    """Check a position dict and build its Setup; anything inconsistent raises ValueError saying what."""
    if not isinstance(position, dict):
        raise ValueError("a position must be a dict (JSON object)")
    unknown = set(position) - set(POSITION_KEYS)
    if unknown:
        raise ValueError(f"unknown position keys: {', '.join(sorted(unknown))} (keys: {', '.join(POSITION_KEYS)})")
    if "variant" not in position or "hands" not in position:
        raise ValueError("a position needs 'variant' and 'hands'")
    rules = ruleset(position["variant"])
    options = rules.resolve(position.get("options"))
    seed = position.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    dealer = _seat(position.get("dealer", 0), "dealer")

    hands = [_tile_list(h, f"hands[{i}]") for i, h in enumerate(_four(position["hands"], "hands", str))]
    melds = [
        [parse_meld(m) for m in seat_melds] if isinstance(seat_melds, list) else _bad(f"melds[{i}] must be a list")
        for i, seat_melds in enumerate(_four(position.get("melds"), "melds", list))
    ]
    flowers = [_tile_list(f, f"flowers[{i}]") for i, f in enumerate(_four(position.get("flowers"), "flowers", str))]
    front = _tile_list(position.get("wall", ""), "wall")
    tail = _tile_list(position.get("tail", ""), "tail")
    gold = position.get("gold")
    scores = _four(position.get("scores"), "scores", int)
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
        raise ValueError("scores must be four integers")

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
    elif gold is not None:
        gold = as_tiles([gold])[0] if isinstance(gold, str) else _bad("gold must be a tile code like '5m'")
        if is_flower(gold):
            raise ValueError("the gold cannot be a flower")
        for seat_melds in melds:
            for m in seat_melds:
                if m.tile == gold:
                    raise ValueError(f"meld {m} is made of golds: golds cannot be ponged or konged")

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
    dice_value = position.get("dice")
    if dice_value is None:
        dice = roll_dice(random.Random(f"{seed}:dice"))
    elif (isinstance(dice_value, list) and len(dice_value) == 2
          and all(isinstance(d, int) and 1 <= d <= 6 for d in dice_value)):
        dice = (dice_value[0], dice_value[1])
    else:
        raise ValueError(f"dice must be two numbers 1-6, not {dice_value!r}")

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
    drawn_count = position.get("drawn_count", in_hands + sum(len(f) for f in flowers))
    if not isinstance(drawn_count, int) or drawn_count < 0:
        raise ValueError(f"drawn_count must be a whole number, not {drawn_count!r}")

    setup = Setup(rules, options, seed, dealer, dice, hands, melds, flowers, wall, gold, list(scores), drawn_count)
    setup.opening_payments = [_payment(p) for p in position.get("opening_payments", [])]
    if rules.flowers and gold is None:
        # the gold is turned now: a flower it brings is reached now, and a flower kong it makes is paid
        setup.gold = _turn_gold(setup, setup.opening_payments)
    return setup


def _bad(message: str) -> Any:
    raise ValueError(message)


def _payment(value: Any) -> Payment:
    try:
        return Payment(int(value["from"]), int(value["to"]), int(value["amount"]), str(value["reason"]))
    except (TypeError, KeyError, ValueError):
        raise ValueError(f"bad opening payment {value!r} (want {{'from', 'to', 'amount', 'reason'}})") from None


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
        payments += flower_kong_payments(seat, setup.dealer)


def deal(variant: str, seed: int, options: dict[str, Any] | None, dealer: int | None,
         scores: Iterable[int] | None = None) -> Setup:
    """Shuffle, roll, deal, replace the opening flowers and turn the gold: the hand's Setup."""
    rules = ruleset(variant)
    resolved = rules.resolve(options)
    rng = random.Random(seed)
    tiles = full_set(rules.flowers)
    rng.shuffle(tiles)
    if dealer is None:
        dealer = rng.randrange(4) if rules.random_dealer else 0
    dealer = _seat(dealer, "dealer")
    dice = roll_dice(random.Random(f"{seed}:dice"))
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
                  wall, None, list(scores or [0, 0, 0, 0]), 4 * 13 + 1)
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


