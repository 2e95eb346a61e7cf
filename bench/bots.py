#!/usr/bin/env python3
"""Duplicate tournament of the bot levels, and their decision times on CPython.

    python bench/bots.py --hands 2000 --variant both [--design table|swap|both] [--workers 2]
                         [--first-seed 1] [--pair both|hard-normal|normal-easy]

Two duplicate designs, both replaying the same walls (seeds) so each level plays each seat:

* ``table``: each wall is played 4 times, the lineup (easy, normal, hard, normal) rotated one
  seat each time, so every level sits in every seat (dealer included) on the same tiles.
  Printed: each level's mean score per hand with a 95% confidence interval, and the margins
  hard-normal and normal-easy: per wall, the difference of the two levels' mean scores (the
  duplicate pairing), then its mean over walls with a 95% interval.
* ``swap``: the lower-variance margin. For a pair (A, B) each wall is played once with B in every
  seat, then 4 times with A in one seat (each seat in turn) and B in the others; the margin is A's
  score minus B's score in that seat on that wall, averaged. Reported for hard in a normal field
  and normal in an easy field.

A "hand" is one game played. Decision times (p50/p95/max) are per level on CPython; the browser
(Pyodide) is about 2-3x slower. Figures only, no verdict; ``--hands`` is per variant and design.
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

LINEUP = ["easy", "normal", "hard", "normal"]
LEVELS = ["easy", "normal", "hard"]
SWAPS = [("hard", "normal"), ("normal", "easy")]


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


def table_wall(job: tuple[str, int]) -> dict[str, object]:
    variant, seed = job
    sums = {lv: 0.0 for lv in LEVELS}
    counts = {lv: 0 for lv in LEVELS}
    wins = {lv: 0 for lv in LEVELS}
    times: dict[str, list[float]] = {lv: [] for lv in LEVELS}
    for r in range(4):
        seating = LINEUP[r:] + LINEUP[:r]
        deltas, t, winners = play(variant, seed, seating)
        for seat, level in enumerate(seating):
            sums[level] += deltas[seat]
            counts[level] += 1
        for w in winners:
            wins[seating[w]] += 1
        for level, ts in t.items():
            times[level] += ts
    return {"mean": {lv: sums[lv] / counts[lv] for lv in LEVELS}, "wins": wins, "n": counts, "times": times}


def swap_wall(job: tuple[str, int, str, str]) -> dict[str, object]:
    variant, seed, a, b = job
    base, times, _ = play(variant, seed, [b] * 4)
    diffs = []
    for seat in range(4):
        seating = [b] * 4
        seating[seat] = a
        deltas, t, _ = play(variant, seed, seating)
        diffs.append(deltas[seat] - base[seat])
        for level, ts in t.items():
            times.setdefault(level, []).extend(ts)
    return {"margin": statistics.fmean(diffs), "times": times}


def ci95(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation over walls)."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, float("nan")
    return m, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000 if s else float("nan")


def clear(m: float, h: float) -> str:
    return "yes" if (m - h > 0 or m + h < 0) else "no"


def run(jobs: list, fn, workers: int) -> list:  # noqa: ANN001
    if workers > 1:
        with multiprocessing.Pool(workers) as pool:
            return list(pool.imap_unordered(fn, jobs, chunksize=1))
    return [fn(j) for j in jobs]


def report_table(variant: str, walls: list[dict], seconds: float) -> str:
    lines = [f"### {variant}, table: {len(walls)} walls x 4 seatings = {len(walls) * 4} hands ({seconds:.0f} s)", "",
             "| level | mean score / hand | 95% CI | wins / hand | decision p50 | p95 | max |",
             "|---|---|---|---|---|---|---|"]
    for lv in LEVELS:
        m, h = ci95([w["mean"][lv] for w in walls])
        n = sum(w["n"][lv] for w in walls)
        won = sum(w["wins"][lv] for w in walls)
        ts = [t for w in walls for t in w["times"][lv]]
        lines.append(f"| {lv} | {m:+.3f} | ±{h:.3f} | {won / n:.3f} | {pct(ts, .5):.2f} ms | {pct(ts, .95):.2f} ms "
                     f"| {max(ts) * 1000:.1f} ms |")
    lines += ["", "| margin | mean / hand | 95% CI | clear of zero |", "|---|---|---|---|"]
    for a, b in (("hard", "normal"), ("normal", "easy"), ("hard", "easy")):
        m, h = ci95([w["mean"][a] - w["mean"][b] for w in walls])
        lines.append(f"| {a} - {b} | {m:+.3f} | [{m - h:+.3f}, {m + h:+.3f}] | {clear(m, h)} |")
    return "\n".join(lines)


def report_swap(variant: str, results: dict[tuple[str, str], tuple[list[dict], float]]) -> str:
    lines = [f"### {variant}, swap (one seat changed, same walls)", "",
             "| margin | walls | hands | mean / hand | 95% CI | clear of zero | time |", "|---|---|---|---|---|---|---|"]
    for (a, b), (walls, seconds) in results.items():
        m, h = ci95([w["margin"] for w in walls])
        lines.append(f"| {a} in a {b} field - {b} | {len(walls)} | {len(walls) * 5} | {m:+.3f} | "
                     f"[{m - h:+.3f}, {m + h:+.3f}] | {clear(m, h)} | {seconds:.0f} s |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=200, help="hands per variant and design")
    ap.add_argument("--variant", default="both", choices=("xinyu", "longyan", "both"))
    ap.add_argument("--design", default="table", choices=("table", "swap", "both"))
    ap.add_argument("--workers", type=int, default=max(1, min(2, multiprocessing.cpu_count())))
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--pair", default="both", choices=("both", "hard-normal", "normal-easy"),
                    help="the swap design's margins to play")
    args = ap.parse_args()
    swaps = [p for p in SWAPS if args.pair in ("both", "-".join(p))]
    variants = ["xinyu", "longyan"] if args.variant == "both" else [args.variant]
    print(f"## Bot tournament: CPython {sys.version.split()[0]}, {args.workers} worker(s), "
          f"{args.hands} hands per variant and design\n")
    for variant in variants:
        if args.design in ("table", "both"):
            jobs = [(variant, args.first_seed + i) for i in range(max(1, math.ceil(args.hands / 4)))]
            t0 = time.perf_counter()
            walls = run(jobs, table_wall, args.workers)
            print(report_table(variant, walls, time.perf_counter() - t0), "\n", flush=True)
        if args.design in ("swap", "both"):
            results = {}
            for a, b in swaps:
                jobs = [(variant, args.first_seed + i, a, b) for i in range(max(1, math.ceil(args.hands / 5)))]
                t0 = time.perf_counter()
                results[(a, b)] = (run(jobs, swap_wall, args.workers), time.perf_counter() - t0)
            print(report_swap(variant, results), "\n", flush=True)


if __name__ == "__main__":
    main()
