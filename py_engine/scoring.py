"""Patterns, categories and payments -> the result of a hand (docs/RULES.md §2 Win settlement, §3 Win settlement)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import shapes
from .melds import Meld
from .results import Payment, Result, Win
from .rules import longyan as longyan_rules
from .rules import xinyu as xinyu_rules
from .tiles import counts34


# ---- Xinyu: multiplicative patterns, best reading (docs/RULES.md §2) ----

_PATTERN_ORDER = (
    "concealed", "kong", "seven_pairs", "luxury_seven_pairs", "half_flush", "full_flush",
    "all_honors", "all_pungs", "flying", "kong_bloom",
)


__all__ = ["Payment", "Result", "Win", "XinyuScore", "xinyu_score", "xinyu_patterns"]


@dataclass(frozen=True)
class XinyuScore:
    """A complete Xinyu hand scored: its pattern ids, each one's multiplier, M (their product), and
    the shape of the reading paid ("standard", "all_pungs", "seven_pairs" or "all_honors")."""

    patterns: tuple[str, ...]
    pattern_multipliers: tuple[tuple[str, int], ...]
    multiplier: int
    shape: str


def xinyu_patterns(
    concealed: Sequence[str], melds: Sequence[Meld], *, self_draw: bool, kong_bloom: bool, simple: bool
) -> tuple[tuple[str, ...], int] | None:
    """The best-scoring reading of a complete Xinyu hand: (pattern ids, M), or None if it does not win."""
    score = xinyu_score(concealed, melds, self_draw=self_draw, kong_bloom=kong_bloom, simple=simple)
    return None if score is None else (score.patterns, score.multiplier)


def xinyu_score(
    concealed: Sequence[str], melds: Sequence[Meld], *, self_draw: bool, kong_bloom: bool, simple: bool
) -> XinyuScore | None:
    """The best-scoring reading of a complete Xinyu hand (docs/RULES.md §2), or None if it does not win."""
    counts = counts34(concealed)
    column = 1 if simple else 0
    tiles = list(concealed) + [t for m in melds for t in m.tiles]
    common: list[str] = []
    if not melds and self_draw:
        common.append("concealed")
    if any(m.is_kong for m in melds):
        common.append("kong")
    common += _flush(tiles)
    if kong_bloom and self_draw:
        common.append("kong_bloom")

    readings: list[tuple[str, list[str]]] = []
    if shapes.is_standard_win(counts):
        shape = []
        if _all_pungs(counts):
            shape.append("all_pungs")
            if len(melds) == 4:
                shape.append("flying")        # 飞起来 also scores all_pungs (再×4)
        readings.append(("all_pungs" if shape else "standard", shape))
    if not melds and shapes.is_seven_pairs(counts):
        fours = sum(1 for c in counts if c == 4)
        readings.append(("seven_pairs", ["luxury_seven_pairs"] if fours else ["seven_pairs"]))
    if not readings and not melds and len(concealed) == 14 and all(t[1] == "z" for t in concealed):
        readings.append(("all_honors", []))   # 全风向 free hand: all honors, any shape
    if not readings:
        return None

    best: XinyuScore | None = None
    for shape_name, shape in readings:
        ids = set(common) | set(shape)
        ordered = tuple(p for p in _PATTERN_ORDER if p in ids)
        each = tuple((pid, _pattern_multiplier(pid, counts, column)) for pid in ordered)
        m = 1
        for _, value in each:
            m *= value
        if best is None or m > best.multiplier:
            best = XinyuScore(ordered, each, m, shape_name)
    return best


def _pattern_multiplier(pid: str, counts: Sequence[int], column: int) -> int:
    """One pattern's multiplier; luxury seven pairs is base·2^k for its k fours (docs/RULES.md §2)."""
    if pid == "luxury_seven_pairs":
        k = sum(1 for c in counts if c == 4)
        return xinyu_rules.LUXURY_BASE[column] * 2 ** k
    return xinyu_rules.MULTIPLIERS[pid][column]


def _flush(tiles: Sequence[str]) -> list[str]:
    """At most one of half_flush, full_flush, all_honors (they exclude each other)."""
    suits = {t[1] for t in tiles if t[1] != "z"}
    honors = any(t[1] == "z" for t in tiles)
    if not suits:
        return ["all_honors"]
    if len(suits) == 1:
        return ["half_flush"] if honors else ["full_flush"]
    return []


def _all_pungs(counts: Sequence[int]) -> bool:
    """Every concealed set a triplet: one kind twice, the rest three times or absent."""
    pairs = 0
    for c in counts:
        if c == 2:
            pairs += 1
        elif c not in (0, 3):
            return False
    return pairs == 1


def xinyu_win_payments(win: Win, discarder: int | None) -> list[Payment]:
    """Self-draw: each other player pays 2·M. Discard win: the discarder alone pays 1·M."""
    if discarder is None:
        return [Payment(s, win.seat, 2 * win.multiplier, "win") for s in range(4) if s != win.seat]
    return [Payment(discarder, win.seat, win.multiplier, "win")]


# ---- Longyan: one category, dealer-double payments (docs/RULES.md §3) ----

def longyan_category(candidates: Sequence[str]) -> tuple[str, int]:
    """The highest-paying category among those that apply, with its base (0 for swim_triple)."""
    if "swim_triple" in candidates:
        return "swim_triple", 0
    best = max(candidates, key=lambda c: longyan_rules.CATEGORY_BASE[c])
    return best, longyan_rules.CATEGORY_BASE[best]


def longyan_win_payments(win: Win, dealer: int, discarder: int | None) -> list[Payment]:
    """Base b: a non-dealer winner gets 2b from the dealer and b from each other; a dealer winner 2b from each."""
    payments = []
    for s in range(4):
        if s == win.seat:
            continue
        if win.category == "swim_triple":
            table = longyan_rules.SWIM_TRIPLE
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


def longyan_kong_payments(owner: int, dealer: int, concealed: bool, reason: str) -> list[Payment]:
    """Exposed 1 / concealed 2 from each non-dealer; the dealer pays double, and a dealer's kong takes double."""
    unit = longyan_rules.KONG_UNIT["concealed" if concealed else "exposed"]
    return [
        Payment(s, owner, 2 * unit if (owner == dealer or s == dealer) else unit, reason)
        for s in range(4) if s != owner
    ]


def xinyu_kong_payments(owner: int, concealed: bool) -> list[Payment]:
    unit = xinyu_rules.KONG_PAYMENT["concealed" if concealed else "exposed"]
    reason = "concealed_kong" if concealed else "kong"
    return [Payment(s, owner, unit, reason) for s in range(4) if s != owner]


def first_discard_bonus(dealer: int, round_number: int, tile: str) -> list[Payment]:
    """分饼 round k: the dealer pays each non-dealer base·2^(k-1), base 1 for an honor, 2 for a suited tile."""
    base = 1 if tile[1] == "z" else 2
    return [
        Payment(dealer, s, base * 2 ** (round_number - 1), "first_discard_bonus")
        for s in range(4) if s != dealer
    ]
