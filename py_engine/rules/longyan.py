"""Longyan Xinzhuang (龙岩新庄麻将) as data: options, categories, payments (docs/RULES.md §3)."""
from __future__ import annotations

from typing import Any

# option -> allowed values; the first is the default
OPTIONS: dict[str, tuple[Any, ...]] = {
    "gold_wild": ("any", "suited"),                     # a gold stands for any tile / m-p-s only
    "white_dragon": ("replace_gold", "plain"),          # 白板替金
    "reserve_tiles": (0, 16),                           # wall tiles left when the hand is drawn
    "three_golds": ("any_time", "opening_only"),        # 三金倒 on any own turn / only at the start
    "gold_holder_no_discard_win": (False, True),        # 有金不平胡
    "timer": (20, 0, 10, 30),                           # seconds per decision in the page, 0 = off
}

#: Win categories and their base b, highest first among those that apply (swim_triple is a fixed table).
CATEGORY_BASE: dict[str, int] = {
    "discard_win": 1,     # 胡牌 (the discarder pays 1 more)
    "self_draw": 2,       # 自摸
    "rob_kong": 2,        # 抢杠
    "rob_gold": 4,        # 抢金
    "three_golds": 4,     # 三金倒
    "swim_single": 4,     # 单游
    "swim_double": 8,     # 双游
}
SWIM_CATEGORY = {1: "swim_single", 2: "swim_double", 3: "swim_triple"}
#: 三游: non-dealer winner -> dealer pays 24, others 16; dealer winner -> each pays 24.
SWIM_TRIPLE = {"dealer_pays": 24, "other_pays": 16, "dealer_wins_each": 24}

#: Kong payments (flower kongs are exposed): by a non-dealer, the dealer pays double; by the dealer, each pays double.
KONG_UNIT = {"exposed": 1, "concealed": 2}
