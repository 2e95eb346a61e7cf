"""Rule sets as data plus hooks: one module per rule set, a registry by name (docs/RULES.md §2, §3)."""
from __future__ import annotations

from . import longyan, xinyu
from ..quote import quote
from .base import RuleSet

RULESETS: dict[str, RuleSet] = {"xinyu": xinyu.RULES, "longyan": longyan.RULES}
VARIANTS: tuple[str, ...] = tuple(RULESETS)

__all__ = ["RULESETS", "VARIANTS", "RuleSet", "ruleset"]


def ruleset(name: str) -> RuleSet:
    if not isinstance(name, str) or name not in RULESETS:
        raise ValueError(f"unknown variant {quote(name)} (variants: {', '.join(RULESETS)})")
    return RULESETS[name]
