"""Xinyu (新余) and Longyan Xinzhuang (龙岩新庄) mahjong: rules, scoring, bots and hints in pure Python."""
from __future__ import annotations

#: The engine's version, as pyproject.toml gives it (the page's trimmed standard library has no
#: importlib.metadata to read it from the wheel).
__version__ = "0.1.0"

from .game import Game, IllegalActionError
from .match import Match
from .tiles import format_tiles, parse_tiles

__all__ = ["Game", "IllegalActionError", "Match", "format_tiles", "parse_tiles"]
