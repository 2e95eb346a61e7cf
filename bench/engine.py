"""Engine benchmarks: ``python bench/engine.py [N]``.

Sections (each a function called from ``main``):
  * ``bench_shapes(n)``: win checks and shanten of ``py_engine.tiles.shapes`` on N seeded random hands,
    against the PyPI ``mahjong`` package on the same hands when it is installed.
  * ``bench_games(n)``: whole hands played by random legal actions, per variant, on one core.
"""
from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

_start = time.perf_counter()
from py_engine.tiles import shapes  # noqa: E402

IMPORT_MS = (time.perf_counter() - _start) * 1000

Counts = list[int]


def _rate(fn: Callable[[Counts], object], hands: list[Counts], repeat: int = 1) -> float:
    """Calls per second of ``fn`` over ``hands``, the best of ``repeat`` passes."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for counts in hands:
            fn(counts)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def _random_hands(n: int, seed: int, sizes: tuple[int, ...]) -> list[Counts]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for k in rng.sample(wall, rng.choice(sizes)):
            counts[k] += 1
        hands.append(counts)
    return hands


def _winning_hands(n: int, seed: int) -> list[Counts]:
    """Random 14-tile winning hands (standard shape), to weigh the win check with real wins."""
    rng = random.Random(seed)
    hands: list[Counts] = []
    while len(hands) < n:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.4:
                counts[rng.randrange(34)] += 3
            else:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for k in range(start, start + 3):
                    counts[k] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            hands.append(counts)
    return hands


def _line(label: str, ours: float, theirs: float | None) -> None:
    if theirs is None:
        print(f"  {label:<34} py_engine {ours:>11,.0f}/s")
    else:
        print(f"  {label:<34} py_engine {ours:>11,.0f}/s   mahjong {theirs:>9,.0f}/s   ratio {ours / theirs:6.1f}x")


def bench_shapes(n: int) -> None:
    """Win checks/s and shanten/s, cold (empty memo) then warm, against the ``mahjong`` package."""
    try:
        from mahjong.agari import Agari
        from mahjong.shanten import Shanten
    except ImportError:
        Agari = Shanten = None  # type: ignore[assignment,misc]
    print(f"shapes: {n} seeded random hands (cold = first pass over an empty memo; warm = best of 3)")
    if Shanten is None:
        print("  (the `mahjong` package is not installed: py_engine figures only; pip install mahjong)")

    shanten_hands = _random_hands(n, 1, (13, 14))
    win_hands = _random_hands(n // 2, 2, (14,)) + _winning_hands(n - n // 2, 3)
    random.Random(4).shuffle(win_hands)

    def our_win(c: Counts) -> bool:
        return shapes.is_win(c)

    def our_shanten(c: Counts) -> int:
        return shapes.shanten(c)

    cold_shanten = _rate(our_shanten, shanten_hands)          # first sight: memo tables fill in
    warm_shanten = _rate(our_shanten, shanten_hands, 3)
    cold_win = _rate(our_win, win_hands)
    warm_win = _rate(our_win, win_hands, 3)
    their_shanten = their_win = None
    if Shanten is not None:
        calc, agari = Shanten(), Agari()
        their_shanten = _rate(lambda c: calc.calculate_shanten(c, use_kokushi=False), shanten_hands, 3)
        their_win = _rate(lambda c: agari.is_agari(c), win_hands, 3)
        mismatches = sum(shapes.shanten_standard(c) != calc.calculate_shanten(c, False, False)
                         for c in shanten_hands if max(c) < 4)
        print(f"  standard shanten mismatches vs mahjong (hands without 4 of a kind): {mismatches}")
    _line("win check (cold memo)", cold_win, their_win)
    _line("win check (warm)", warm_win, their_win)
    _line("shanten (cold memo)", cold_shanten, their_shanten)
    _line("shanten (warm)", warm_shanten, their_shanten)

    # golds (Longyan): no counterpart in `mahjong`
    rng = random.Random(5)
    gold_hands = [(c, rng.choice((1, 2))) for c in _random_hands(n, 6, (12,))]   # 13 or 14 tiles
    start = time.perf_counter()
    for counts, golds in gold_hands:
        shapes.shanten(counts, 0, golds)
    _line("shanten with 1-2 golds", n / (time.perf_counter() - start), None)
    start = time.perf_counter()
    for counts, golds in gold_hands:
        shapes.is_standard_win(counts, golds, "suited")
    _line("win check with golds (suited)", n / (time.perf_counter() - start), None)
    print(f"  memo: {len(shapes._SUIT_RECORDS)} suit and {len(shapes._HONOR_RECORDS)} honor records, "
          f"{len(shapes._TABLES)} distinct tables")


def play_random_hand(variant: str, seed: int, options: dict[str, object] | None = None) -> int:
    """One hand played to its end by uniformly random legal actions; returns the number of actions."""
    from py_engine import Game

    game = Game.new(variant, seed=seed, options=options)
    rng = random.Random(seed)
    actions = 0
    while not game.is_over:
        seat = game.waiting_for[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        actions += 1
    return actions


def bench_games(hands: int) -> None:
    """Random-legal hands per second on one core, per variant (target ≥ 500), after a warm-up."""
    print(f"\nrandom-legal hands, one core ({hands} hands each, after {hands // 4} warm-up hands)")
    for variant, options in (("xinyu", None), ("xinyu", {"discard_win": True}), ("longyan", None)):
        for seed in range(hands // 4):
            play_random_hand(variant, 10_000 + seed, options)
        start = time.process_time()
        actions = sum(play_random_hand(variant, seed, options) for seed in range(hands))
        elapsed = time.process_time() - start
        label = variant + (" discard_win" if options else "")
        print(f"  {label:<22} {hands / elapsed:8.0f} hands/s  ({actions / hands:.0f} actions a hand, "
              f"{elapsed / actions * 1e6:.1f} µs an action)  target ≥ 500")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    print(f"import py_engine.tiles.shapes (package __init__ included): {IMPORT_MS:.1f} ms")
    bench_shapes(n)
    bench_games(max(100, n // 20))


if __name__ == "__main__":
    main()
