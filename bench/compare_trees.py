"""Same-run speed of two engine trees: ``python bench/compare_trees.py BASE_TREE [NEW_TREE] [--hands N --rounds R]``.

Random-legal hands per second (bench/engine.py's `play_random_hand`) of each rule set, measured
in child processes that alternate between the trees round by round, so both see the same load
on a shared machine; prints each tree's best round and the ratio new / base.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

_CHILD = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from py_engine import Game
variant, options, hands = sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4])

def play(seed):
    game = Game.new(variant, seed=seed, options=options)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.waiting_for[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))

for seed in range(hands // 4):
    play(10_000 + seed)
start = time.process_time()
for seed in range(hands):
    play(seed)
print(hands / (time.process_time() - start))
"""

CONFIGS = (("xinyu", {}), ("xinyu", {"discard_win": True}), ("longyan", {}))


def rate(tree: str, variant: str, options: dict[str, object], hands: int) -> float:
    out = subprocess.run([sys.executable, "-c", _CHILD, tree, variant, json.dumps(options), str(hands)],
                         check=True, capture_output=True, text=True).stdout
    return float(out.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base")
    parser.add_argument("new", nargs="?", default=str(HERE.parent))
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--variant", help="only this rule set's configurations")
    args = parser.parse_args()
    for variant, options in CONFIGS:
        if args.variant and variant != args.variant:
            continue
        best = {"base": 0.0, "new": 0.0}
        for _ in range(args.rounds):
            for name in ("base", "new"):
                best[name] = max(best[name], rate(getattr(args, name), variant, options, args.hands))
        label = variant + (" discard_win" if options else "")
        print(f"{label:<20} base {best['base']:7.0f} hands/s   new {best['new']:7.0f} hands/s   "
              f"ratio {best['new'] / best['base']:.3f}")


if __name__ == "__main__":
    main()
