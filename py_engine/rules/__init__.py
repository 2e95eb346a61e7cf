"""Rule sets as data: one module per rule set, a registry by name (RULES.md §2, §3)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import longyan, xinyu
from ..quote import quote


@dataclass(frozen=True)
class RuleSet:
    """What differs between the rule sets, as data. The state machine reads only this."""

    name: str
    flowers: bool              # 144 tiles with eight flowers (Longyan)
    stacks_per_side: int       # 17 (Xinyu) or 18 (Longyan)
    options: dict[str, tuple[Any, ...]]   # option -> allowed values, the first is the default

    def resolve(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Every option named, defaults filled in; an unknown option or value raises ValueError."""
        if given is not None and not isinstance(given, dict):
            raise ValueError(f"options must be an object of option names and values, not {quote(given)}")
        given = dict(given or {})
        for key, value in given.items():
            if key not in self.options:
                raise ValueError(
                    f"unknown option {quote(key)} for {self.name} (options: {', '.join(sorted(self.options))})"
                )
            allowed = self.options[key]
            if value not in allowed or type(value) is not type(allowed[0]):
                raise ValueError(
                    f"option {quote(key)} cannot be {quote(value)} (allowed: {', '.join(repr(v) for v in allowed)})"
                )
        return {key: given.get(key, allowed[0]) for key, allowed in self.options.items()}


RULESETS: dict[str, RuleSet] = {
    "xinyu": RuleSet("xinyu", flowers=False, stacks_per_side=17, options=xinyu.OPTIONS),
    "longyan": RuleSet("longyan", flowers=True, stacks_per_side=18, options=longyan.OPTIONS),
}


def ruleset(name: str) -> RuleSet:
    if not isinstance(name, str) or name not in RULESETS:
        raise ValueError(f"unknown variant {quote(name)} (variants: {', '.join(RULESETS)})")
    return RULESETS[name]
