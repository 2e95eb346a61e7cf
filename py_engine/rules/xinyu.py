"""Xinyu (新余麻将): options, the pattern table, and the hooks the referee calls (docs/RULES.md §2).

Self-draw only unless option discard_win (点炮; then several may win on one discard, 一炮多响);
multiplicative patterns, the best reading paid; the all-honors free hand (全风向); kongs paid by
each other player; the winner deals next; a drawn hand after 120 tiles.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..tiles import shapes
from ..tiles.win_reading import reading_of
from .results import Payment, Win
from ..tiles import HONOR_BASE, counts34, format_tiles
from .base import BotTuning, HandView, RuleSet, free_hand_shanten
from ..types import OptionValue, Options

if TYPE_CHECKING:
    from ..tiles.melds import Meld

# option -> allowed values; the first is the default
OPTIONS: dict[str, tuple[OptionValue, ...]] = {
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

PATTERN_ORDER = (
    "concealed", "kong", "seven_pairs", "luxury_seven_pairs", "half_flush", "full_flush",
    "all_honors", "all_pungs", "flying", "kong_bloom",
)


#: MULTIPLIERS' two columns as tables (pattern id -> multiplier): default, simple.
TABLES: tuple[dict[str, int], dict[str, int]] = (
    {pid: pair[0] for pid, pair in MULTIPLIERS.items()}, {pid: pair[1] for pid, pair in MULTIPLIERS.items()})


# ---- scoring: multiplicative patterns, best reading (docs/RULES.md §2 Win settlement) ----

@dataclass(frozen=True)
class XinyuScore:
    """A complete Xinyu hand scored: its pattern ids, each one's multiplier, M (their product), and
    the shape of the reading paid ("standard", "all_pungs", "seven_pairs" or "all_honors")."""

    patterns: tuple[str, ...]
    pattern_multipliers: tuple[tuple[str, int], ...]
    multiplier: int
    shape: str


def score_counts(counts: Sequence[int], melds: int, has_kong: bool, meld_suits: frozenset[str] | set[str],
                 *, self_draw: bool, kong_bloom: bool, simple: bool) -> XinyuScore | None:
    """The best reading of complete concealed counts (34 slots) with `melds` melds of `meld_suits`
    (suit letters, "z" for honors): the one scoring, read by the referee and the bots alike."""
    column = 1 if simple else 0
    common: list[str] = []
    if not melds and self_draw:
        common.append("concealed")
    if has_kong:
        common.append("kong")
    suits = {"mps"[k // 9] for k in range(HONOR_BASE) if counts[k]} | (set(meld_suits) - {"z"})
    honors = any(counts[HONOR_BASE:]) or "z" in meld_suits
    if not suits:
        common.append("all_honors")
    elif len(suits) == 1:
        common.append("half_flush" if honors else "full_flush")
    if kong_bloom and self_draw:
        common.append("kong_bloom")

    readings: list[tuple[str, list[str]]] = []
    if shapes.is_standard_win(counts):
        shape = []
        if _all_pungs(counts):
            shape.append("all_pungs")
            if melds == 4:
                shape.append("flying")        # 飞起来 also scores all_pungs (再×4)
        readings.append(("all_pungs" if shape else "standard", shape))
    if not melds and shapes.is_seven_pairs(counts):
        fours = sum(1 for c in counts if c == 4)
        readings.append(("seven_pairs", ["luxury_seven_pairs"] if fours else ["seven_pairs"]))
    if not readings and free_hand_shanten(counts, melds) == -1:
        readings.append(("all_honors", []))   # 全风向 free hand: all honors, any shape
    if not readings:
        return None

    best: XinyuScore | None = None
    for shape_name, shape in readings:
        ids = set(common) | set(shape)
        ordered = tuple(p for p in PATTERN_ORDER if p in ids)
        each = tuple((pid, pattern_multiplier(pid, counts, column)) for pid in ordered)
        m = 1
        for _, value in each:
            m *= value
        if best is None or m > best.multiplier:
            best = XinyuScore(ordered, each, m, shape_name)
    return best


def score(concealed: Sequence[str], melds: Sequence[Meld], *, self_draw: bool, kong_bloom: bool,
          simple: bool) -> XinyuScore | None:
    """The best-scoring reading of a complete hand given as tiles, or None if it does not win."""
    return score_counts(counts34(concealed), len(melds), any(m.is_kong for m in melds),
                        {m.tile[1] for m in melds}, self_draw=self_draw, kong_bloom=kong_bloom, simple=simple)


def pattern_multiplier(pid: str, counts: Sequence[int], column: int) -> int:
    """One pattern's multiplier; luxury seven pairs is base·2^k for its k fours (docs/RULES.md §2)."""
    if pid == "luxury_seven_pairs":
        k = sum(1 for c in counts if c == 4)
        return LUXURY_BASE[column] << k          # base · 2^k
    return MULTIPLIERS[pid][column]


def _all_pungs(counts: Sequence[int]) -> bool:
    """Every concealed set a triplet: one kind twice, the rest three times or absent."""
    pairs = 0
    for c in counts:
        if c == 2:
            pairs += 1
        elif c not in (0, 3):
            return False
    return pairs == 1


def win_payments(win: Win, discarder: int | None) -> list[Payment]:
    """Self-draw: each other player pays 2·M. Discard win: the discarder alone pays 1·M."""
    if discarder is None:
        return [Payment(s, win.seat, 2 * win.multiplier, "win") for s in range(4) if s != win.seat]
    return [Payment(discarder, win.seat, win.multiplier, "win")]


@functools.cache
def win_total(multiplier: int, self_draw: bool) -> int:
    """What a win of M brings its winner in all: win_payments summed (the bots' value of a win)."""
    win = Win(0, "self_draw" if self_draw else "discard_win", (), multiplier, "", (), None)
    return sum(p.amount for p in win_payments(win, None if self_draw else 1))


def kong_payments(owner: int, concealed: bool) -> list[Payment]:
    unit = KONG_PAYMENT["concealed" if concealed else "exposed"]
    reason = "concealed_kong" if concealed else "kong"
    return [Payment(s, owner, unit, reason) for s in range(4) if s != owner]


@dataclass(frozen=True)
class Xinyu(RuleSet):
    """The hooks of Xinyu."""

    def wall_floor(self, wall_tiles: int, drawn_count: int, options: Options) -> int:
        # where the 120-tile limit falls: every draw takes one tile from the wall and counts one more
        return max(0, wall_tiles - (DRAW_LIMIT - drawn_count))

    def may_win_on_discard(self, options: Options, golds: int = 0) -> bool:
        return bool(options["discard_win"])

    def refusal(self, state: HandView, seat: int, how: str) -> str | None:
        if how == "self_draw" or (how == "discard" and state.options["discard_win"]):
            return None
        return "self_draw_only"

    def several_winners(self, window_kind: str, options: Options) -> bool:
        return window_kind == "claim" and bool(options.get("discard_win"))

    def score_win(self, state: HandView, seat: int, category: str, tile: str | None,
                  concealed: Sequence[str], melds: Sequence[Meld], self_draw: bool) -> Win:
        scored = score(concealed, melds, self_draw=self_draw, kong_bloom=state.replacement and self_draw,
                       simple=state.options["scoring"] == "simple")
        assert scored is not None, "a legal win always scores"
        return Win(seat, category, scored.patterns, scored.multiplier, format_tiles(concealed),
                   tuple(str(m) for m in melds), tile, pattern_multipliers=scored.pattern_multipliers,
                   read=functools.partial(reading_of, list(concealed), tuple(melds), None, self.gold_rule(state.options),
                                                scored.shape))

    def evaluate(self, tiles: Sequence[str], melds: Sequence[Meld], gold: str | None,
                 options: Options, self_draw: bool, kong_bloom: bool) -> Win | None:
        if gold is not None:
            raise ValueError("xinyu has no gold")
        scored = score(tiles, melds, self_draw=self_draw, kong_bloom=kong_bloom, simple=options["scoring"] == "simple")
        if scored is None:
            return None
        return Win(0, "self_draw" if self_draw else "discard_win", scored.patterns, scored.multiplier,
                   format_tiles(tiles), tuple(str(m) for m in melds), None,
                   pattern_multipliers=scored.pattern_multipliers,
                   read=functools.partial(reading_of, list(tiles), tuple(melds), None, self.gold_rule(options), scored.shape))

    def win_payments(self, win: Win, dealer: int, discarder: int | None) -> list[Payment]:
        return win_payments(win, discarder)

    def kong_payments(self, owner: int, dealer: int, concealed: bool, reason: str) -> list[Payment]:
        return kong_payments(owner, concealed)

    def next_dealer(self, dealer: int, first_winner: int) -> int:
        return first_winner                  # the winner deals next

    def next_dealer_after_draw(self, dealer: int, options: Options) -> int:
        return dealer if options["draw_keeps_dealer"] else (dealer + 1) % 4

    def pattern_multipliers(self, options: Options) -> Mapping[str, int]:
        return TABLES[1 if options.get("scoring") == "simple" else 0]

    def win_total(self, category: str, multiplier: int, dealer_wins: bool) -> int:
        return win_total(multiplier, category != "discard_win")      # the dealer pays no more here

    def self_draw_total(self, counts: Sequence[int], golds: int, melds: int, has_kong: bool,
                        meld_suits: frozenset[str], options: Options, dealer_wins: bool,
                        kong_bloom: bool = False) -> int:
        scored = score_counts(counts, melds, has_kong, meld_suits, self_draw=True, kong_bloom=kong_bloom,
                              simple=options.get("scoring") == "simple")
        assert scored is not None, "a complete hand scores"
        return win_total(scored.multiplier, True)


RULES = Xinyu("xinyu", flowers=False, stacks_per_side=17, options=OPTIONS, tail_die=True,
              free_honors=True,   # 全风向: fourteen honors win in any shape (RuleSet.special_wins)
              # Xinyu's hands are slower than Longyan's: more rounds survive
              # hard: another's win costs a seat 4.0 on average (bench/fit_hard.py); weighing it at 6
              # (speed over value) and anticipating flying measured best (bench/README-bots.md)
              bots=BotTuning(survive=0.94, avoided_loss=2.5, pong_when_ready=False,
                               hard_avoided_loss=6.0, hard_flying_share=(0.3, 0.575, 0.85),
                               easy_beginner=True))
