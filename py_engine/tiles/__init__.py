"""The tiles and what a hand of them makes, under no rule set: codes and the tile notation
(codes.py, re-exported here), melds, hand shapes with wild golds (shapes.py), the gold reading
(golds.py), the sets a won hand splits into (win_reading.py), and how an error quotes its input
(quote.py). Imports nothing of the engine above it (tests/engine/test_layout.py)."""
from __future__ import annotations

from .codes import (CODES, FLOWER_BASE, FLOWERS, HONOR_BASE, INDEX, NUM_KINDS, WHITE_DRAGON, as_tiles,
                    check_code, counts34, format_tiles, full_set, is_flower, parse_tiles, sort_key,
                    sorted_tiles)

__all__ = ["CODES", "FLOWER_BASE", "FLOWERS", "HONOR_BASE", "INDEX", "NUM_KINDS", "WHITE_DRAGON", "as_tiles",
           "check_code", "counts34", "format_tiles", "full_set", "is_flower", "parse_tiles", "sort_key",
           "sorted_tiles"]
