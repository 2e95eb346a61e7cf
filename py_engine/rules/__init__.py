"""Rule sets as data plus hooks: one module per rule set, a registry by name (docs/RULES.md §2, §3).

The rest of the engine reaches a rule set through `ruleset(name)` (a RuleSet, base.py) and never
imports a rule set's module (tests/engine/test_layout.py): a third rule set is a module here and a
line in RULESETS.
"""
from __future__ import annotations

from . import longyan, xinyu
from ..tiles.quote import quote
from .base import RuleSet

RULESETS: dict[str, RuleSet] = {"xinyu": xinyu.RULES, "longyan": longyan.RULES}
VARIANTS: tuple[str, ...] = tuple(RULESETS)

__all__ = ["RULESETS", "VARIANTS", "RuleSet", "ruleset"]


def ruleset(name: str) -> RuleSet:
    if not isinstance(name, str) or name not in RULESETS:
        raise ValueError(f"unknown variant {quote(name)} (variants: {', '.join(RULESETS)})")
    return RULESETS[name]
