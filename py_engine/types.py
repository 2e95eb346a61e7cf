"""The typed shapes the engine hands out (OBSERVATION.md): option values, and the observation,
result and action dicts as TypedDicts. Imports nothing else of the engine."""
from __future__ import annotations

from collections.abc import Mapping
from typing import NotRequired, TypedDict

#: A rule option's value (RULES.md option tables): a word, a number of seconds or tiles, a switch.
OptionValue = str | int | bool
#: Resolved or given options of a rule set, by name.
Options = Mapping[str, OptionValue]


class MeldDict(TypedDict):
    type: str                  # "pong" | "kong" | "added_kong" | "concealed_kong"
    tile: str | None           # None: another seat's concealed kong before the hand is over
    tiles: list[str | None]
    # "from": the seat whose discard was claimed (a keyword, so given in OBSERVATION.md only)


class PaymentDict(TypedDict):
    amount: int
    reason: str


class WhyNotDict(TypedDict):
    code: str
    tile: str | None
    swim_level: int


class ReadingGroup(TypedDict):
    type: str                  # "pair" | "pong" | "chow" | "honors" | "golds"
    tiles: list[str]
    # "as": the tiles they stand for (a keyword, so given in OBSERVATION.md only)


class Reading(TypedDict):
    shape: str                 # "standard" | "seven_pairs" | "all_honors" | "three_golds"
    groups: list[ReadingGroup]
    melds: list[MeldDict]
    stand_ins: list[dict[str, str]]


class ActionDict(TypedDict, total=False):
    action: str
    kind: str
    tile: str | None
    on: str                    # the tile a claim takes
    meld: str                  # the meld a kong makes
    level: int                 # the level a swim reaches
    window: str                # where a win is made: "own_turn" | "claim" | "rob_kong" | ...
    win: dict[str, object]     # what the win would score (category, patterns, multiplier, ...)


class WallDict(TypedDict):
    stacks_per_side: int
    dice: list[int]
    break_side: int
    break_stack: int
    total: int
    front_taken: int
    tail_taken: int
    stacks: list[list[int]]


class DiscardDict(TypedDict):
    tile: str | None
    claimed: bool
    covered: bool
    thrown_drawn: bool


class LastDiscard(TypedDict):
    seat: int
    tile: str | None
    index: int


class Observation(TypedDict):
    """What one seat may know (Game.observation; every field documented in OBSERVATION.md)."""

    seat: int | None
    variant: str
    options: dict[str, OptionValue]
    dealer: int
    seat_winds: list[str]
    scores: list[int]
    hand_deltas: list[int]
    turn: int
    phase: str
    waiting_for: list[int]
    legal_actions: list[str]
    actions: list[ActionDict]
    why_not_win: WhyNotDict | None
    is_over: bool
    result: dict[str, object] | None
    hands: list[list[str] | None]
    hand_counts: list[int]
    drawn: str | None
    drawn_seat: int | None
    melds: list[list[dict[str, object]]]
    discards: list[list[DiscardDict]]
    last_discard: LastDiscard | None
    flowers: list[list[str]]
    flower_kongs: list[int]
    gold: str | None
    gold_tile_out: bool
    swims: list[int]
    furiten: bool
    wall: WallDict
    tiles_left: int
    unseen: dict[str, int]
    events: list[dict[str, object]]
    hand_number: int | None
    history_length: int


class MatchFacts(TypedDict):
    """The match a table's state belongs to (bridge.py Session.state)."""

    hands: int
    hand_number: int
    is_over: bool
    results: list[dict[str, object]]
    discard_wins: bool   # whether a discard may win here (Xinyu: self-draw only)
    seed: NotRequired[int]   # the solo player's view only: a friend's has none (the host's page holds the wall)


class TableState(Observation):
    """What the page is given as a table's state: a seat's observation plus the match's facts
    (bridge.py Session.state). The page's types are generated from these (tools/page_types.py)."""

    human: int
    people: list[int]
    autoplay: bool
    level: str
    match: MatchFacts
    bot_to_move: bool
    human_to_move: bool
    people_to_move: list[int]
    face_up: bool
