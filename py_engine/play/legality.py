"""Who may do what now: legality in one place, functions over a hand's state (state.py) and its rule
set, shared by the referee, the bots and the hints."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import compress

from .state import HandState
from ..tiles import CODES, INDEX, NUM_KINDS
from ..types import WhyNotDict
from .winning import is_winning


@dataclass(frozen=True)
class WhyNot:
    """A reason code for a win refused now, with its parameters (the hints' words come from it)."""

    code: str                       # "self_draw_only" | "swim" | "furiten" | "gold_holder" | "suited_gold"
                                    # | "after_pong" | "gold_discard"
    tile: str | None = None         # the discard that would have completed the hand
    swim_level: int = 0             # the highest swim of the other seats

    def to_dict(self) -> WhyNotDict:
        return {"code": self.code, "tile": self.tile, "swim_level": self.swim_level}


_DISCARD = tuple(f"discard {code}" for code in CODES[:NUM_KINDS])   # by kind


def legal_now(state: HandState, seat: int) -> list[str]:
    """The seat's legal actions, computed once per state (callers must not change the list)."""
    legal = state.legal_cache.get(seat)
    if legal is None:
        legal = state.legal_cache[seat] = legal_actions(state, seat)
    return legal


def legal_actions(state: HandState, seat: int) -> list[str]:
    """The seat's legal actions, computed afresh."""
    if state.result_obj is not None:
        return []
    if state.window is not None:
        w = state.window
        return list(w.options[seat]) if seat in w.options and seat not in w.answers else []
    if seat != state.turn:
        return []
    if state.swims[seat] and state.may_self_draw:
        # a swim's draw wins whatever it is; a drawn gold may instead climb a level (docs/RULES.md §3)
        climb = state.drawn == state.gold and state.swims[seat] < 3
        return ["win", f"swim {state.gold}"] if climb else ["win"]
    actions: list[str] = []
    counts = state.counts[seat]             # kinds in index order: tile order
    if state.may_self_draw:
        shape = wins(state, seat)
        if self_draw_category(state, seat, shape) is not None:
            actions.append("win")
        if state.tiles_left > 0:
            if 4 in counts:                  # a concealed kong (never of golds)
                actions += [f"kong {CODES[k]}" for k in range(NUM_KINDS)
                            if counts[k] == 4 and CODES[k] != state.gold]
            for m in state.melds[seat]:
                if m.type == "pong" and counts[INDEX[m.tile]]:
                    actions.append(f"kong {m.tile}")
        if shape and state.gold is not None:   # a swim is declared instead of a win
            actions += [f"swim {t}" for t in swim_tiles(state, seat)]
    actions += compress(_DISCARD, counts)   # one discard per kind held
    return actions


def wins_with(state: HandState, seat: int, tile: str) -> bool:
    """Would the seat's hand win with this natural tile (a discard, a kong to rob)?"""
    return wins_on_slot(state, seat, state.hand_shapes[seat].count_index(tile))


def wins_on_slot(state: HandState, seat: int, slot: int) -> bool:
    """Would a natural tile filling this count slot complete the seat's hand? Its waits are cached
    on its hand shape until the hand changes."""
    return slot in state.hand_shapes[seat].waits(len(state.melds[seat]))


def wins(state: HandState, seat: int, extra_golds: int = 0) -> bool:
    """Would the seat's concealed tiles (plus its melds) make a winning shape?"""
    return state.hand_shapes[seat].wins(len(state.melds[seat]), extra_golds)


def refusal(state: HandState, seat: int, how: str) -> str | None:
    """Why the seat may not win now by `how` ("self_draw", "discard", "rob_kong", "rob_gold"), as a
    reason code (None: it may): the rule set's restrictions (swims, furiten, options), their one home."""
    return state.rules.refusal(state, seat, how)


def may_win_by(state: HandState, seat: int, how: str) -> bool:
    """May the seat win now by `how`?"""
    return state.rules.refusal(state, seat, how) is None


def self_draw_category(state: HandState, seat: int, shape: bool | None = None) -> str | None:
    """The category a self-drawn win would have now (None: no win); `shape`: the hand's shape wins."""
    if shape is None:
        shape = wins(state, seat)
    return state.rules.self_draw_category(state, seat, shape)


def swim_tiles(state: HandState, seat: int) -> list[str]:
    """游金: the tiles whose discard declares a swim now (the rule set's swim rule)."""
    return state.rules.swim_tiles(state, seat)


def why_not(state: HandState, seat: int) -> WhyNot | None:
    """Why a hand that looks complete cannot win now (None: it can, or it is not complete): on
    one's turn with the tiles held, or on the discard of the claim window, or on the discard just
    before one's draw. Codes: "suited_gold", "after_pong", "gold_discard", plus refusal's."""
    if state.result_obj is not None or not state.hands[seat] or "win" in legal_actions(state, seat):
        return None
    hand = state.hands[seat]
    melds = len(state.melds[seat])
    size = len(hand) + 3 * melds
    last = _last_discard_tile(state)
    if size == 14 and state.turn == seat:
        if not _complete(state, hand, melds, "any"):
            if state.drawn is None or last is None or last[0] == seat:
                return None
            before = list(hand)
            before.remove(state.drawn)       # would the discard before this draw have won?
            return _discard_refusal(state, seat, before, last[1])
        if not _complete(state, hand, melds, None):
            return WhyNot("suited_gold")
        if not state.may_self_draw:
            return WhyNot("after_pong")
        code = refusal(state, seat, "self_draw")
        return WhyNot(code, swim_level=state.others_swim(seat)) if code else None
    if size == 13 and last is not None and last[0] != seat and state.phase == "claim":
        return _discard_refusal(state, seat, list(hand), last[1])
    return None


def _last_discard_tile(state: HandState) -> tuple[int, str] | None:
    if state.last_discard is None:
        return None
    seat, index = state.last_discard
    entry = state.discards[seat][index]
    return None if entry.covered else (seat, entry.tile)


def _complete(state: HandState, tiles: list[str], melds: int, wild: str | None) -> bool:
    """The tiles win as a shape (wild: a gold stands for "any" tile; None: as the rule set says)."""
    return is_winning(tiles, melds, state.variant, state.gold, state.options, wild=wild)


def _discard_refusal(state: HandState, seat: int, hand: list[str], tile: str) -> WhyNot | None:
    melds = len(state.melds[seat])
    if not _complete(state, hand + [tile], melds, "any"):
        return None
    if state.gold is not None and tile == state.gold:
        return WhyNot("gold_discard", tile)
    if not _complete(state, hand + [tile], melds, None):
        return WhyNot("suited_gold", tile)
    code = refusal(state, seat, "discard")
    return WhyNot(code, tile, state.others_swim(seat)) if code else None
