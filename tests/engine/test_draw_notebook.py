"""docs/notebooks/drawing.ipynb, executed by a real kernel (nbclient): a hand, a position and a
settlement show themselves with the game's tile art, in the language asked."""
from __future__ import annotations

import os
import re
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "docs" / "notebooks" / "drawing.ipynb"


def outputs(cell) -> dict[str, str]:
    """A code cell's displayed value by MIME type."""
    shown = [o for o in cell.outputs if o.output_type in ("execute_result", "display_data")]
    assert len(shown) == 1, cell.source
    return dict(shown[0].data)


def test_the_notebook_shows_a_hand_a_position_and_a_settlement(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not c.get("outputs") for c in notebook.cells if c.cell_type == "code"), "kept without outputs"
    NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    code = [c for c in notebook.cells if c.cell_type == "code"]
    errors = [o for c in code for o in c.outputs if o.output_type == "error"]
    assert errors == []

    hand = outputs(code[1])
    svg = hand["image/svg+xml"]
    assert svg.startswith("<svg") and 'aria-label="手牌：一万、二万、三万' in svg and "碰红中（上家打出）" in svg
    assert re.findall(r'data-tile="(\w+)"', svg)[-10:] == ["7z", "7z", "7z", "back", "9s", "9s", "back", "1f", "5f", "5m"]
    assert 'data-tile="5m" data-look="gold"' in svg and "<svg" in hand["text/html"]
    assert 'aria-label="手牌：一萬、二萬、三萬、四萬；和牌：四萬（下家打出）；加槓三餅（對家打出）；金：五萬"' in \
        outputs(code[2])["image/svg+xml"]

    position = outputs(code[3])["text/html"]
    assert position.count("<svg") == 5  # the gold, then each seat
    assert "You (East)" in position and "Across (West)" in position
    # the reader's own hand face up, the others' face down
    hands = re.findall(r"<svg.*?</svg>", position, re.S)
    assert 'data-tile="1m"' in hands[1] and 'data-look="gold"' in hands[1]
    assert set(re.findall(r'data-tile="(\w+)"', hands[2])) == {"back"}

    settlement = outputs(code[4])["text/html"]
    # the seats named as Position names them, from the reader's seat (issue 56: 下方/右方… before)
    assert "你（东）胡了" in settlement and "下方" not in settlement and "付分" in settlement and "+12" in settlement
    assert 'data-tile="7z"' in settlement and 'data-tile="1f"' in settlement


def won_game():
    from py_engine import Game

    game = Game.from_position({"variant": "xinyu", "hands": ["123m456p78s11z999m9s", "", "", ""]})  # a lesson's "" hands
    game.apply(0, "win")
    return game


def test_position_and_settlement_name_the_seats_alike_and_escape_every_field():
    import copy

    import pytest

    from py_engine.draw import Position, Settlement

    game = won_game()
    names = lambda html: re.findall(r"你（[东南西北]）|下家（.）|对家（.）|上家（.）|下方（.）|右方（.）|上方（.）|左方（.）", html)  # noqa: E731
    position, settlement = Position(game, 0, lang="zh-Hans")._repr_html_(), Settlement(game, lang="zh-Hans")._repr_html_()
    assert set(names(settlement)) <= set(names(position)) and "你（东）" in settlement, (names(position), names(settlement))
    assert {"下方（东）"} <= set(names(Settlement(game, None, lang="zh-Hans")._repr_html_())) == set(names(Position(game, None, lang="zh-Hans")._repr_html_()))
    # a result's fields written as text, escaped (issue 55: amount and scores were not)
    hostile = copy.deepcopy(game.result)
    hostile["payments"][0]["amount"] = "<img src=x onerror=alert(1)>"
    hostile["scores"][1] = "<b>x</b>"

    class Shown:
        result = hostile

        def observation(self, seat):
            return game.observation(seat)

    html = Settlement(Shown(), lang="en")._repr_html_()
    assert "<img" not in html and "<b>x" not in html and "&lt;img src=x" in html and "&lt;b&gt;x" in html
    # what is not the engine's dict: a ValueError, nothing else
    broken = copy.deepcopy(game.result)
    del broken["payments"]
    Shown.result = broken
    with pytest.raises(ValueError):
        Settlement(Shown())._repr_html_()
    with pytest.raises(ValueError):
        Position({"hands": 5})._repr_html_()
