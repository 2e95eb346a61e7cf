"""The shape of a position (API.md, Positions; OBSERVATION.md, Extensions): each field's type and range.

`read(position)` refuses what a JSON document or a link can get wrong — a key of the wrong type, a
seat outside 0-3, a boolean where a number goes, a payment between the same seat, junk nested where
a tile goes — and returns the values typed. positions.load then checks them against the rule set
(hand sizes, tile counts, the gold). Every refusal is a ValueError naming the field, and what it
echoes of the input is cut short (quote.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from ..tiles.melds import Meld, parse_meld
from ..tiles.quote import quote
from ..rules.results import Payment
from ..tiles import as_tiles

POSITION_KEYS = (
    "variant", "options", "dealer", "hands", "melds", "flowers", "wall", "tail", "gold", "scores",
    "drawn_count", "seed", "dice", "opening_payments", "history",
)
#: The largest whole number the page's JSON reader keeps exactly (2**53 - 1): seeds, scores, counts.
MAX_WHOLE = 2**53 - 1
#: What a payment before the first action can be for: a flower kong made during the deal (docs/RULES.md §3,
#: Flowers). Melds given in a position were made before it and pay nothing (API.md).
OPENING_REASONS = ("flower_kong",)
PAYMENT_KEYS = ("from", "to", "amount", "reason")

T = TypeVar("T")


@dataclass
class Fields:
    """A position's fields, each of the right type and range (not yet checked against the rules)."""

    variant: str
    options: dict[str, Any]
    seed: int
    dealer: int
    hands: list[list[str]]
    melds: list[list[Meld]]
    flowers: list[list[str]]
    wall: list[str]
    tail: list[str]
    gold: str | None
    scores: list[int]
    drawn_count: int | None          # None: the tiles in hands, melds and flowers
    dice: tuple[int, int] | None     # None: rolled from the seed
    opening_payments: list[Payment]
    history: list[tuple[int, str]]


def read(position: Any) -> Fields:
    """Check every field's type and range; the typed fields, or ValueError saying which field is wrong."""
    if not isinstance(position, dict):
        raise ValueError(f"a position must be a JSON object (a dict), not {_kind(position)}")
    unknown = [k for k in position if k not in POSITION_KEYS]
    if unknown:
        names = ", ".join(sorted(quote(k) for k in unknown)[:5])
        raise ValueError(f"unknown position keys: {names} (keys: {', '.join(POSITION_KEYS)})")
    if "variant" not in position or "hands" not in position:
        raise ValueError("a position needs 'variant' and 'hands'")
    variant = position["variant"]
    if not isinstance(variant, str):
        raise ValueError(f"variant must be a rule set's name like 'xinyu', not {quote(variant)}")
    get = position.get
    return Fields(
        variant=variant,
        options=options(get("options"), "options"),
        seed=whole(get("seed", 0), "seed", -MAX_WHOLE, MAX_WHOLE),
        dealer=seat(get("dealer", 0), "dealer"),
        hands=per_seat(position["hands"], "hands", tiles, None),
        melds=per_seat(get("melds"), "melds", meld_list, []),
        flowers=per_seat(get("flowers"), "flowers", tiles, []),
        wall=tiles(get("wall", ""), "wall"),
        tail=tiles(get("tail", ""), "tail"),
        gold=gold(get("gold"), "gold"),
        scores=per_seat(get("scores"), "scores", score, 0),
        drawn_count=None if get("drawn_count") is None else whole(get("drawn_count"), "drawn_count", 0, MAX_WHOLE),
        dice=dice(get("dice"), "dice"),
        opening_payments=_list_of(get("opening_payments"), "opening_payments", payment),
        history=_list_of(get("history"), "history", history_entry),
    )


def whole(value: Any, what: str, low: int, high: int) -> int:
    """A whole number in [low, high]: not a boolean, a float or text that looks like one."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} must be {_whole_range(low, high)}, not {shown(value)}")
    return value


def _whole_range(low: int, high: int) -> str:
    if high == MAX_WHOLE:
        return {1: "a positive whole number", 0: "a whole number, 0 or more"}.get(
            low, "a whole number between -(2**53 - 1) and 2**53 - 1")
    return f"a whole number from {low} to {high}"


def score(value: Any, what: str) -> int:
    return whole(value, what, -MAX_WHOLE, MAX_WHOLE)


def flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {shown(value)}")
    return value


def seat(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise ValueError(f"{what} must be a seat 0-3, not {shown(value)}")
    return value


def tiles(value: Any, what: str) -> list[str]:
    """A tile string like '123m55p' or a list of codes like ['1m', '5p']."""
    if isinstance(value, list) and all(isinstance(t, str) for t in value) or isinstance(value, str):
        try:
            return as_tiles(value)
        except ValueError as err:
            raise ValueError(f"{what}: {err}") from None
    raise ValueError(f"{what} must be a tile string like '123m55p' or a list of codes, not {shown(value)}")


def gold(value: Any, what: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, str) and len(value) == 2:
        return tiles(value, what)[0]
    raise ValueError(f"{what} must be one tile code like '5m', not {shown(value)}")


def meld_list(value: Any, what: str) -> list[Meld]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of melds like ['pong 7z'], not {shown(value)}")
    try:
        return [parse_meld(m) for m in value]
    except ValueError as err:
        raise ValueError(f"{what}: {err}") from None


def options(value: Any, what: str) -> dict[str, Any]:
    """The rule options as given (their names and values are the rule set's to check: RuleSet.resolve)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be an object of option names and values, not {shown(value)}")
    return dict(value)


def dice(value: Any, what: str) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"{what} must be two numbers 1-6, not {shown(value)}")
    return (whole(value[0], f"{what}[0]", 1, 6), whole(value[1], f"{what}[1]", 1, 6))


def payment(value: Any, what: str) -> Payment:
    """{"from", "to", "amount", "reason"}: two different seats, a positive whole amount, a known reason."""
    if not isinstance(value, dict) or set(value) != set(PAYMENT_KEYS):
        raise ValueError(f"{what} must be {{'from', 'to', 'amount', 'reason'}}, not {shown(value)}")
    payer, payee = seat(value["from"], f"{what}.from"), seat(value["to"], f"{what}.to")
    if payer == payee:
        raise ValueError(f"{what}: seat {payer} cannot pay itself")
    amount = whole(value["amount"], f"{what}.amount", 1, MAX_WHOLE)
    if not isinstance(value["reason"], str) or value["reason"] not in OPENING_REASONS:
        raise ValueError(f"{what}.reason must be one of {', '.join(OPENING_REASONS)}, not {shown(value['reason'])}")
    return Payment(payer, payee, amount, value["reason"])


def history_entry(value: Any, what: str) -> tuple[int, str]:
    """[seat, action]; whether the action is legal is the replay's to say."""
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not isinstance(value[1], str):
        raise ValueError(f"{what} must be [seat, action] like [0, 'discard 5m'], not {shown(value)}")
    return seat(value[0], f"{what}[0]"), value[1]


def per_seat(value: Any, what: str, read_one: Callable[[Any, str], T], default: Any) -> list[T]:
    """A list of four, one per seat, each read by read_one; None (absent) gives four defaults."""
    if value is None and default is not None:
        return [read_one(list(default) if isinstance(default, list) else default, f"{what}[{i}]")
                for i in range(4)]
    if not isinstance(value, list) or len(value) != 4:
        raise ValueError(f"{what} must be a list of four, one per seat, not {shown(value)}")
    return [read_one(item, f"{what}[{i}]") for i, item in enumerate(value)]


def _list_of(value: Any, what: str, read_one: Callable[[Any, str], T]) -> list[T]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {shown(value)}")
    return [read_one(item, f"{what}[{i}]") for i, item in enumerate(value)]


def shown(value: Any) -> str:
    """A value as a message shows it: JSON's true / false / null, anything else quoted short."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    return quote(value)


def _kind(value: Any) -> str:
    """The JSON name of a value's type, for messages."""
    names = {int: "a number", float: "a number", str: "text", list: "a list", dict: "an object"}
    return shown(value) if value is None or isinstance(value, bool) else names.get(type(value), type(value).__name__)
