"""Xinyu (新余麻将) as data: options and the pattern table (docs/RULES.md §2)."""
from __future__ import annotations

from typing import Any

# option -> allowed values; the first is the default
OPTIONS: dict[str, tuple[Any, ...]] = {
    "scoring": ("default", "simple"),       # seed 002 / seed 000 multipliers
    "draw_keeps_dealer": (False, True),     # after a drawn hand: False -> the dealer's next player deals
    "discard_win": (False, True),           # 点炮: wins on another player's discard
    "timer": (0, 10, 20, 30),               # seconds per decision in the page, 0 = off
}

#: Tiles taken from the wall (deal and replacements counted) before the hand is drawn: 16 stay unplayed.
DRAW_LIMIT = 120

#: Multipliers per pattern id: (default, simple). Luxury seven pairs is 4·2^k / 2·2^k (see scoring).
MULTIPLIERS: dict[str, tuple[int, int]] = {
    "concealed": (2, 2),        # 门清
    "kong": (2, 2),             # 开杠
    "seven_pairs": (4, 2),      # 七小对
    "half_flush": (2, 2),       # 混一色
    "full_flush": (4, 4),       # 清一色
    "all_honors": (8, 8),       # 全风向
    "all_pungs": (2, 2),        # 碰碰胡
    "flying": (4, 2),           # 飞起来
    "kong_bloom": (2, 2),       # 杠上开花
}
LUXURY_BASE: tuple[int, int] = (4, 2)   # 豪华七小对: base · 2^k

#: Kong payments: each other player pays the kong's owner (docs/RULES.md §2, kong payments).
KONG_PAYMENT = {"exposed": 1, "concealed": 2}
