"""What a bot may know, read from one seat's observation, and the small tile helpers every level shares.

A bot never touches the Game beyond ``observation(seat)`` (and the legal actions it lists): the
view below is built from that dict only, so bots see exactly what a human in that seat sees. What
the rule set pays and lets win, the bots ask its RuleSet (``view.rules``: rules/base.py's hooks and
its ``bots`` tuning); they import no rule set's module and never ask which rule set it is.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..tiles import shapes
from ..tiles.golds import GOLD_SLOT as GOLD_SLOT
from ..tiles.golds import count_slots, natural_tile, white_replaces
from ..rules import RuleSet, ruleset
from ..rules.base import free_hand_shanten
from ..play.actions import Action
from ..tiles import CODES, HONOR_BASE, INDEX, NUM_KINDS

SUIT_LETTERS = "mps"


@dataclass
class MeldInfo:
    """The seat's exposed and concealed kongs/pongs, as far as hand value cares."""

    count: int = 0
    has_kong: bool = False
    suits: frozenset[str] = frozenset()     # suit letters of the melds ("z" for honors)

    def plus(self, tile: str, kong: bool) -> MeldInfo:
        return MeldInfo(self.count + 1, self.has_kong or kong, self.suits | {tile[1]})


@dataclass
class View:
    """One seat's knowledge of the table (from ``Game.observation(seat)``), in the bots' terms."""

    obs: dict[str, Any]
    seat: int
    variant: str
    rules: RuleSet
    options: dict[str, Any]
    legal: list[str]
    phase: str
    hand: list[str]
    melds: MeldInfo
    gold: str | None
    wild: str
    white_replaces: bool
    unseen: list[int]               # copies of each physical kind (0..33) this seat cannot see
    slot_of: list[int]              # physical kind -> count slot (GOLD_SLOT for a gold)
    tiles_left: int
    dealer: int
    swims: list[int]
    furiten: bool
    last_tile: str | None           # the tile of the current claim window (last discard)
    last_seat: int | None
    drawn: str | None
    seed: int                       # from the state only (history length, seat): replays pick alike

    @classmethod
    def from_observation(cls, obs: dict[str, Any]) -> View:
        seat = obs["seat"]
        options = obs.get("options") or {}
        variant = obs["variant"]
        rules = ruleset(variant)
        gold = obs.get("gold") if rules.has_gold else None
        gold_rule = rules.gold_rule(options)         # the one gold reading (golds.py)
        white = white_replaces(gold_rule, gold)
        slot_of = list(count_slots(gold, white))
        unseen_map = obs.get("unseen") or {}
        unseen = [int(unseen_map.get(CODES[k], 0)) for k in range(NUM_KINDS)]
        info = MeldInfo()
        for m in obs["melds"][seat]:
            info = info.plus(m["tile"], m["type"] != "pong")
        last = obs.get("last_discard")
        return cls(
            obs=obs, seat=seat, variant=variant, rules=rules, options=options,
            legal=list(obs.get("legal_actions") or []), phase=obs.get("phase", "discard"),
            hand=list(obs["hands"][seat] or []), melds=info, gold=gold,
            wild=gold_rule.wild,
            white_replaces=white, unseen=unseen, slot_of=slot_of,
            tiles_left=int(obs.get("tiles_left") or 0), dealer=int(obs.get("dealer") or 0),
            swims=list(obs.get("swims") or [0, 0, 0, 0]), furiten=bool(obs.get("furiten")),
            last_tile=last["tile"] if last else None, last_seat=last["seat"] if last else None,
            drawn=obs.get("drawn"),
            seed=int(obs.get("history_length") or 0) * 4 + seat,
        )

    # ---- tiles as count slots ----

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    def slot(self, tile: str) -> int:
        return self.slot_of[INDEX[tile]]

    def counts(self, tiles: list[str] | None = None) -> tuple[list[int], int]:
        """Natural counts (white dragons read as the gold's face) and the number of golds."""
        return shapes.gold_counts(self.hand if tiles is None else tiles, self.gold, self.white_replaces)

    def tile_of_slot(self, hand: list[str], slot: int) -> str:
        """A physical tile of the hand that fills ``slot`` (the natural one before a white dragon)."""
        if slot == GOLD_SLOT:
            assert self.gold is not None
            return self.gold
        return natural_tile(slot, self.gold, self.white_replaces) or CODES[slot]   # 白板替金: a white dragon

    def unseen_total(self) -> int:
        return sum(self.unseen)

    def draws_left(self) -> int:
        """This seat's own draws still to come, roughly (a quarter of the wall left)."""
        return max(0, (self.tiles_left + 3) // 4)


    def shanten(self, counts: list[int], golds: int, melds: int) -> int:
        """Standard shape or seven pairs, or the rule set's own hands if lower
        (RuleSet.special_shanten: the all-honors free hand 全风向, docs/RULES.md §2)."""
        s = shapes.shanten(counts, melds, golds, self.wild)
        if s > -1:
            special = self.rules.special_shanten(counts, melds)
            if special is not None and special < s:
                s = special
        return s


# ---------------------------------------------------------------------------------------------
# Shanten of the whole hand and simple shape measures

def plain_shanten(counts: list[int], golds: int, melds: int, wild: str, free_honors: bool) -> int:
    """View.shanten for a caller holding the rule set's ``free_honors`` flag rather than its view
    (hints.py): standard shape or seven pairs, and where the flag is set the all-honors free hand."""
    s = shapes.shanten(counts, melds, golds, wild)
    if free_honors and s > -1:
        free = free_hand_shanten(counts, melds)
        if free is not None and free < s:
            s = free
    return s


def keep_score(counts: list[int], slot: int) -> float:
    """How much a tile is tied to its neighbours (low = isolated, discard first)."""
    c = counts[slot]
    score = 3.0 * (c - 1)
    if slot >= HONOR_BASE:
        return score - 0.3                      # a lone honor goes first
    pos = slot % 9
    base = slot - pos
    for d, w in ((1, 2.0), (2, 1.0)):
        if pos - d >= 0 and counts[base + pos - d]:
            score += w
        if pos + d <= 8 and counts[base + pos + d]:
            score += w
    if pos in (0, 8):
        score -= 0.2
    elif pos in (1, 7):
        score -= 0.1
    return score


def discard_tiles(legal: list[str], gold: str | None, allow_gold: bool = False) -> list[str]:
    """Tiles the seat may discard; golds are left out unless nothing else is legal (or allowed)."""
    tiles = [a.tile for a in map(Action.parse, legal) if a.kind == "discard" and a.tile]
    if gold is not None and not allow_gold:
        kept = [t for t in tiles if t != gold]
        if kept:
            return kept
    return tiles
