#!/usr/bin/env python3
"""Where two bot levels disagree, and which choice is worth more: a low-variance A/B of decisions.

    python bench/decisions.py --variant longyan --a hard --b normal --walls 200 [--branches 6]
                              [--only discard|claim] [--field normal] [--workers 2]
                              [--min-gain G] [--by-gain]

Games are played with ``--field`` in every seat. At each decision of any seat where level A would
choose differently from level B, the position is branched: for each of ``--branches`` reshufflings
of the wall (common random numbers: both branches draw the same tiles), A's choice and B's choice
are each applied and the hand is played out by the field; the advantage of A's choice is that
seat's score in A's branch minus its score in B's branch, averaged over the reshufflings. The
game itself goes on with the field's choice, so the positions are the field's.

Why: a tournament margin (``bench/bots.py``) carries the whole luck of every hand (in Longyan about
±0.14 a hand over 2,000 hands even in the swap design); here only the positions where the levels
disagree count, and each is judged on the same tiles. Printed per kind of disagreement: how often
it happens, the mean advantage of A's choice per decision with its 95% interval, and its total per
seat and hand. The advantages are those of a single choice with the field playing on, so they add
up to an estimate of A's edge, not a measurement of A playing whole hands (the tournament's job).
Figures only, no verdict.

``--by-gain`` (with ``--a hard``) also sorts the disagreements by how much more the hard bot's
look-ahead expects from its choice than from B's (as a share of its best value) and prints the
advantage per quarter of that gain; with ``--min-gain 0`` (hard's ``MIN_GAIN``, which keeps the
normal bot's choice below that margin) it shows what the margin filters out.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bots import ci95  # noqa: E402  (bench/bots.py's interval; `bots` below is the engine's)
from py_engine import Game, bots  # noqa: E402
from py_engine.bots import hard  # noqa: E402


def play_out(game: Game, level: str) -> list[int]:
    while not game.is_over:
        seat = game.waiting_for[0]
        game.apply(seat, bots.choose(game, seat, level))
    return list(game.result["deltas"])


def kind_of(choice_a: str, choice_b: str, legal: list[str]) -> str:
    """A readable name for a disagreement: "discard", "claim: A pong, B pass", "own turn: A kong, B discard"."""
    verb_a, verb_b = choice_a.split()[0], choice_b.split()[0]
    if "pass" in legal:
        return f"claim: A {verb_a}, B {verb_b}"
    if verb_a == verb_b == "discard":
        return "discard"
    return f"own turn: A {verb_a}, B {verb_b}"


def branch(game: Game, seat: int, choice: str, tiles: list[str], field: str) -> int:
    twin = game.clone()
    twin.state.wall.tiles = list(tiles)
    twin.apply(seat, choice)
    return play_out(twin, field)[seat]


def look_ahead_gain(game: Game, seat: int, choice_b: str) -> float:
    """How much more hard's look-ahead expects from its choice than from ``choice_b``, as a share of
    its best value (``hard.gain_over``, what ``hard.overrule`` compares with MIN_GAIN); NaN when B's
    choice was not looked at."""
    ranked = hard.decide(bots.View.from_observation(game.observation(seat))).candidates
    gain = hard.gain_over(choice_b, ranked)
    return math.nan if gain is None else gain


def one_wall(job: tuple) -> list[tuple[str, float, float]]:
    variant, seed, a, b, field, branches, only, min_gain, by_gain = job
    hard.MIN_GAIN = min_gain
    game = Game.new(variant, seed=seed)
    found: list[tuple[str, float, float]] = []
    while not game.is_over:
        seat = game.waiting_for[0]
        legal = game.legal_actions(seat)
        played = bots.choose(game, seat, field)
        claim = "pass" in legal
        if len(legal) > 1 and not (only == "discard" and claim) and not (only == "claim" and not claim):
            choice_a = played if a == field else choose(game, seat, a)
            choice_b = played if b == field else choose(game, seat, b)
            if choice_a != choice_b:
                diffs = []
                for k in range(branches):
                    tiles = list(game.state.wall.tiles)
                    random.Random(seed * 7919 + len(game.history) * 31 + k).shuffle(tiles)
                    diffs.append(branch(game, seat, choice_a, tiles, field) - branch(game, seat, choice_b, tiles, field))
                gain = look_ahead_gain(game, seat, choice_b) if by_gain else math.nan
                found.append((kind_of(choice_a, choice_b, legal), statistics.fmean(diffs), gain))
        game.apply(seat, played)
    return found


def choose(game: Game, seat: int, level: str) -> str:
    """A bot level's choice, or bench/planner.py's (``plan``: issue 35's planner over own draws)."""
    if level == "plan":
        sys.path.insert(0, str(ROOT / "bench"))
        import planner
        return planner.choose(game, seat)
    return bots.choose(game, seat, level)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="longyan", choices=("xinyu", "longyan"))
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="normal")
    ap.add_argument("--field", default="normal", help="the level playing every seat and every branch")
    ap.add_argument("--walls", type=int, default=100)
    ap.add_argument("--branches", type=int, default=6, help="wall reshufflings per disagreement")
    ap.add_argument("--only", default="", choices=("", "discard", "claim"))
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=max(1, min(2, multiprocessing.cpu_count())))
    ap.add_argument("--min-gain", type=float, default=hard.MIN_GAIN, help="hard's MIN_GAIN for this run")
    ap.add_argument("--by-gain", action="store_true", help="advantage by quarter of hard's look-ahead gain")
    args = ap.parse_args()
    for level in (args.a, args.b, args.field):
        if level not in bots.LEVELS and not (level == "plan" and level != args.field):
            ap.error(f"unknown level {level!r} (levels: {', '.join(bots.LEVELS)})")
    jobs = [(args.variant, args.first_seed + i, args.a, args.b, args.field, args.branches, args.only,
             args.min_gain, args.by_gain) for i in range(args.walls)]
    t0 = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            walls = list(pool.imap_unordered(one_wall, jobs, chunksize=1))
    else:
        walls = [one_wall(j) for j in jobs]
    seat_hands = 4 * len(walls)
    by_kind: dict[str, list[float]] = defaultdict(list)
    for found in walls:
        for kind, adv, _ in found:
            by_kind[kind].append(adv)
    print(f"### {args.variant}: {args.a} (A) vs {args.b} (B), {args.field} field, {len(walls)} walls, "
          f"{args.branches} branches each, hard.MIN_GAIN {args.min_gain:g}, {time.perf_counter() - t0:.0f} s\n")
    print("| disagreement | per seat and hand | advantage of A / decision | 95% CI | total / seat and hand |")
    print("|---|---|---|---|---|")
    totals = [sum(adv for _, adv, _ in found) / 4 for found in walls]
    for kind, advs in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
        m, h = ci95(advs)
        print(f"| {kind} | {len(advs) / seat_hands:.3f} | {m:+.3f} | [{m - h:+.3f}, {m + h:+.3f}] | "
              f"{sum(advs) / seat_hands:+.3f} |")
    if len(totals) > 1:
        m, h = ci95(totals)
        print(f"| all | {sum(map(len, by_kind.values())) / seat_hands:.3f} | | | {m:+.3f} [{m - h:+.3f}, {m + h:+.3f}] |")
    if args.by_gain:
        print_by_gain([(gain, adv) for found in walls for kind, adv, gain in found
                       if kind == "discard" and not math.isnan(gain)], seat_hands)


def print_by_gain(rows: list[tuple[float, float]], seat_hands: int) -> None:
    """Discard disagreements in four equal groups by the look-ahead's expected gain."""
    if len(rows) < 8:
        return
    rows.sort()
    print("\n| look-ahead gain (share of best value) | per seat and hand | advantage of A / decision | 95% CI |")
    print("|---|---|---|---|")
    q = len(rows) // 4
    for i in range(4):
        part = rows[i * q:(i + 1) * q] if i < 3 else rows[3 * q:]
        m, h = ci95([adv for _, adv in part])
        print(f"| {part[0][0]:.4f} to {part[-1][0]:.4f} | {len(part) / seat_hands:.3f} | {m:+.3f} | [{m - h:+.3f}, {m + h:+.3f}] |")


if __name__ == "__main__":
    main()
