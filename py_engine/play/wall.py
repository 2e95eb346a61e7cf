"""The wall: a ring of stacks two tiles high, dice and break, front and tail draws (docs/RULES.md §1, The wall).

The tiles still in the wall are kept in front-draw order: ordinary draws take the first,
replacement draws (kongs, flowers, the turned gold) take from the other end. Each tile keeps
its ring slot so that the page can draw exactly which stacks are left.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field


@dataclass
class Wall:
    tiles: list[str]                 # remaining tiles, front-draw order
    slots: list[int]                 # ring slot of each remaining tile (parallel to tiles)
    stacks_per_side: int
    dice: tuple[int, int]
    dealer: int
    explicit_tail: int = 0           # replacement tiles listed in order by a position, still to draw
    front_taken: int = 0
    tail_taken: int = 0
    die_rng: random.Random | None = None   # Xinyu: one die picks the replacement stack
    last_die: int | None = field(default=None)

    @classmethod
    def build(
        cls,
        front: list[str],
        tail: list[str],
        *,
        stacks_per_side: int,
        dice: tuple[int, int],
        dealer: int,
        front_taken: int,
        tail_taken: int,
        die_rng: random.Random | None = None,
    ) -> Wall:
        """A wall whose next front draws are `front` and whose next replacement draws are `tail`."""
        tiles = list(front) + list(reversed(tail))
        total_slots = stacks_per_side * 8
        start = (break_slot(stacks_per_side, dice, dealer) + front_taken) % total_slots
        slots = [(start + i) % total_slots for i in range(len(tiles))]
        return cls(
            tiles, slots, stacks_per_side, dice, dealer,
            explicit_tail=len(tail), front_taken=front_taken, tail_taken=tail_taken, die_rng=die_rng,
        )

    def __len__(self) -> int:
        return len(self.tiles)

    def draw_front(self) -> str:
        self.front_taken += 1
        self.slots.pop(0)
        return self.tiles.pop(0)

    def draw_front_many(self, n: int) -> list[str]:
        """The next n front draws at once (the deal)."""
        self.front_taken += n
        del self.slots[:n]
        drawn = self.tiles[:n]
        del self.tiles[:n]
        return drawn

    def draw_tail(self, use_die: bool = False) -> str:
        """A replacement tile. Xinyu (use_die): one die d picks the d-th stack from the tail."""
        self.tail_taken += 1
        index = len(self.tiles) - 1
        self.last_die = None
        if self.explicit_tail:
            self.explicit_tail -= 1
        elif use_die and self.die_rng is not None:
            self.last_die = self.die_rng.randint(1, 6)
            index = max(0, len(self.tiles) - 1 - 2 * (self.last_die - 1))
        self.slots.pop(index)
        return self.tiles.pop(index)

    def front_order(self) -> list[str]:
        return list(self.tiles)

    def stacks(self) -> list[list[int]]:
        """Tiles left in each stack, per seat's side, from the side's right end to its left end."""
        counts = [0] * (self.stacks_per_side * 4)
        for slot in self.slots:
            counts[slot // 2] += 1
        s = self.stacks_per_side
        # ring blocks run from the dealer's side toward the dealer's previous player (draws go clockwise)
        return [counts[block * s:(block + 1) * s] for block in _side_blocks()]

    def clone(self) -> Wall:
        return Wall(
            list(self.tiles), list(self.slots), self.stacks_per_side, self.dice, self.dealer,
            self.explicit_tail, self.front_taken, self.tail_taken,
            _clone_rng(self.die_rng), self.last_die,
        )


def _side_blocks() -> list[int]:
    """Ring block index of each seat's side: block b belongs to seat (-b) % 4."""
    return [(-seat) % 4 for seat in range(4)]


def break_slot(stacks_per_side: int, dice: tuple[int, int], dealer: int) -> int:
    """Slot where front draws begin: the dealer's side, stack number sum−1 from its right end (docs/RULES.md §1)."""
    block = (-dealer) % 4
    return (block * stacks_per_side + sum(dice) - 1) * 2


def roll_dice(rng: random.Random) -> tuple[int, int]:
    return (rng.randint(1, 6), rng.randint(1, 6))


def _clone_rng(rng: random.Random | None) -> random.Random | None:
    if rng is None:
        return None
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy
