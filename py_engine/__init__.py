"""Xinyu (新余) and Longyan Xinzhuang (龙岩新庄) mahjong: rules, scoring, bots and hints in pure Python.

The engine is in packages by job (tests/engine/test_layout.py holds which may import which):
tiles/ (codes, notation, hand shapes), rules/ (one module per rule set), play/ (the referee, a
hand's state, a match), bots/, teach/ (analysis, hints, the analyzer, puzzles, lessons, review,
words), record/ (replays), and bridge.py, the page's one door. The names below are what Python
users import from here; the teaching modules load on first use, so the page's boot does not pay
for them.
"""
from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

from .play.game import Game, IllegalActionError
from .play.match import Match
from .tiles import format_tiles, parse_tiles
from .version import __version__

if TYPE_CHECKING:
    from .teach import analysis, hints, words

#: Modules Python users reach as `from py_engine import analysis` (API.md), loaded on first use.
_LAZY = {"analysis": ".teach.analysis", "hints": ".teach.hints", "words": ".teach.words"}

__all__ = ["Game", "IllegalActionError", "Match", "__version__", "analysis", "format_tiles", "hints",
           "parse_tiles", "words"]


def __getattr__(name: str) -> ModuleType:
    if name in _LAZY:
        module = import_module(_LAZY[name], __name__)
        globals()[name] = module
        return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
