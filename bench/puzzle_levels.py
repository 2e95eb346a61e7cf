"""Each bot level on the project's puzzle sets: ``python bench/puzzle_levels.py [--detail]``.

For every puzzle of ``web/puzzles/<variant>.json`` (issue 14: a moment where one seat discards,
with its published answer) each level (easy, normal, hard) is asked what it would play there, and
the table counts how often it gives the published answer. Read it with how the sets were made
(tools/make_puzzles.py): each answer is the engine's choice (the hard bot's ranking,
discards.rank), kept where it differs from the plain efficiency pick or a gold or a swim is in
question, and reviewed by hand; tests/engine/test_puzzles.py keeps each answer the engine's. So
hard agrees on every puzzle by construction, and the counts say how much of what the puzzles
teach (patterns, golds, swims) the lower levels play: issue 35's "measured on the puzzle sets",
beside the duplicate bench (bench/bots.py), which measures strength. ``--detail`` lists each
puzzle's choices.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from py_engine import bots  # noqa: E402
from py_engine.teach.puzzles import moment  # noqa: E402

LEVELS = ("easy", "normal", "hard")
NAMES = {"xinyu": "Xinyu", "longyan": "Longyan"}


def choices(variant: str) -> list[tuple[str, str, dict[str, str]]]:
    """(puzzle id, published answer, {level: its choice}) for each puzzle of the rule set."""
    data = json.loads((ROOT / "web" / "puzzles" / f"{variant}.json").read_text(encoding="utf-8"))
    out = []
    for puzzle in data["puzzles"]:
        chosen = {}
        for level in LEVELS:
            game, seat = moment(puzzle["position"])
            chosen[level] = bots.choose(game, seat, level)
        out.append((puzzle["id"], puzzle["answer"], chosen))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--detail", action="store_true", help="each puzzle's answer and every level's choice")
    args = ap.parse_args()
    rows = ["| rule set | puzzles | " + " | ".join(f"{lv}: gives the answer" for lv in LEVELS) + " |",
            "|---|---|" + "---|" * len(LEVELS)]
    detail = ["| puzzle | answer | " + " | ".join(LEVELS) + " |", "|---|---|" + "---|" * len(LEVELS)]
    for variant in NAMES:
        found = choices(variant)
        agree = {lv: sum(c[lv] == answer for _, answer, c in found) for lv in LEVELS}
        rows.append(f"| {NAMES[variant]} | {len(found)} | "
                    + " | ".join(f"{agree[lv]} ({agree[lv] / len(found):.0%})" for lv in LEVELS) + " |")
        detail += [f"| {pid} | {answer} | " + " | ".join(c[lv] for lv in LEVELS) + " |" for pid, answer, c in found]
    print("\n".join(rows))
    if args.detail:
        print()
        print("\n".join(detail))


if __name__ == "__main__":
    main()
