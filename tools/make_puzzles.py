"""Find discard-puzzle candidates in games the bots play, for web/puzzles/<variant>.json (issue 14).

    python tools/make_puzzles.py longyan --seeds 1-60 > /tmp/candidates.json

Plays seeded hands with the normal bot in every seat; at each discard decision close to ready it
ranks the moment (py_engine.teach.discards.rank: the hard bot's choice) and keeps moments where the
choice is not the plain efficiency pick (most improving tiles at least shanten), or where a swim
or a held gold is in question. The set in web/puzzles was picked from such candidates by hand;
tests/engine/test_puzzles.py checks that the engine still gives each published answer.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from py_engine import Game, bots  # noqa: E402
from py_engine.teach.discards import efficiency_order, rank  # noqa: E402


def candidates(variant: str, seed: int, max_shanten: int) -> list[dict]:
    g = Game.new(variant, seed=seed)
    start = g.to_position()
    out = []
    while not g.is_over:
        seat = g.waiting_for[0]
        legal = g.legal_actions(seat)
        if g.phase == "discard" and len(g.waiting_for) == 1 and any(a.startswith("discard ") for a in legal):
            obs = g.observation(seat)
            gold = obs.get("gold")
            hand = obs["hands"][seat]
            table = rank(g, seat)
            rows = table["rows"]
            eff = efficiency_order(rows)[0]["action"] if rows else None
            swims = [a for a in legal if a.startswith("swim ")]
            holds_gold = bool(gold) and gold in hand
            interesting = table["shanten"] <= max_shanten and (
                (table["choice"] != eff and table["choice"].startswith(("discard", "swim")))
                or swims or (holds_gold and table["shanten"] <= 1))
            if interesting and g.tiles_left > 12:
                out.append({"seed": seed, "variant": variant, "answer": table["choice"], "efficiency": eff,
                            "shanten": table["shanten"], "swims": swims, "gold": gold, "hand": "".join(hand),
                            "melds": [f"{m['type']} {m['tile']}" for m in obs["melds"][seat]],
                            "tiles_left": g.tiles_left,
                            "position": {**start, "history": [list(h) for h in g.history]}})
        g.apply(seat, bots.choose(g, seat, "normal"))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("variant", choices=["xinyu", "longyan"])
    ap.add_argument("--seeds", default="1-20")
    ap.add_argument("--max-shanten", type=int, default=1)
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    found = []
    for seed in range(int(lo), int(hi or lo) + 1):
        found += candidates(args.variant, seed, args.max_shanten)
    json.dump(found, sys.stdout, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()


def fill(position: dict) -> dict:
    """A position whose empty hands are dealt from the tiles it leaves (fixed order, for puzzles
    written by hand: only the puzzle seat's hand matters)."""
    from collections import Counter

    from py_engine.tiles.melds import parse_meld
    from py_engine.rules import ruleset
    from py_engine.tiles import as_tiles, format_tiles, full_set, is_flower

    rules = ruleset(position["variant"])
    left = Counter(full_set(rules.flowers))
    placed = [t for h in position["hands"] for t in as_tiles(h)]
    placed += [t for ms in position.get("melds", []) for m in ms for t in parse_meld(m).tiles]
    placed += [t for f in position.get("flowers", []) for t in as_tiles(f)]
    placed += as_tiles(position.get("wall", "")) + as_tiles(position.get("tail", ""))
    if position.get("gold"):
        placed.append(position["gold"])
    left.subtract(placed)
    pool = [t for t in sorted(left, key=lambda t: (t[1], t[0])) for _ in range(max(0, left[t]))
            if not is_flower(t) and t != position.get("gold")]
    pool = pool[::3] + pool[1::3] + pool[2::3]          # spread the suits over the hands
    hands = list(position["hands"])
    dealer = position.get("dealer", 0)
    for seat in range(4):
        if not hands[seat]:
            n = (14 if seat == dealer else 13) - 3 * len(position.get("melds", [[], [], [], []])[seat])
            hands[seat], pool = format_tiles(pool[:n]), pool[n:]
    return {**position, "hands": hands}
