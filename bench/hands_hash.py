"""Behaviour hash of the engine: ``python bench/hands_hash.py [--root TREE] [--hands N]``.

Plays N seeded hands of each rule set (options varied by seed) with the bots of every level and
hashes, action by action, the seat, its legal actions, the chosen action, the events `apply`
returned and the acting seat's observation fields of the API.md contract; then each result. Two
trees that print the same digest play the same actions, events and results (issue 11, "Must not
change"). ``--root`` imports py_engine from another checkout (e.g. a pristine copy of main).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

#: The observation fields hashed: those of API.md and OBSERVATION.md before issue 11 (fields added
#: later are left out so that adding one does not change the digest).
OBS_FIELDS = (
    "seat", "variant", "options", "dealer", "seat_winds", "scores", "hand_deltas", "turn", "phase",
    "waiting_for", "legal_actions", "is_over", "hands", "hand_counts", "drawn", "discards",
    "last_discard", "flowers", "flower_kongs", "gold", "gold_tile_out", "swims", "furiten",
    "tiles_left", "unseen", "history_length",
)

#: (variant, options) cycled by seed
CONFIGS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("xinyu", {}),
    ("xinyu", {"discard_win": True}),
    ("xinyu", {"scoring": "simple", "draw_keeps_dealer": True}),
    ("longyan", {}),
    ("longyan", {"gold_wild": "suited", "white_dragon": "plain"}),
    ("longyan", {"three_golds": "opening_only", "gold_holder_no_discard_win": True, "reserve_tiles": 16}),
)


def _melds(obs: dict[str, Any]) -> Any:
    """Melds as strings whatever their shape in the observation (strings before issue 11, dicts after)."""
    out = []
    for seat_melds in obs["melds"]:
        row = []
        for m in seat_melds:
            row.append(m if isinstance(m, str) else [m.get("type"), m.get("tile"), m.get("from"), m.get("hidden")])
        out.append(row)
    return out


def _result(result: dict[str, Any] | None) -> Any:
    if result is None:
        return None
    keys = ("winners", "discarder", "payments", "deltas", "scores", "next_dealer", "hands")
    wins = [{k: w.get(k) for k in ("seat", "category", "patterns", "multiplier", "hand", "melds", "tile")}
            for w in result["wins"]]
    return {**{k: result.get(k) for k in keys}, "wins": wins}


def _event(e: dict[str, Any]) -> dict[str, Any]:
    if e.get("type") == "win":
        return {k: e.get(k) for k in ("type", "seat", "category", "patterns", "multiplier", "tile", "discarder")}
    return e


def play(variant: str, options: dict[str, Any], seed: int, levels: tuple[str, ...], digest: Any) -> int:
    from py_engine import Game, bots

    game = Game.new(variant, seed=seed, options=options, dealer=seed % 4)
    actions = 0
    while not game.is_over:
        seat = game.waiting_for[0]
        obs = game.observation(seat)
        action = bots.choose(game, seat, levels[(seat + seed) % len(levels)])
        events = game.apply(seat, action)
        record = [seat, action, {k: obs.get(k) for k in OBS_FIELDS}, _melds(obs), [_event(e) for e in events]]
        digest.update(json.dumps(record, sort_keys=True, default=str).encode())
        actions += 1
    digest.update(json.dumps(_result(game.result), sort_keys=True).encode())
    position = game.to_position()
    digest.update(json.dumps({k: v for k, v in position.items() if k != "flowers"}, sort_keys=True).encode())
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--hands", type=int, default=2000, help="hands per rule set")
    parser.add_argument("--levels", default="easy,normal", help="bot levels, cycled by seat")
    args = parser.parse_args()
    sys.path.insert(0, args.root)
    levels = tuple(args.levels.split(","))
    for variant in ("xinyu", "longyan"):
        digest = hashlib.sha256()
        configs = [c for c in CONFIGS if c[0] == variant]
        start = time.perf_counter()
        actions = 0
        for seed in range(args.hands):
            _, options = configs[seed % len(configs)]
            actions += play(variant, options, seed, levels, digest)
        print(f"{variant:8} {args.hands} hands, {actions} actions, levels {','.join(levels)}: "
              f"{digest.hexdigest()[:16]}  ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
