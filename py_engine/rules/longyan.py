"""Longyan Xinzhuang (龙岩新庄麻将): options, categories, payments, and the hooks the referee calls
(docs/RULES.md §3).

One category per win, the highest that applies, each with a base b; the dealer pays and takes
double. The gold (开金) is wild; white dragons stand for its face (白板替金, option). A swim (游金):
with a gold in the pair, discard and declare; the next draw wins whatever it is. A single swim
(a gold paired with a natural tile) pays b = 4; a double swim (the pair was two golds, or a drawn
gold climbs one level) b = 8; a triple swim a fixed table. While another seat swims double, only a
self-draw may win; while one swims triple, only 杠上开花. Three golds (三金倒) win at once.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..tiles.golds import GoldRule, count_index, hand_counts
from ..tiles.win_reading import reading_of
from .results import Payment, Win
from ..tiles.shapes import can_form_sets, is_win
from ..tiles import INDEX, format_tiles, sort_key
from .base import BotTuning, HandView, RuleSet
from ..types import OptionValue, Options

if TYPE_CHECKING:
    from ..tiles.melds import Meld

# option -> allowed values; the first is the default
OPTIONS: dict[str, tuple[OptionValue, ...]] = {
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


def gold_rule(options: Options) -> GoldRule:
    """How the gold reads under the options gold_wild and white_dragon (白板替金)."""
    return GoldRule(wild="suited" if options.get("gold_wild") == "suited" else "any",
                    white=options.get("white_dragon") != "plain")


def read_win(concealed: Sequence[str], melds: Sequence[Meld], gold: str | None,
             rule: GoldRule) -> dict[str, Any] | None:
    """The reading of a won hand (win_reading.py); three golds (三金倒) that form no shape read as
    their golds."""
    found = reading_of(concealed, melds, gold, rule)
    if found is None and gold is not None and list(concealed).count(gold) >= 3:
        golds = [t for t in concealed if t == gold]
        found = {"shape": "three_golds", "groups": [{"type": "golds", "tiles": golds, "as": golds}],
                 "melds": [m.to_dict() for m in melds], "stand_ins": []}
    return found


# ---- 游金, the swim (docs/RULES.md §3) ----

def swim_tiles(hand: Sequence[str], gold: str, rule: GoldRule) -> list[str]:
    """Tiles T whose discard leaves the other 13 as sets plus one lone gold: a single swim when the
    pair was a gold with T, a double swim when T is a gold and the pair was two golds."""
    counts, golds = hand_counts(hand, gold, rule)
    if golds == 0:
        return []
    wild = rule.wild
    out = []
    for tile in sorted(set(hand), key=sort_key):
        if tile == gold:
            if golds >= 2 and can_form_sets(counts, golds - 2, wild):
                out.append(tile)       # double swim: the pair was two golds
            continue
        rest = list(counts)
        rest[count_index(tile, gold, rule)] -= 1   # a white dragon fills the gold's face
        if can_form_sets(rest, golds - 1, wild):
            out.append(tile)           # single swim: the pair was a gold with T
    return out


def swim_level(current: int, tile: str, gold: str | None) -> int:
    """The level "swim T" reaches: one up while swimming (a drawn gold discarded), else double when
    T is a gold (the pair was two golds), single otherwise."""
    return current + 1 if current else (2 if tile == gold else 1)


# ---- categories and payments (docs/RULES.md §3 Win settlement) ----

def category(candidates: Sequence[str]) -> tuple[str, int]:
    """The highest-paying category among those that apply, with its base (0 for swim_triple)."""
    if "swim_triple" in candidates:
        return "swim_triple", 0
    best = max(candidates, key=lambda c: CATEGORY_BASE[c])
    return best, CATEGORY_BASE[best]


def win_payments(win: Win, dealer: int, discarder: int | None) -> list[Payment]:
    """Base b: a non-dealer winner gets 2b from the dealer and b from each other; a dealer winner 2b from each."""
    payments = []
    for s in range(4):
        if s == win.seat:
            continue
        if win.category == "swim_triple":
            table = SWIM_TRIPLE
            if win.seat == dealer:
                amount = table["dealer_wins_each"]
            else:
                amount = table["dealer_pays"] if s == dealer else table["other_pays"]
        else:
            b = win.multiplier
            amount = 2 * b if (s == dealer or win.seat == dealer) else b
            if win.category == "discard_win" and s == discarder:
                amount += 1               # the discarder pays 1 more
        payments.append(Payment(s, win.seat, amount, "win"))
    return payments


@functools.cache
def category_total(category_id: str, multiplier: int, dealer_wins: bool) -> int:
    """What a win of this category (its base times `multiplier`, or swim_triple's fixed table)
    brings its winner in all: win_payments summed, a discard win's discarder one of the others (the
    bots' value of a win)."""
    winner, dealer = (0, 0) if dealer_wins else (1, 0)
    win = Win(winner, category_id, (), CATEGORY_BASE.get(category_id, 0) * multiplier, "", (), None)
    discarder = (winner + 1) % 4 if category_id == "discard_win" else None
    return sum(p.amount for p in win_payments(win, dealer, discarder))


def swim_total(level: int, dealer_wins: bool) -> int:
    """What a swim of this level brings its winner in all (三游 is a fixed table)."""
    return category_total(SWIM_CATEGORY[min(level, 3)], 1, dealer_wins)


def swim_shape(counts: list[int], golds: int, wild: str) -> int:
    """The swim a complete hand could declare, on natural counts with golds: 2 (the pair two golds:
    double), 1 (a gold with one natural tile: single), 0 (none). `counts` is restored."""
    if golds >= 2 and can_form_sets(counts, golds - 2, wild):
        return 2
    if golds >= 1:
        for k in range(len(counts)):
            if counts[k]:
                counts[k] -= 1
                ok = can_form_sets(counts, golds - 1, wild)
                counts[k] += 1
                if ok:
                    return 1
    return 0


def three_golds_now(golds: int, options: Options) -> bool:
    """Three golds win at once (三金倒) on this own turn: always, or at the start only (option)."""
    return golds >= 3 and options.get("three_golds", "any_time") == "any_time"


def kong_payments(owner: int, dealer: int, concealed: bool, reason: str) -> list[Payment]:
    """Exposed 1 / concealed 2 from each non-dealer; the dealer pays double, and a dealer's kong takes double."""
    unit = KONG_UNIT["concealed" if concealed else "exposed"]
    return [
        Payment(s, owner, 2 * unit if (owner == dealer or s == dealer) else unit, reason)
        for s in range(4) if s != owner
    ]


def flower_kong_payments(owner: int, dealer: int) -> list[Payment]:
    """A flower kong (four flowers set aside) is paid as an exposed kong."""
    return kong_payments(owner, dealer, concealed=False, reason="flower_kong")


def first_discard_bonus(dealer: int, round_number: int, tile: str) -> list[Payment]:
    """分饼 round k: the dealer pays each non-dealer base·2^(k-1), base 1 for an honor, 2 for a suited tile."""
    base = 1 if tile[1] == "z" else 2
    return [
        Payment(dealer, s, base * 2 ** (round_number - 1), "first_discard_bonus")
        for s in range(4) if s != dealer
    ]


@dataclass(frozen=True)
class Longyan(RuleSet):
    """The hooks of Longyan."""

    def wall_floor(self, wall_tiles: int, drawn_count: int, options: Options) -> int:
        return int(options["reserve_tiles"])

    def may_win_on_discard(self, options: Options, golds: int = 0) -> bool:
        return not (golds and options.get("gold_holder_no_discard_win"))     # 有金不平胡 (option)

    def refusal(self, state: HandView, seat: int, how: str) -> str | None:
        """Swims of others, furiten, options (docs/RULES.md §3)."""
        if state.swims[seat]:
            return "swim"                   # a swimmer wins only by the swim's own draw
        others = state.others_swim(seat)
        if others >= 3 and not (how == "self_draw" and state.replacement):
            return "swim"                   # triple swim: only 杠上开花
        if others == 2 and how != "self_draw":
            return "swim"                   # double swim: self-draw only
        if how in ("discard", "rob_kong") and state.furiten[seat]:
            return "furiten"
        if how == "discard" and not self.may_win_on_discard(state.options, state.hand_shapes[seat].golds):
            return "gold_holder"
        return None

    def self_draw_category(self, state: HandView, seat: int, shape: bool) -> str | None:
        three = state.gold is not None and three_golds_now(state.counts[seat][INDEX[state.gold]], state.options)
        if not (shape or three) or self.refusal(state, seat, "self_draw") is not None:
            return None
        candidates = []
        if three:
            candidates.append("three_golds")
        if shape:
            candidates.append("self_draw")
        return category(candidates)[0]

    def swim_tiles(self, state: HandView, seat: int) -> list[str]:
        if state.swims[seat] or not state.gold:
            return []
        return swim_tiles(state.hands[seat], state.gold, gold_rule(state.options))

    def swim_category(self, level: int) -> str:
        return SWIM_CATEGORY[level]

    def swim_level(self, current: int, tile: str, gold: str | None) -> int:
        return swim_level(current, tile, gold)

    def flower_kong_payments(self, owner: int, dealer: int) -> list[Payment]:
        return flower_kong_payments(owner, dealer)

    def bonus_payments(self, dealer: int, round_number: int, tile: str) -> list[Payment]:
        return first_discard_bonus(dealer, round_number, tile)

    def score_win(self, state: HandView, seat: int, category_id: str, tile: str | None,
                  concealed: Sequence[str], melds: Sequence[Meld], self_draw: bool) -> Win:
        name, base = category([category_id])
        return Win(seat, name, (), base, format_tiles(concealed), tuple(str(m) for m in melds), tile,
                   base=base or None,
                   read=functools.partial(read_win, list(concealed), tuple(melds), state.gold, gold_rule(state.options)))

    def evaluate(self, tiles: Sequence[str], melds: Sequence[Meld], gold: str | None,
                 options: Options, self_draw: bool, kong_bloom: bool) -> Win | None:
        candidates = []
        if gold is not None and list(tiles).count(gold) >= 3:
            candidates.append("three_golds")
        rule = gold_rule(options)
        counts, golds = hand_counts(tiles, gold, rule)
        if is_win(counts, len(melds), golds, rule.wild):     # standard shape or seven pairs
            candidates.append("self_draw" if self_draw else "discard_win")
        if not candidates:
            return None
        name, base = category(candidates)
        return Win(0, name, (), base, format_tiles(tiles), tuple(str(m) for m in melds), None,
                   base=base or None, read=functools.partial(read_win, list(tiles), tuple(melds), gold, rule))

    def win_payments(self, win: Win, dealer: int, discarder: int | None) -> list[Payment]:
        return win_payments(win, dealer, discarder)

    def kong_payments(self, owner: int, dealer: int, concealed: bool, reason: str) -> list[Payment]:
        return kong_payments(owner, dealer, concealed, reason)

    def next_dealer(self, dealer: int, first_winner: int) -> int:
        return dealer if first_winner == dealer else (dealer + 1) % 4

    def next_dealer_after_draw(self, dealer: int, options: Options) -> int:
        return dealer                        # 连庄 after a drawn hand

    def win_total(self, category_id: str, multiplier: int, dealer_wins: bool) -> int:
        return category_total(category_id, multiplier, dealer_wins)

    def gold_rule(self, options: Options) -> GoldRule:
        return gold_rule(options)

    def golds_win_at_start(self, golds: int) -> bool:
        return golds >= 3                    # 三金倒 at the start, under either three_golds option

    def golds_win(self, golds: int, options: Options) -> str | None:
        return "three_golds" if three_golds_now(golds, options) else None

    def swim_total(self, level: int, dealer_wins: bool) -> int:
        return swim_total(level, dealer_wins)

    def swim_shape(self, counts: list[int], golds: int, wild: str) -> int:
        return swim_shape(counts, golds, wild)

    def ready_to_swim(self, counts: list[int], golds: int, wild: str) -> bool:
        return golds >= 1 and can_form_sets(counts, golds - 1, wild)


RULES = Longyan("longyan", flowers=True, stacks_per_side=18, options=OPTIONS, has_gold=True, random_dealer=True,
                covered_first_discard=True, furiten=True, robs_added_kong=True, first_discard_bonus=True,
                # quick hands (golds): fewer rounds survive; pongs are most of a hand's speed, golds make
                # them less needed (the easy bot pongs only into ready)
                bots=BotTuning(survive=0.9, avoided_loss=2.0, pong_when_ready=True))
