"""What a rule set is: its data (options, wall, flowers) and the hooks the referee, the shape
checks and the bots call.

python-chess's variant.py is the model: the referee (game.py, legality.py, settle.py), winning.py,
analysis.py and the bots hold no branch on a rule set's name and import no rule set's module; they
ask the RuleSet (rules.ruleset(name)). Each hook has a neutral default here ("no such rule"), and
each rule set's module (xinyu.py, longyan.py) holds its options, tables and the hooks whose rule
differs, so a rule is found by opening its rule set, and a third rule set is added in rules/ alone.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ..tiles.quote import quote
from .results import Payment, Win
from ..tiles import HONOR_BASE, NUM_KINDS
from ..tiles.golds import GoldRule
from ..types import OptionValue, Options

if TYPE_CHECKING:
    from ..tiles.melds import Meld
    from ..tiles.shapes import Component

class HeldGolds(Protocol):
    """A hand's shape as a hook reads it: the golds it holds (play/winning.py's HandShape)."""

    @property
    def golds(self) -> int: ...


class HandView(Protocol):
    """What a rule set's hooks read of a hand in play: play/state.py's HandState satisfies it. The
    hooks see these fields only, so the rule sets import nothing of the play (no circle)."""

    @property
    def options(self) -> Mapping[str, OptionValue]: ...
    @property
    def gold(self) -> str | None: ...
    @property
    def replacement(self) -> bool: ...            # the last draw was a kong replacement (杠上开花)
    @property
    def swims(self) -> Sequence[int]: ...          # each seat's swim level (游金), 0: none
    @property
    def furiten(self) -> Sequence[bool]: ...
    @property
    def hands(self) -> Sequence[Sequence[str]]: ...
    @property
    def counts(self) -> Sequence[Sequence[int]]: ...
    @property
    def hand_shapes(self) -> Sequence[HeldGolds]: ...

    def others_swim(self, seat: int) -> int:
        """The highest swim level of the other seats (0: none swims)."""
        ...


#: Every honor's kind: what completes thirteen honors into the all-honors free hand.
HONOR_KINDS = frozenset(range(HONOR_BASE, NUM_KINDS))


# ---- 全风向, the all-honors free hand (docs/RULES.md §2): where a rule set has `free_honors`,
# fourteen honors with no meld win in any shape ----

def free_hand_wins(parts: Sequence[Component], melds: int) -> bool:
    """Fourteen honors, no suited tile, no meld (the hand's four components)."""
    m, p, s, h = parts
    return not melds and h.tiles == 14 and m.tiles + p.tiles + s.tiles == 0


def free_hand_waits(parts: Sequence[Component], melds: int) -> bool:
    """Does any honor complete the free hand (no meld, no suited tile held)?"""
    m, p, s, _ = parts
    return not melds and m.tiles + p.tiles + s.tiles == 0


def free_hand_shanten(counts: Sequence[int], melds: int) -> int | None:
    """Shanten towards the free hand: 13 - honors held (None with melds)."""
    return None if melds else 13 - sum(counts[HONOR_BASE:])


@dataclass(frozen=True)
class BotTuning:
    """The bots' numbers for a rule set: not rules, but estimates that follow from its pace and its
    payments (bench/README-bots.md measures their effect)."""

    survive: float = 0.9              # chance per round that no one else has won (the hand goes on)
    avoided_loss: float = 2.0         # points a win also spares the seat: its share of another's win
    #: the hard bot's figure for the same (None: the one above); bench/fit_hard.py measures what
    #: another's win costs a seat on self-play, bench/README-bots.md what each figure wins
    hard_avoided_loss: float | None = None
    #: the hard bot's chance that an open all-pungs hand with 1, 2, 3 melds ends flying (飞起来),
    #: so its target counts that multiplier in part; empty: only once the hand has four melds
    hard_flying_share: tuple[float, ...] = ()
    pong_when_ready: bool = False     # the easy bot pongs only when the pong makes its hand ready
    #: the easy bot plays like a beginner: takes every pong and kong offered and throws the most
    #: isolated tile, counting no steps to ready (where plain efficiency plays nearly as well as
    #: the normal bot: Xinyu, bench/README-bots.md)
    easy_beginner: bool = False


@dataclass(frozen=True)
class RuleSet:
    """Data plus hooks; the subclasses override the hooks whose rule differs."""

    name: str
    flowers: bool              # 144 tiles with eight flowers (Longyan)
    stacks_per_side: int       # 17 (Xinyu) or 18 (Longyan)
    options: dict[str, tuple[OptionValue, ...]]   # option -> allowed values, the first is the default
    has_gold: bool = False                # a turned gold (开金) is wild (Longyan)
    tail_die: bool = False                # one die picks the kong replacement stack (Xinyu)
    random_dealer: bool = False           # the first dealer of a dealt hand is drawn by lot (Longyan)
    covered_first_discard: bool = False   # the dealer's first discard is covered (Longyan 抢金)
    free_honors: bool = False             # 全风向: fourteen honors win in any shape (Xinyu)
    furiten: bool = False                 # passing a win forbids discard wins until one's next draw
    robs_added_kong: bool = False         # 抢杠: others may win on an added kong's tile
    first_discard_bonus: bool = False     # 分饼 (Longyan)
    bots: BotTuning = BotTuning()         # the bots' tuning for this rule set

    def resolve(self, given: Options | None) -> dict[str, OptionValue]:
        """Every option named, defaults filled in; an unknown option or value raises ValueError."""
        if given is not None and not isinstance(given, Mapping):
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

    # ---- the gold (开金) ----

    def gold_rule(self, options: Options) -> GoldRule:
        """How a gold reads under these options: how far it stands in, and whether white dragons
        stand for its face (白板替金). The one reader of those options; a rule set without golds
        never has one to read."""
        return GoldRule()

    # ---- the wall ----

    def wall_floor(self, wall_tiles: int, drawn_count: int, options: Options) -> int:
        """Wall tiles left unplayed when the hand is drawn."""
        raise NotImplementedError

    # ---- who may win now, and how ----

    def may_win_on_discard(self, options: Options, golds: int = 0) -> bool:
        """May a seat holding `golds` golds win on another's discard (at all, under these options)?"""
        return True

    def refusal(self, state: HandView, seat: int, how: str) -> str | None:
        """Why `seat` may not win now by `how` ("self_draw", "discard", "rob_kong", "rob_gold"), as a
        reason code; None when it may."""
        raise NotImplementedError

    def self_draw_category(self, state: HandView, seat: int, shape: bool) -> str | None:
        """The category of a self-drawn win now (None: none); `shape`: the hand's shape wins."""
        return "self_draw" if shape and self.refusal(state, seat, "self_draw") is None else None

    def swim_tiles(self, state: HandView, seat: int) -> list[str]:
        """Tiles whose discard declares a swim now (游金)."""
        return []

    def swim_category(self, level: int) -> str:
        """The category of a win at the end of a swim of this level (游金); only rule sets with swims."""
        raise ValueError(f"{self.name} has no swims")

    def swim_level(self, current: int, tile: str, gold: str | None) -> int:
        """The swim level a "swim T" reaches from the seat's `current` level."""
        raise ValueError(f"{self.name} has no swims")

    def flower_kong_payments(self, owner: int, dealer: int) -> list[Payment]:
        """What a fourth (and each further) flower set aside pays (花杠); only rule sets with flowers."""
        raise ValueError(f"{self.name} has no flowers")

    def bonus_payments(self, dealer: int, round_number: int, tile: str) -> list[Payment]:
        """What a round of four identical first discards pays (分饼); only rule sets with the bonus."""
        raise ValueError(f"{self.name} has no first-discard bonus")

    def several_winners(self, window_kind: str, options: Options) -> bool:
        """May several seats win on one tile in this window (一炮多响)? Else the first in order."""
        return False

    # ---- hands that win beyond the standard shape and seven pairs (the shape checks ask) ----

    def special_wins(self, parts: Sequence[Component], melds: int) -> bool:
        """Do these tiles (their four shape components) win as a hand of this rule set's own, in
        any shape? The all-honors free hand where `free_honors`."""
        return self.free_honors and free_hand_wins(parts, melds)

    def special_waits(self, parts: Sequence[Component], melds: int) -> frozenset[int]:
        """Kinds that complete such a hand from these 13 tiles."""
        return HONOR_KINDS if self.free_honors and free_hand_waits(parts, melds) else frozenset()

    def special_shanten(self, counts: Sequence[int], melds: int) -> int | None:
        """Shanten towards such a hand (None: none within reach)."""
        return free_hand_shanten(counts, melds) if self.free_honors else None

    # ---- settlement ----

    def score_win(self, state: HandView, seat: int, category: str, tile: str | None,
                  concealed: Sequence[str], melds: Sequence[Meld], self_draw: bool) -> Win:
        raise NotImplementedError

    def evaluate(self, tiles: Sequence[str], melds: Sequence[Meld], gold: str | None,
                 options: Options, self_draw: bool, kong_bloom: bool) -> Win | None:
        """A complete hand outside a game scored as a win would be (analysis.evaluate); None when it
        does not win."""
        raise NotImplementedError

    def win_payments(self, win: Win, dealer: int, discarder: int | None) -> list[Payment]:
        raise NotImplementedError

    def kong_payments(self, owner: int, dealer: int, concealed: bool, reason: str) -> list[Payment]:
        raise NotImplementedError

    def next_dealer(self, dealer: int, first_winner: int) -> int:
        raise NotImplementedError

    def next_dealer_after_draw(self, dealer: int, options: Options) -> int:
        raise NotImplementedError

    # ---- what a win brings in: the bots value hands by these (their own numbers are `bots`) ----

    def pattern_multipliers(self, options: Options) -> Mapping[str, int]:
        """Each multiplied pattern's multiplier under these options (pattern id -> multiplier);
        none where a win is paid by its category alone."""
        return {}

    def win_total(self, category: str, multiplier: int, dealer_wins: bool) -> int:
        """What a win of `category` whose patterns multiply to `multiplier` (1: none) brings its
        winner in all: win_payments summed (a discard win's discarder one of the others)."""
        raise NotImplementedError

    def golds_win(self, golds: int, options: Options) -> str | None:
        """The category golds alone win now, on any own turn (三金倒), or None."""
        return None

    def golds_win_at_start(self, golds: int) -> bool:
        """Do golds alone win before the dealer's first turn (三金倒, asked of every holder, under
        any option)? The referee opens a "three_golds" window for those who may."""
        return False

    def self_draw_total(self, counts: Sequence[int], golds: int, melds: int, has_kong: bool,
                        meld_suits: frozenset[str], options: Options, dealer_wins: bool,
                        kong_bloom: bool = False) -> int:
        """What self-drawing this complete hand now brings its winner in all: natural 34-slot
        `counts` and `golds` concealed, `melds` melds (a kong among them: `has_kong`) of
        `meld_suits` (suit letters, "z" for honors)."""
        return self.win_total(self.golds_win(golds, options) or "self_draw", 1, dealer_wins)

    def swim_total(self, level: int, dealer_wins: bool) -> int:
        """What a swim of this level brings its winner in all (游金); 0 without swims."""
        return 0

    def swim_shape(self, counts: list[int], golds: int, wild: str) -> int:
        """The swim a complete hand (natural counts and golds) could declare instead of winning,
        its pair read as golds (游金): the swim's level, 0 for none. `counts` is restored."""
        return 0

    def ready_to_swim(self, counts: list[int], golds: int, wild: str) -> bool:
        """Are these 13 tiles sets and one lone gold, so that any draw completes them and the hand
        may swim (游金)?"""
        return False
