"""Mutated positions: valid `to_position()` outputs of bot-played hands, then broken at random.

Shared by tests/engine/test_position_fuzz.py (driven by hypothesis) and bench/positions.py (a fixed
count, to measure how many mutants raise something other than ValueError). A mutation deletes,
replaces, retypes or nests one value anywhere in the position's tree, or pushes a number out of
its range; `mutate` applies one to three of them to a deep copy.
"""
from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Iterator
from typing import Any

from py_engine import Game, bots

# Junk a JSON document (or a Python caller) can put anywhere.
JUNK: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 3, 4, 7, 2**64, -(2**64), 0.5, 1.0, float("inf"), "", "x", "1m", "9z",
    "pong 1m", "1f", "discard 1m", [], [None], [0], ["1m"], [[]], {}, {"from": 0}, "a" * 5000,
)
# Numbers pushed out of range: seats, dice, amounts, counts.
NUMBERS: tuple[Any, ...] = (-1, 4, 5, 6, 7, 0, 13, 100, 10**6, 2**53, -(2**53), 10**400, 1.0, 2.5, True, False)


def bot_positions(variant: str, seeds: Iterable[int], moves: tuple[int, ...] = (0, 9, 40),
                  level: str = "easy", options: dict[str, Any] | None = None) -> Iterator[dict[str, Any]]:
    """`to_position()` of bot-played hands, each at a few moments (with `history` after move 0)."""
    for seed in seeds:
        game = Game.new(variant, seed=seed, options=options)
        played = 0
        for stop in moves:
            while played < stop and not game.is_over:
                seat = game.waiting_for[0]
                game.apply(seat, bots.choose(game, seat, level))
                played += 1
            position = game.to_position()
            if game.history:
                position["history"] = [[s, a] for s, a in game.history]
            yield position


def _paths(value: Any, max_depth: int = 12) -> list[tuple[Any, ...]]:
    """Every place in a position's tree (dict keys and list indexes, the root excluded), down to max_depth."""
    out: list[tuple[Any, ...]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), value)]
    while stack:
        path, item = stack.pop()
        if len(path) >= max_depth:
            continue
        children = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        for key, child in children:
            out.append(path + (key,))
            stack.append((path + (key,), child))
    return out


def _get(tree: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        tree = tree[step]
    return tree


def _retyped(value: Any, rng: random.Random) -> Any:
    """The same content in another type: a number as text or a float, text as a list, a list as text."""
    if isinstance(value, bool):
        options = [lambda: int(value), lambda: str(value).lower(), lambda: [value]]
    elif isinstance(value, int):
        options = [lambda: str(value), lambda: float(value), lambda: bool(value % 2), lambda: [value],
                   lambda: {"value": value}]
    elif isinstance(value, str):
        options = [lambda: list(value), lambda: [value], lambda: value.encode().hex(), lambda: len(value),
                   lambda: {value: value}]
    elif isinstance(value, list):
        options = [lambda: "".join(map(str, value)), lambda: tuple(value), lambda: len(value), lambda: str(value),
                   lambda: {str(i): v for i, v in enumerate(value)}]
    elif isinstance(value, dict):
        options = [lambda: list(value.items()), lambda: list(value), lambda: str(value), lambda: [value]]
    else:
        return rng.choice(JUNK)
    try:
        return rng.choice(options)()
    except RecursionError:          # the text of a value nested 3,000 deep
        return "[[[["


def _nested(value: Any, rng: random.Random) -> Any:
    depth = rng.choice([1, 2, 5, 50, 3000])
    for _ in range(depth):
        value = [value] if rng.random() < 0.8 else {"x": value}
    return value


def _replacement(value: Any, rng: random.Random) -> Any:
    kind = rng.randrange(5)
    if kind == 0:
        return rng.choice(JUNK)
    if kind == 1:
        return _retyped(value, rng)
    if kind == 2:
        return _nested(value, rng)
    if kind == 3 and (isinstance(value, (int, float)) or value is None):
        return rng.choice(NUMBERS)
    if isinstance(value, list) and value:                  # a list one item shorter, longer or swapped
        items = list(value)
        choice = rng.randrange(3)
        if choice == 0:
            items.pop(rng.randrange(len(items)))
        elif choice == 1:
            items.append(rng.choice(items))       # shared, not copied: it may be nested 3,000 deep
        else:
            items[rng.randrange(len(items))] = rng.choice(JUNK)
        return items
    if isinstance(value, str) and value:                   # text with one character changed or dropped
        i = rng.randrange(len(value))
        return value[:i] + rng.choice(["", "0", "9", "z", "f", " ", "\x00", "中", "١"]) + value[i + 1:]
    return rng.choice(NUMBERS)


def mutate_once(position: dict[str, Any], rng: random.Random) -> None:
    """One mutation in place: delete, replace or add a key, or replace any nested value."""
    paths = _paths(position)
    action = rng.random()
    if action < 0.08:
        position[rng.choice(["seed", "dice", "gold", "tail", "wall", "history", "opening_payments",
                             "flowers", "melds", "options", "drawn_count", "scores", "dealer"])] = rng.choice(JUNK)
        return
    path = rng.choice(paths)
    parent = _get(position, path[:-1])
    if action < 0.25 and isinstance(parent, dict):
        del parent[path[-1]]
    elif action < 0.3 and isinstance(parent, list):
        del parent[path[-1]]
    else:
        parent[path[-1]] = _replacement(parent[path[-1]], rng)


def mutate(position: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A mutated deep copy of a position: one to three mutations."""
    mutant = copy.deepcopy(position)
    for _ in range(rng.choice([1, 1, 2, 3])):
        mutate_once(mutant, rng)
    return mutant


def play_out(game: Game, rng: random.Random, limit: int = 400) -> list[tuple[int, str]]:
    """Random legal actions to the end of the hand (or `limit` moves): the actions played."""
    played = []
    while not game.is_over and len(played) < limit:
        seat = game.waiting_for[0]
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        played.append((seat, action))
    return played


def round_trips(game: Game, seed: int) -> bool:
    """Does `from_position(to_position())` (plus the history) play identically to `game`?"""
    twin = Game.replay(game.to_position(), list(game.history))
    if twin.observation(None) != game.observation(None):
        return False
    a, b = game.clone(), twin
    play_out(a, random.Random(seed))
    play_out(b, random.Random(seed))
    return a.observation(None) == b.observation(None) and a.result == b.result
