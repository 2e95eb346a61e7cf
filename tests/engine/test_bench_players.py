"""Issue 35's bench-only players (bench/players.py): the oracle and the random-legal player play
only legal actions, the oracle never scores below the bot it improves on, and neither can reach
the page: no engine module imports bench/, and the engine's wheel is built from py_engine alone.
Also the kept results (bench/results/bots-ladder.json) carry what a rerun needs."""
from __future__ import annotations

import ast
import importlib.util
import json
import sys
import tomllib
from pathlib import Path

import pytest

from py_engine import Game

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"


def load(name: str):  # noqa: ANN201
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


players = load("players")


def play(variant: str, seed: int, seating: list[str]) -> Game:
    game = Game.new(variant, seed=seed)
    while not game.is_over:
        seat = game.waiting_for[0]
        legal = game.legal_actions(seat)
        action = players.choose(game, seat, seating[seat], seating)
        assert action in legal, (seating[seat], action, legal)
        game.apply(seat, action)          # apply checks legality again
    return game


@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_the_oracle_and_the_random_player_play_whole_hands_legally(variant: str) -> None:
    game = play(variant, 7, ["oracle", "easy", "random", "easy"])
    assert sum(game.result["deltas"]) == 0


@pytest.mark.parametrize("variant,seed", [("xinyu", 3), ("longyan", 3)])
def test_the_oracle_scores_at_least_what_normal_scores_in_its_seat(variant: str, seed: int) -> None:
    """Normal's choice is always among the oracle's candidates and its playout is exact, so the
    oracle can only keep or raise what normal would have scored on the same wall."""
    field = ["easy"] * 4
    normal = play(variant, seed, ["normal", *field[1:]]).result["deltas"][0]
    oracle = play(variant, seed, ["oracle", *field[1:]]).result["deltas"][0]
    assert oracle >= normal


def test_random_legal_is_the_same_on_the_same_state() -> None:
    game = Game.new("xinyu", seed=5)
    seat = game.waiting_for[0]
    assert players.random_legal(game, seat) == players.random_legal(game.clone(), seat)


def test_the_bench_players_never_ship() -> None:
    for path in (ROOT / "py_engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
            for name in names:
                assert name.split(".")[0] not in ("bench", "players"), f"{path} imports {name}"
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert packages["tool"]["setuptools"]["packages"]["find"]["include"] == ["py_engine", "py_engine.*"]
    tree = ast.parse((ROOT / "build.py").read_text(encoding="utf-8"))
    inputs = next(node.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                  and any(getattr(t, "id", None) == "WHEEL_INPUTS" for t in node.targets))
    words = {getattr(e, "value", getattr(e, "id", None)) for e in inputs.elts}
    assert "bench" not in words and words <= {"pyproject.toml", "README.md", "ENGINE_PACKAGE"}


def test_the_kept_ladder_results_say_how_to_rerun_them() -> None:
    kept = json.loads((BENCH / "results" / "bots-ladder.json").read_text(encoding="utf-8"))
    assert kept["runs"]
    for key, run in kept["runs"].items():
        assert run["command"].startswith("python bench/bots.py "), key
        assert run["walls"]["count"] > 0 and run["hands"] > 0 and run["date"] and run["load"]["start"]
        for margin in run["margins"]:
            low, high = margin["ci95"]
            assert low <= margin["mean"] <= high, (key, margin)
        assert "--results" not in run["command"], key       # a rerun writes where bench/README.md reads


def test_the_benches_bot_ladder_is_the_kept_results() -> None:
    """bench/README.md's bot ladder is what ``bench/bots.py --ladder`` prints from the kept results, so
    a bot change that reruns its pairs cannot leave the published figures behind."""
    readme = (BENCH / "README.md").read_text(encoding="utf-8")
    start, end = "<!-- ladder: python bench/bots.py --ladder -->\n", "\n<!-- /ladder -->"
    assert start in readme and end in readme
    block = readme.split(start, 1)[1].split(end, 1)[0]
    assert block == load("bots").ladder(BENCH / "results" / "bots-ladder.json")


def test_the_ladder_pools_runs_on_disjoint_walls_only(tmp_path: Path) -> None:
    """Two runs of one pair on other walls are pooled in the ladder (the mean weighed by walls, the
    interval narrower by their number's root); runs sharing walls are not pooled."""
    def run(first: int, count: int, mean: float, half: float) -> dict:
        return {"command": "python bench/bots.py", "walls": {"first_seed": first, "count": count}, "hands": 5 * count,
                "margins": [{"mean": mean, "ci95": [mean - half, mean + half], "clear_of_zero": mean > half}],
                "date": "2026-12-05T00:00:00+00:00", "seconds": 1}
    bots = load("bots")
    path = tmp_path / "kept.json"
    path.write_text(json.dumps({"runs": {"xinyu/swap/hard-normal": run(1, 100, 0.1, 0.12),
                                         "xinyu/swap/hard-normal/from-101": run(101, 100, 0.1, 0.12)}}))
    row = [line for line in bots.ladder(path).splitlines() if "pooled" in line]
    assert len(row) == 1 and "1,000 (the 2 runs above, pooled) | +0.100 | [+0.015, +0.185] | yes" in row[0], row
    path.write_text(json.dumps({"runs": {"xinyu/swap/hard-normal": run(1, 100, 0.1, 0.12),
                                         "xinyu/swap/hard-normal/from-51": run(51, 100, 0.1, 0.12)}}))
    assert "pooled" not in bots.ladder(path)


def test_the_levels_on_the_puzzle_sets_bench_asks_every_level() -> None:
    """bench/puzzle_levels.py (issue 35: the levels measured on the puzzle sets) asks each level at
    each puzzle's moment; hard gives every published answer (the answers are its choices)."""
    found = load("puzzle_levels").choices("xinyu")
    assert len(found) >= 12
    for _pid, answer, chosen in found:
        assert set(chosen) == {"easy", "normal", "hard"} and chosen["hard"] == answer
    assert any(chosen["easy"] != answer for _pid, answer, chosen in found)     # the beginner misses some
