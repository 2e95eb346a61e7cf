"""What another seat's win costs a seat, measured on self-play (issue 35: the hard bot's figure).

A win is worth its payments and also spares the seat its share of someone else's win
(``BotTuning.avoided_loss``). The normal bot weighs that by a rule of thumb; the hard bot by a
figure of its own (``hard_avoided_loss``), which this measures: all-normal self-play on walls from
``--first-seed``, and for every hand someone won, each other seat's payments to the winner(s)
('win' payments only: kongs are paid either way), averaged; and the share of hands someone won
(a drawn hand spares nothing).

    python bench/fit_hard.py --variant xinyu --hands 1500 [--first-seed 50000]

Prints the figures with a 95% interval. The rule set's value is chosen by hand beside them
(Xinyu: 6 where this measures 4.0, as the variants in bench/README-bots.md found best).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bots import ci95  # noqa: E402  (bench/bots.py's interval; `bots` below is the engine's)
from py_engine import Game, bots  # noqa: E402


def hand(variant: str, seed: int) -> tuple[list[float], bool]:
    """Each non-winner's 'win' payments in one all-normal hand, and whether someone won."""
    game = Game.new(variant, seed=seed)
    while not game.is_over:
        seat = game.waiting_for[0]
        game.apply(seat, bots.choose(game, seat, "normal"))
    result = game.result or {}
    winners = set(result["winners"])
    if not winners:
        return [], False
    paid = [0.0] * 4
    for p in result["payments"]:
        if p["reason"] != "kong" and p["to"] in winners:
            paid[p["from"]] += p["amount"]
    return [paid[s] for s in range(4) if s not in winners], True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", choices=["xinyu", "longyan"], default="xinyu")
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--first-seed", type=int, default=50000)
    args = ap.parse_args()
    t0 = time.perf_counter()
    losses: list[float] = []
    won = 0
    for seed in range(args.first_seed, args.first_seed + args.hands):
        paid, someone = hand(args.variant, seed)
        losses += paid
        won += someone
    m, h = ci95(losses)
    share = won / args.hands
    print(f"{args.variant}: {args.hands} all-normal hands from seed {args.first_seed} "
          f"({time.perf_counter() - t0:.0f} s)")
    print(f"  hands won by someone: {share:.3f}")
    print(f"  a non-winner's payments to the winner: mean {m:.3f} +- {h:.3f} (median "
          f"{statistics.median(losses):.1f}, {len(losses)} seats)")


if __name__ == "__main__":
    main()
