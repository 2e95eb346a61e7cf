"""Xinyu (新余) and Longyan Xinzhuang (龙岩新庄) mahjong: rules, scoring, bots and hints in pure Python."""
from __future__ import annotations

from .tiles import format_tiles, parse_tiles

__all__ = ["format_tiles", "parse_tiles"]
