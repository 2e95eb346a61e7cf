"""Scoring's names where callers know them (docs/RULES.md §2, §3 Win settlement).

Each rule lives in its rule set's module (rules/xinyu.py: patterns and payments; rules/longyan.py:
categories and payments); results (Payment, Win, Result) in results.py. These aliases keep older
callers working.
"""
from __future__ import annotations

from collections.abc import Sequence

from .melds import Meld
from .results import Payment, Result, Win
from .rules import longyan as _longyan
from .rules import xinyu as _xinyu
from .rules.xinyu import XinyuScore

__all__ = [
    "Payment", "Result", "Win", "XinyuScore", "first_discard_bonus", "longyan_category",
    "longyan_kong_payments", "longyan_win_payments", "xinyu_kong_payments", "xinyu_patterns",
    "xinyu_score", "xinyu_win_payments",
]

xinyu_score = _xinyu.score
xinyu_win_payments = _xinyu.win_payments
xinyu_kong_payments = _xinyu.kong_payments
longyan_category = _longyan.category
longyan_win_payments = _longyan.win_payments
longyan_kong_payments = _longyan.kong_payments
first_discard_bonus = _longyan.first_discard_bonus


def xinyu_patterns(
    concealed: Sequence[str], melds: Sequence[Meld], *, self_draw: bool, kong_bloom: bool, simple: bool
) -> tuple[tuple[str, ...], int] | None:
    """The best-scoring reading of a complete Xinyu hand: (pattern ids, M), or None if it does not win."""
    score = _xinyu.score(concealed, melds, self_draw=self_draw, kong_bloom=kong_bloom, simple=simple)
    return None if score is None else (score.patterns, score.multiplier)
