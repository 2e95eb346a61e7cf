#!/usr/bin/env python3
"""Duplicate tournament of the bot levels, and their decision times on CPython.

    python bench/bots.py --hands 2000 --variant both [--workers 2] [--levels easy,normal,hard]

Every wall (a seed) is replayed 12 times: for each level L the lineup (L, next, next-but-one, L)
in its four rotations, so each level plays each seat, as dealer and not, against every other
level, on the same tiles. A "hand" is one game played. Printed per variant: each level's mean
score per hand with a 95% confidence interval, the margins hard-normal and normal-easy (the mean,
over walls, of the difference of the two levels' mean scores on that wall: the duplicate pairing),
win rates and the decision times p50/p95/max per level. Figures only, no verdict.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from py_engine import Game, bots  # noqa: E402

GAMES_PER_WALL = 12


def lineups(levels: list[str]) -> list[list[str]]:
    """The 12 seatings of one wall: each level doubled once, every rotation."""
    out = []
    k = len(levels)
    for i in range(k):
        base = [levels[i % k], levels[(i + 1) % k], levels[(i + 2) % k], levels[i % k]]
        for r in range(4):
            out.append(base[r:] + base[:r])
    return out


def play(variant: str, seed: int, seating: list[str]) -> tuple[list[int], dict[str, list[float]], list[int]]:
    game = Game.new(variant, seed=seed)
    times: dict[str, list[float]] = {}
    while not game.is_over:
        seat = game.waiting_for[0]
        level = seating[seat]
        t0 = time.perf_counter()
        action = bots.choose(game, seat, level)
        times.setdefault(level, []).append(time.perf_counter() - t0)
        game.apply(seat, action)
    result = game.result or {}
    return list(result["deltas"]), times, list(result["winners"])


def run_wall(job: tuple[str, int, list[str]]) -> dict[str, object]:
    variant, seed, levels = job
    sums = {lv: 0.0 for lv in levels}
    counts = {lv: 0 for lv in levels}
    wins = {lv: 0 for lv in levels}
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    for seating in lineups(levels):
        deltas, t, winners = play(variant, seed, seating)
        for seat, level in enumerate(seating):
            sums[level] += deltas[seat]
            counts[level] += 1
        for w in winners:
            wins[seating[w]] += 1
        for level, ts in t.items():
            times[level] += ts
    return {"seed": seed, "mean": {lv: sums[lv] / counts[lv] for lv in levels},
            "wins": wins, "n": counts, "times": times}


def ci95(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, float("nan")
    return m, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000 if s else float("nan")


def report(variant: str, walls: list[dict[str, object]], levels: list[str], seconds: float) -> str:
    lines = [f"## {variant}: {len(walls)} walls x {GAMES_PER_WALL} = {len(walls) * GAMES_PER_WALL} hands "
             f"({seconds:.0f} s)", "",
             "| level | mean score / hand | 95% CI | wins / hand | decision p50 | p95 | max |",
             "|---|---|---|---|---|---|---|"]
    games = len(walls) * GAMES_PER_WALL
    for lv in levels:
        per_wall = [w["mean"][lv] for w in walls]  # type: ignore[index]
        m, h = ci95(per_wall)
        seat_games = sum(w["n"][lv] for w in walls)  # type: ignore[index]
        won = sum(w["wins"][lv] for w in walls)  # type: ignore[index]
        ts = [t for w in walls for t in w["times"][lv]]  # type: ignore[index]
        lines.append(f"| {lv} | {m:+.3f} | ±{h:.3f} | {won / seat_games:.3f} | {pct(ts, .5):.2f} ms | "
                     f"{pct(ts, .95):.2f} ms | {max(ts) * 1000 if ts else float('nan'):.1f} ms |")
    lines += ["", "| margin | mean / hand | 95% CI | clear of zero |", "|---|---|---|---|"]
    pairs = [(a, b) for a, b in (("hard", "normal"), ("normal", "easy"), ("hard", "easy")) if a in levels and b in levels]
    for a, b in pairs:
        diffs = [w["mean"][a] - w["mean"][b] for w in walls]  # type: ignore[index]
        m, h = ci95(diffs)
        clear = "yes" if (m - h > 0 or m + h < 0) else "no"
        lines.append(f"| {a} - {b} | {m:+.3f} | [{m - h:+.3f}, {m + h:+.3f}] | {clear} |")
    del games
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=240, help="hands per variant (rounded up to whole walls of 12)")
    ap.add_argument("--variant", default="both", choices=("xinyu", "longyan", "both"))
    ap.add_argument("--workers", type=int, default=max(1, min(2, multiprocessing.cpu_count())))
    ap.add_argument("--levels", default="easy,normal,hard")
    ap.add_argument("--first-seed", type=int, default=1)
    args = ap.parse_args()
    levels = args.levels.split(",")
    variants = ["xinyu", "longyan"] if args.variant == "both" else [args.variant]
    walls_per_variant = max(1, math.ceil(args.hands / GAMES_PER_WALL))
    print(f"# Bot tournament (duplicate, {GAMES_PER_WALL} seatings per wall), CPython "
          f"{sys.version.split()[0]}, {args.workers} worker(s)\n")
    for variant in variants:
        jobs = [(variant, args.first_seed + i, levels) for i in range(walls_per_variant)]
        t0 = time.perf_counter()
        if args.workers > 1:
            with multiprocessing.Pool(args.workers) as pool:
                walls = list(pool.imap_unordered(run_wall, jobs, chunksize=1))
        else:
            walls = [run_wall(j) for j in jobs]
        print(report(variant, walls, levels, time.perf_counter() - t0))
        print()
        sys.stdout.flush()


if __name__ == "__main__":
    main()
