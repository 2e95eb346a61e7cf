"""The help page's worked examples, computed by the engine at build time (build.py calls write).

Each worked example of docs/RULES.md (§2 and §3 "Worked examples"; their positions and moves
are kept in tests/golden/worked_examples.json, which the engine tests check) is played by the
engine, and what the help page draws is its result: the winner's hand as the engine read it,
the category and patterns with their multipliers or base, the payments and the deltas. So the
help can never disagree with the game: a rule change changes the help at the next build.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "tests" / "golden" / "worked_examples.json"


def examples() -> list[dict[str, Any]]:
    """Every worked example replayed by the engine: its result, checked against the rules' deltas."""
    sys.path.insert(0, str(ROOT))
    try:
        from py_engine import Game
    finally:
        sys.path.remove(str(ROOT))
    out = []
    for example in json.loads(EXAMPLES.read_text(encoding="utf-8")):
        game = Game.from_position({**example["position"], "history": example["history"]})
        result = game.result
        if result is None or result["deltas"] != example["deltas"]:
            raise ValueError(f"worked example {example['name']}: the engine gives "
                             f"{result and result['deltas']}, docs/RULES.md {example['deltas']}")
        out.append({
            "name": example["name"],
            "variant": example["position"]["variant"],
            "dealer": example["position"].get("dealer", 0),
            "gold": example["position"].get("gold"),
            "result": {k: result[k] for k in ("winners", "discarder", "wins", "payments", "deltas")},
        })
    return out


def write(path: Path) -> Path:
    path.write_text(json.dumps({"examples": examples()}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    print(json.dumps(examples(), ensure_ascii=False, indent=1))
