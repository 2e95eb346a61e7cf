#!/usr/bin/env python3
"""Duplicate tournament of the bot levels, and their decision times on CPython.

    python bench/bots.py --hands 2000 --variant both [--design table|swap|both|room] [--workers 2]
                         [--first-seed 1] [--pair both|hard-normal|normal-easy] [--results PATH]

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

* ``room`` (issue 35): how much room skill has. Per wall one game with normal in every seat, then
  for each player P of random (random-legal), easy, hard and oracle (bench/players.py: knows the
  wall's order and the other seats' bots) four games with P in one seat and normal elsewhere; P's
  margin is its score minus normal's in that seat on that wall. Each level's share of the room is
  (margin - random's) / (oracle's - random's), normal's margin being 0; intervals by a bootstrap
  over walls (the same walls for every player, so the margins are paired).

Every run writes its figures to ``bench/results/bots-ladder.json`` (``--results``), one entry per
variant, design and pair, replacing that entry's previous run: the command line, the walls, the
hands, each margin with its 95% interval, the date and the machine's load.

A "hand" is one game played. Decision times (p50/p95/max) are per level on CPython; the browser
(Pyodide) is about 2-3x slower. Figures only, no verdict; ``--hands`` is per variant and design.
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from py_engine import Game  # noqa: E402
import players  # noqa: E402  (bench/players.py: the bots, random-legal and the oracle)

LINEUP = ["easy", "normal", "hard", "normal"]
LEVELS = ["easy", "normal", "hard"]
SWAPS = [("hard", "normal"), ("normal", "easy")]
ROOM_FIELD = "normal"
ROOM_PLAYERS = ["random", "easy", "hard", "oracle"]   # --players: others (e.g. "hard,plan") for a pairing
RESULTS = ROOT / "bench" / "results" / "bots-ladder.json"


def play(variant: str, seed: int, seating: list[str]) -> tuple[list[int], dict[str, list[float]], list[int]]:
    game = Game.new(variant, seed=seed)
    times: dict[str, list[float]] = {}
    while not game.is_over:
        seat = game.waiting_for[0]
        level = seating[seat]
        t0 = time.perf_counter()
        action = players.choose(game, seat, level, seating)
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


def room_wall(job: tuple[str, int, str]) -> dict[str, object]:
    """One wall of the room design for one player: its margin over normal, seat by seat."""
    variant, seed, player = job
    base, _, _ = play(variant, seed, [ROOM_FIELD] * 4)
    diffs = []
    for seat in range(4):
        seating = [ROOM_FIELD] * 4
        seating[seat] = player
        deltas, _, _ = play(variant, seed, seating)
        diffs.append(deltas[seat] - base[seat])
    return {"seed": seed, "player": player, "margin": statistics.fmean(diffs), "seats": diffs}


def bootstrap_shares(margins: dict[str, list[float]], resamples: int = 2000) -> dict[str, tuple[float, float, float]]:
    """Each level's share of the room (random's margin = 0, oracle's = 1), with a 95% percentile
    interval from resampling walls (the players' margins on a wall stay together)."""
    n = len(margins["oracle"])
    levels = {"easy": margins["easy"], "normal": [0.0] * n, "hard": margins["hard"]}

    def shares(idx: list[int]) -> dict[str, float]:
        lo = statistics.fmean(margins["random"][i] for i in idx)
        hi = statistics.fmean(margins["oracle"][i] for i in idx)
        return {lv: (statistics.fmean(m[i] for i in idx) - lo) / (hi - lo) for lv, m in levels.items()}

    point = shares(list(range(n)))
    rng = random.Random(35)
    draws = [shares([rng.randrange(n) for _ in range(n)]) for _ in range(resamples)]
    out = {}
    for lv in levels:
        vals = sorted(d[lv] for d in draws)
        out[lv] = (point[lv], vals[int(0.025 * resamples)], vals[int(0.975 * resamples) - 1])
    return out


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


def run(jobs: list, fn, workers: int, log: Path | None = None) -> list:  # noqa: ANN001
    """Every job's result; progress (jobs done, elapsed seconds) on stderr; each result also as a
    JSON line in ``log`` (a long run cut short keeps what it played)."""
    t0, out = time.perf_counter(), []
    with multiprocessing.Pool(workers) if workers > 1 else _Serial() as pool:
        for i, result in enumerate(pool.imap_unordered(fn, jobs, chunksize=1), 1):
            out.append(result)
            if log is not None:
                with log.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(result) + "\n")
            if i % max(1, len(jobs) // 50) == 0 or i == len(jobs):
                print(f"  {i}/{len(jobs)} jobs, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    return out


class _Serial:
    """The pool's interface in this process (one worker)."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    @staticmethod
    def imap_unordered(fn, jobs, chunksize=1):  # noqa: ANN001, ANN205
        return map(fn, jobs)


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


def report_room(variant: str, walls: list[dict], seconds: float, room_players: list[str]) -> tuple[str, dict]:
    by_player: dict[str, dict[int, float]] = {p: {} for p in room_players}
    for w in walls:
        by_player[w["player"]][w["seed"]] = w["margin"]
    seeds = sorted(set.intersection(*(set(m) for m in by_player.values())))
    margins = {p: [by_player[p][s] for s in seeds] for p in room_players}
    lines = [f"### {variant}, room: {len(seeds)} walls, each player in a {ROOM_FIELD} field, one seat changed "
             f"({len(seeds) * 4} hands per player, {seconds:.0f} s)", "",
             "| player | margin over normal / hand | 95% CI | clear of zero |", "|---|---|---|---|"]
    data: dict = {"field": ROOM_FIELD, "walls": len(seeds), "hands_per_player": len(seeds) * 4, "margins": [],
                  "shares": []}
    for p in room_players:
        m, h = ci95(margins[p])
        lines.append(f"| {p} | {m:+.3f} | [{m - h:+.3f}, {m + h:+.3f}] | {clear(m, h)} |")
        data["margins"].append({"name": f"{p} in a {ROOM_FIELD} field - {ROOM_FIELD}", "player": p,
                                "mean": round(m, 4), "ci95": [round(m - h, 4), round(m + h, 4)],
                                "clear_of_zero": clear(m, h) == "yes"})
    if not {"random", "oracle", "easy", "hard"} <= set(room_players):     # a pairing: each pair's difference
        for i, a in enumerate(room_players):
            for b in room_players[i + 1:]:
                m, h = ci95([x - y for x, y in zip(margins[b], margins[a])])
                lines.append(f"| {b} - {a} (paired) | {m:+.3f} | [{m - h:+.3f}, {m + h:+.3f}] | {clear(m, h)} |")
                data["margins"].append({"name": f"{b} - {a}, each in a {ROOM_FIELD} field, paired by wall", "mean": round(m, 4),
                                        "ci95": [round(m - h, 4), round(m + h, 4)], "clear_of_zero": clear(m, h) == "yes"})
        return "\n".join(lines), data
    lines += ["", "| level | share of the room (random 0, oracle 1) | 95% CI (bootstrap over walls) |", "|---|---|---|"]
    for lv, (v, lo, hi) in bootstrap_shares(margins).items():
        lines.append(f"| {lv} | {v:.3f} | [{lo:.3f}, {hi:.3f}] |")
        data["shares"].append({"level": lv, "share": round(v, 4), "ci95": [round(lo, 4), round(hi, 4)]})
    return "\n".join(lines), data


def save(path: Path, key: str, entry: dict) -> None:
    """Replace ``key``'s entry in the results file (kept sorted, so reruns diff cleanly)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        kept = {}
    kept.setdefault("about", "Written by bench/bots.py; one entry per rule set, design and pair "
                    "(bench/README-bots.md). Margins are points per hand; ci95 is a 95% interval.")
    kept.setdefault("runs", {})[key] = entry
    kept["runs"] = dict(sorted(kept["runs"].items()))
    path.write_text(json.dumps(kept, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def show(path: Path) -> str:
    """The kept results (``--show``) as the markdown tables README-bots.md carries."""
    kept = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for key, run in kept["runs"].items():
        w = run["walls"]
        out += [f"**{key}** ({w['count']} walls from seed {w['first_seed']}, {run['hands']} hands in all, "
                f"{run['date'][:10]}): `{run['command']}`", "",
                "| margin | mean / hand | 95% CI | clear of zero |", "|---|---|---|---|"]
        for m in run["margins"]:
            out.append(f"| {m['name']} | {m['mean']:+.3f} | [{m['ci95'][0]:+.3f}, {m['ci95'][1]:+.3f}] | "
                       f"{'yes' if m['clear_of_zero'] else 'no'} |")
        if run.get("shares"):
            out += ["", "| level | share of the room (random 0, oracle 1) | 95% CI |", "|---|---|---|"]
            out += [f"| {x['level']} | {x['share']:.3f} | [{x['ci95'][0]:.3f}, {x['ci95'][1]:.3f}] |"
                    for x in run["shares"]]
        out.append("")
    return "\n".join(out)


LADDER_PAIRS = [("normal", "easy"), ("hard", "normal")]
NAMES = {"xinyu": "Xinyu", "longyan": "Longyan"}


def ladder(path: Path) -> str:
    """bench/README.md's bot ladder (``--ladder``), read from the kept results: each rule set's swap
    margins (normal over easy, hard over normal) and the room's shares.
    tests/engine/test_bench_players.py checks bench/README.md carries exactly this."""
    runs = json.loads(path.read_text(encoding="utf-8"))["runs"]
    out = ["| rule set | margin (swap design) | hands | mean / hand | 95% CI | clear at 95% | run |",
           "|---|---|---|---|---|---|---|"]
    for variant in ("xinyu", "longyan"):
        for a, b in LADDER_PAIRS:
            key = f"{variant}/swap/{a}-{b}"
            found = [run for k, run in runs.items() if k == key or k.startswith(key + "/from-")]
            if not found:
                out.append(f"| {NAMES[variant]} | {a} - {b} | | | not measured | | |")
            for run in sorted(found, key=lambda r: r["walls"]["first_seed"]):      # from wall 1, then others
                m, w = run["margins"][0], run["walls"]
                walls = f"walls {w['first_seed']}-{w['first_seed'] + w['count'] - 1}"
                out.append(f"| {NAMES[variant]} | {a} - {b} | {run['hands']:,} ({walls}) | {m['mean']:+.3f} | "
                           f"[{m['ci95'][0]:+.3f}, {m['ci95'][1]:+.3f}] | {'yes' if m['clear_of_zero'] else '**no**'} | "
                           f"{run['date'][:10]}, {run['seconds']:,} s, `{run['command']}` |")
            spans = sorted((r["walls"]["first_seed"], r["walls"]["first_seed"] + r["walls"]["count"]) for r in found)
            if len(found) > 1 and all(end <= start for (_, end), (start, _) in zip(spans, spans[1:])):   # disjoint
                mean, half = pooled(found)
                out.append(f"| {NAMES[variant]} | {a} - {b} | {sum(r['hands'] for r in found):,} (the {len(found)} runs "
                           f"above, pooled) | {mean:+.3f} | [{mean - half:+.3f}, {mean + half:+.3f}] | "
                           f"{'yes' if clear(mean, half) == 'yes' else '**no**'} | their walls taken together |")
    out += ["", "| rule set | share of the room: easy | normal | hard | walls | run |", "|---|---|---|---|---|---|"]
    for variant in ("xinyu", "longyan"):
        run = runs.get(f"{variant}/room")
        if run is None:
            continue
        shares = {x["level"]: x for x in run["shares"]}
        cells = [f"{shares[lv]['share']:.2f} [{shares[lv]['ci95'][0]:.2f}, {shares[lv]['ci95'][1]:.2f}]"
                 for lv in ("easy", "normal", "hard")]
        out.append(f"| {NAMES[variant]} | {' | '.join(cells)} | {run['walls']['count']} | {run['date'][:10]}, "
                   f"`{run['command']}` |")
    return "\n".join(out)


def pooled(runs: list[dict]) -> tuple[float, float]:
    """Mean and 95% half-width of one margin over several kept runs on disjoint walls, each run
    weighed by its walls (its interval read back as a standard error)."""
    total = sum(r["walls"]["count"] for r in runs)
    mean = sum(r["margins"][0]["mean"] * r["walls"]["count"] for r in runs) / total
    var = sum((r["walls"]["count"] / total * (r["margins"][0]["ci95"][1] - r["margins"][0]["ci95"][0]) / 3.92) ** 2
              for r in runs)
    return mean, 1.96 * math.sqrt(var)


def replay_args(given: list[str]) -> list[str]:
    """The arguments that play a run again: not where its figures go (``--results``), a note on
    them, nor ``--from-log`` (a rerun plays)."""
    kept: list[str] = []
    value_of = None
    for arg in given:
        if value_of is not None:                 # the value of --results or --note
            value_of = None
        elif arg in ("--results", "--note"):
            value_of = arg
        elif arg != "--from-log" and not arg.startswith(("--results=", "--note=")):
            kept.append(arg)
    return kept


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=200, help="hands per variant and design")
    ap.add_argument("--variant", default="both", choices=("xinyu", "longyan", "both"))
    ap.add_argument("--design", default="table", choices=("table", "swap", "both", "room"))
    ap.add_argument("--workers", type=int, default=max(1, min(2, multiprocessing.cpu_count())))
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--pair", default="both", choices=("both", "hard-normal", "normal-easy"),
                    help="the swap design's margins to play")
    ap.add_argument("--players", default=",".join(ROOM_PLAYERS),
                    help="the room design's players, comma-separated (bots, random, oracle, plan)")
    ap.add_argument("--log", type=Path, help="the room design: each wall's result as a JSON line here")
    ap.add_argument("--from-log", action="store_true",
                    help="the room design: report the walls already in --log (each complete wall; no play)")
    ap.add_argument("--note", default="", help="a sentence kept with the run's figures (how a log was joined, ...)")
    ap.add_argument("--results", type=Path, default=RESULTS, help="the JSON file the figures are kept in")
    ap.add_argument("--show", action="store_true", help="print the kept results (--results) as tables; no play")
    ap.add_argument("--ladder", action="store_true", help="print bench/README.md's bot ladder from the kept results; no play")
    args = ap.parse_args()
    if args.show or args.ladder:
        print(show(args.results) if args.show else ladder(args.results))
        return
    command = "python bench/bots.py " + " ".join(replay_args(sys.argv[1:]))

    def entry(variant: str, design: str, walls: int, hands: int, seconds: float, load0: tuple, **more) -> dict:
        return {"command": command, "variant": variant, "design": design,
                "walls": {"first_seed": args.first_seed, "count": walls}, "hands": hands, **more,
                "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                "seconds": round(seconds), "workers": args.workers, "python": sys.version.split()[0],
                "load": {"start": [round(x, 2) for x in load0], "end": [round(x, 2) for x in os.getloadavg()],
                         "cpus": os.cpu_count()}}

    swaps = [p for p in SWAPS if args.pair in ("both", "-".join(p))]
    # runs on other walls (a replication) are kept beside the run from wall 1, not over it
    walls_from = "" if args.first_seed == 1 else f"/from-{args.first_seed}"
    variants = ["xinyu", "longyan"] if args.variant == "both" else [args.variant]
    print(f"## Bot tournament: CPython {sys.version.split()[0]}, {args.workers} worker(s), "
          f"{args.hands} hands per variant and design\n")
    for variant in variants:
        if args.design in ("table", "both"):
            jobs = [(variant, args.first_seed + i) for i in range(max(1, math.ceil(args.hands / 4)))]
            t0 = time.perf_counter()
            load0 = os.getloadavg()
            walls = run(jobs, table_wall, args.workers)
            seconds = time.perf_counter() - t0
            print(report_table(variant, walls, seconds), "\n", flush=True)
            margins = []
            for a, b in (("hard", "normal"), ("normal", "easy"), ("hard", "easy")):
                m, h = ci95([w["mean"][a] - w["mean"][b] for w in walls])
                margins.append({"name": f"{a} - {b}", "mean": round(m, 4), "ci95": [round(m - h, 4), round(m + h, 4)],
                                "clear_of_zero": clear(m, h) == "yes"})
            save(args.results, f"{variant}/table{walls_from}", entry(variant, "table", len(walls), len(walls) * 4, seconds,
                                                         load0, margins=margins))
        if args.design in ("swap", "both"):
            results = {}
            for a, b in swaps:
                jobs = [(variant, args.first_seed + i, a, b) for i in range(max(1, math.ceil(args.hands / 5)))]
                t0 = time.perf_counter()
                load0 = os.getloadavg()
                results[(a, b)] = (run(jobs, swap_wall, args.workers), time.perf_counter() - t0)
                walls, seconds = results[(a, b)]
                m, h = ci95([w["margin"] for w in walls])
                save(args.results, f"{variant}/swap/{a}-{b}{walls_from}", entry(
                    variant, "swap", len(walls), len(walls) * 5, seconds, load0,
                    margins=[{"name": f"{a} in a {b} field - {b}", "mean": round(m, 4),
                              "ci95": [round(m - h, 4), round(m + h, 4)], "clear_of_zero": clear(m, h) == "yes"}]))
            print(report_swap(variant, results), "\n", flush=True)
        if args.design == "room":
            count = max(1, math.ceil(args.hands / 4))
            room_players = args.players.split(",")
            jobs = [(variant, args.first_seed + i, p) for i in range(count) for p in reversed(room_players)]
            t0 = time.perf_counter()
            load0 = os.getloadavg()
            if args.from_log:      # a run cut short: its complete walls, as --hands 4 x walls would give
                walls = [w for w in map(json.loads, args.log.read_text(encoding="utf-8").splitlines())
                         if w["seed"] in range(args.first_seed, args.first_seed + count) and w["player"] in room_players]
                done = {s for s in range(args.first_seed, args.first_seed + count)
                        if all(any(w["seed"] == s and w["player"] == p for w in walls) for p in room_players)}
                first_gap = min(set(range(args.first_seed, args.first_seed + count + 1)) - done)
                walls = [w for w in walls if w["seed"] < first_gap]
                count = first_gap - args.first_seed
                command = f"python bench/bots.py --design room --variant {variant} --hands {4 * count} " \
                          f"--first-seed {args.first_seed} --players {','.join(room_players)}"
            else:
                walls = run(jobs, room_wall, args.workers, args.log)
            seconds = time.perf_counter() - t0
            text, data = report_room(variant, walls, seconds, room_players)
            print(text, "\n", flush=True)
            name = "room" if room_players == ROOM_PLAYERS else "room/" + "-".join(room_players)
            if args.from_log:
                data["note"] = (f"read from the log {args.log.name} (each wall's margins, player by player: a run cut "
                                f"short, or runs of some players joined): its first {count} complete walls; seconds and "
                                "load are the summary's, not the play's")
            if args.note:
                data["note"] = f"{data['note']}. {args.note}" if data.get("note") else args.note
            save(args.results, f"{variant}/{name}{walls_from}", entry(variant, "room", data.pop("walls"),
                                                        count * (len(room_players) * 4 + 1), seconds, load0, **data))


if __name__ == "__main__":
    main()
