"""Where the oracle's edge comes from (issue 35): its gains over normal, decision by decision.

    python bench/oracle_gains.py --variant xinyu --hands 40 [--first-seed 1]

Hand i is wall ``first_seed + i // 4`` with the oracle (bench/players.py) in seat ``i % 4`` and
normal elsewhere. At each of the oracle's decisions every candidate is played to the hand's end;
where the best beats normal's own choice, the difference is that decision's gain, filed under
(normal's action, the oracle's action). Play is deterministic, so the gains along a hand add up
exactly to the oracle's margin over normal in that seat on that wall (each gain is measured from
the hand normal would have played on from there). Prints the gain per hand of each kind.
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import players  # noqa: E402  (bench/players.py; it puts the tree's root on the path)

from py_engine import Game, bots  # noqa: E402
from py_engine.play.actions import Action  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", choices=["xinyu", "longyan"], default="xinyu")
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--first-seed", type=int, default=1)
    args = ap.parse_args()
    t0 = time.perf_counter()
    gain: collections.Counter[tuple[str, str]] = collections.Counter()
    count: collections.Counter[tuple[str, str]] = collections.Counter()
    decisions = 0
    for i in range(args.hands):
        seat = i % 4
        seating = ["normal"] * 4
        seating[seat] = "oracle"
        game = Game.new(args.variant, seed=args.first_seed + i // 4)
        while not game.is_over:
            s = game.waiting_for[0]
            if s != seat or len(game.legal_actions(s)) == 1:
                game.apply(s, bots.choose(game, s, seating[s] if s != seat else "normal"))
                continue
            decisions += 1
            values = players.oracle_values(game, s, seating)
            own = next(iter(values))                          # normal's own choice comes first
            best = players.best_of(values)
            if values[best] > values[own]:
                key = (Action.parse(own).kind, Action.parse(best).kind)
                gain[key] += values[best] - values[own]
                count[key] += 1
            game.apply(s, best)
    print(f"{args.variant}: {args.hands} hands from wall {args.first_seed}, {decisions} decisions with a choice "
          f"({time.perf_counter() - t0:.0f} s); oracle's margin over normal {sum(gain.values()) / args.hands:+.2f} a hand")
    print("| normal's action -> oracle's | decisions changed / hand | gain / hand | mean gain |")
    print("|---|---|---|---|")
    for (own, best), g in gain.most_common():
        n = count[(own, best)]
        print(f"| {own} -> {best} | {n / args.hands:.2f} | {g / args.hands:+.2f} | {g / n:+.1f} |")


if __name__ == "__main__":
    main()
