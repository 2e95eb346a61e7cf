"""Who may do what now: legality in one place, shared by the referee, the bots and the hints."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import Any

from .state import HandState
from .tiles import CODES, INDEX, NUM_KINDS
from .types import WhyNotDict
from .winning import count_index, hand_counts, is_winning



@dataclass(frozen=True)
class WhyNot:
    """A reason code for a win refused now, with its parameters (the hints' words come from it)."""

    code: str                       # "self_draw_only" | "swim" | "furiten" | "gold_holder" | "suited_gold"
                                    # | "after_pong" | "gold_discard"
    tile: str | None = None         # the discard that would have completed the hand
    swim_level: int = 0             # the highest swim of the other seats

    def to_dict(self) -> WhyNotDict:
        return {"code": self.code, "tile": self.tile, "swim_level": self.swim_level}


def why_not(game: Legality, seat: int) -> WhyNot | None:
    """Why may this seat not win now (None: it may, or its hand is not complete)."""
    return game.why_not(seat)


_DISCARD = tuple(f"discard {code}" for code in CODES[:NUM_KINDS])   # by kind


class Legality(HandState):

    def _legal(self, seat: int) -> list[str]:
        if self.result_obj is not None:
            return []
        if self.window is not None:
            w = self.window
            return list(w.options[seat]) if seat in w.options and seat not in w.answers else []
        if seat != self.turn:
            return []
        if self.swims[seat] and self.may_self_draw:
            # a swim's draw wins whatever it is; a drawn gold may instead climb a level (docs/RULES.md §3)
            climb = self.drawn == self.gold and self.swims[seat] < 3
            return ["win", f"swim {self.gold}"] if climb else ["win"]
        actions: list[str] = []
        counts = self.counts[seat]             # kinds in index order: tile order
        if self.may_self_draw:
            shape = self._wins(seat)
            if self._self_draw_category(seat, shape) is not None:
                actions.append("win")
            if self.tiles_left > 0:
                if 4 in counts:                  # a concealed kong (never of golds)
                    actions += [f"kong {CODES[k]}" for k in range(NUM_KINDS)
                                if counts[k] == 4 and CODES[k] != self.gold]
                for m in self.melds[seat]:
                    if m.type == "pong" and counts[INDEX[m.tile]]:
                        actions.append(f"kong {m.tile}")
            if shape and self.gold is not None:   # a swim is declared instead of a win
                actions += [f"swim {t}" for t in self._swim_tiles(seat)]
        actions += compress(_DISCARD, counts)   # one discard per kind held
        return actions

    def _counts(self, tiles: list[str]) -> tuple[list[int], int]:
        return hand_counts(tiles, self.gold, self.options)

    def _wins_with(self, seat: int, tile: str) -> bool:
        """Would the seat's hand win with this natural tile (a discard, a kong to rob)?"""
        return self._wins_on_slot(seat, count_index(tile, self.gold, self.options))

    def _wins_on_slot(self, seat: int, slot: int) -> bool:
        """Would a natural tile filling this count slot complete the seat's hand? Its waits are cached
        on its hand shape until the hand changes."""
        return slot in self.hand_shapes[seat].waits(len(self.melds[seat]))

    def _wins(self, seat: int, extra_golds: int = 0) -> bool:
        """Would the seat's concealed tiles (plus its melds) make a winning shape?"""
        return self.hand_shapes[seat].wins(len(self.melds[seat]), extra_golds)

    def _may_win_by(self, seat: int, how: str) -> bool:
        """May the seat win now by `how` ("self_draw", "discard", "rob_kong", "rob_gold")?"""
        return self.rules.refusal(self, seat, how) is None

    def _refusal(self, seat: int, how: str) -> str | None:
        """Why the seat may not win now by `how`, as a reason code (None: it may): the rule set's
        restrictions (swims, furiten, options), the one home of them."""
        return self.rules.refusal(self, seat, how)

    def why_not(self, seat: int) -> WhyNot | None:
        """Why a hand that looks complete cannot win now (None: it can, or it is not complete): on
        one's turn with the tiles held, or on the discard of the claim window, or on the discard just
        before one's draw. Codes: "suited_gold", "after_pong", "gold_discard", plus _refusal's."""
        if self.result_obj is not None or not self.hands[seat] or "win" in self._legal(seat):
            return None
        hand = self.hands[seat]
        melds = len(self.melds[seat])
        size = len(hand) + 3 * melds
        last = self._last_discard_tile()
        if size == 14 and self.turn == seat:
            if not self._complete(hand, melds, "any"):
                if self.drawn is None or last is None or last[0] == seat:
                    return None
                before = list(hand)
                before.remove(self.drawn)       # would the discard before this draw have won?
                return self._discard_refusal(seat, before, last[1])
            if not self._complete(hand, melds, None):
                return WhyNot("suited_gold")
            if not self.may_self_draw:
                return WhyNot("after_pong")
            code = self._refusal(seat, "self_draw")
            return WhyNot(code, swim_level=self.others_swim(seat)) if code else None
        if size == 13 and last is not None and last[0] != seat and self.phase == "claim":
            return self._discard_refusal(seat, list(hand), last[1])
        return None

    def _last_discard_tile(self) -> tuple[int, str] | None:
        if self.last_discard is None:
            return None
        seat, index = self.last_discard
        entry = self.discards[seat][index]
        return None if entry.covered else (seat, entry.tile)

    def _complete(self, tiles: list[str], melds: int, wild: str | None) -> bool:
        """The tiles win as a shape (wild: a gold stands for "any" tile; None: as the options say)."""
        options = self.options if wild is None else {**self.options, "gold_wild": wild}
        return is_winning(tiles, melds, self.variant, self.gold, options)

    def _discard_refusal(self, seat: int, hand: list[str], tile: str) -> WhyNot | None:
        melds = len(self.melds[seat])
        if not self._complete(hand + [tile], melds, "any"):
            return None
        if self.gold is not None and tile == self.gold:
            return WhyNot("gold_discard", tile)
        if not self._complete(hand + [tile], melds, None):
            return WhyNot("suited_gold", tile)
        code = self._refusal(seat, "discard")
        return WhyNot(code, tile, self.others_swim(seat)) if code else None

    def _self_draw_category(self, seat: int, shape: bool | None = None) -> str | None:
        """The category a self-drawn win would have now (None: no win); `shape`: the hand's shape wins."""
        if shape is None:
            shape = self._wins(seat)
        return self.rules.self_draw_category(self, seat, shape)

    def _swim_tiles(self, seat: int) -> list[str]:
        """游金: the tiles whose discard declares a swim now (the rule set's swim rule)."""
        return self.rules.swim_tiles(self, seat)
