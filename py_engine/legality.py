"""Who may do what now: legality in one place, shared by the referee, the bots and the hints."""
from __future__ import annotations

from itertools import compress

from .scoring import longyan_category
from .shapes import can_form_sets
from .state import HandState
from .tiles import CODES, INDEX, NUM_KINDS, sort_key
from .winning import count_index, hand_counts, wild_of

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

    def _others_swim(self, seat: int) -> int:
        swims = self.swims
        if not (swims[0] or swims[1] or swims[2] or swims[3]):
            return 0
        return max(level for s, level in enumerate(swims) if s != seat)

    def _may_win_by(self, seat: int, how: str) -> bool:
        """Restrictions on how a seat may win now: swims of others, furiten, options (docs/RULES.md §3)."""
        if self.variant == "xinyu":
            return how == "self_draw" or (how == "discard" and self.options["discard_win"])
        if self.swims[seat]:
            return False                    # a swimmer wins only by the swim's own draw
        others = self._others_swim(seat)
        if others >= 3 and not (how == "self_draw" and self.replacement):
            return False                    # triple swim: only 杠上开花
        if others == 2 and how != "self_draw":
            return False                    # double swim: self-draw only
        if how in ("discard", "rob_kong") and self.furiten[seat]:
            return False
        if how == "discard" and self.options["gold_holder_no_discard_win"] and self.hand_shapes[seat].golds:
            return False
        return True

    def _self_draw_category(self, seat: int, shape: bool | None = None) -> str | None:
        """The category a self-drawn win would have now (None: no win); `shape`: the hand's shape wins."""
        if shape is None:
            shape = self._wins(seat)
        three_golds = (self.gold is not None and self.counts[seat][INDEX[self.gold]] >= 3
                       and self._three_golds_allowed())
        if not (shape or three_golds) or not self._may_win_by(seat, "self_draw"):
            return None
        if self.variant == "longyan":
            candidates = []
            if three_golds:
                candidates.append("three_golds")
            if shape:
                candidates.append("self_draw")
            return longyan_category(candidates)[0] if candidates else None
        return "self_draw" if shape else None

    def _three_golds_allowed(self) -> bool:
        return self.options.get("three_golds") == "any_time"

    def _swim_tiles(self, seat: int) -> list[str]:
        """游金: tiles T whose discard leaves the other 13 as sets plus one lone gold (docs/RULES.md §3)."""
        if self.variant != "longyan" or self.swims[seat] or not self.gold:
            return []
        hand = self.hands[seat]
        counts, golds = self._counts(hand)
        if golds == 0:
            return []
        wild = wild_of(self.options)
        out = []
        for tile in sorted(set(hand), key=sort_key):
            if tile == self.gold:
                if golds >= 2 and can_form_sets(counts, golds - 2, wild):
                    out.append(tile)       # double swim: the pair was two golds
                continue
            rest = list(counts)
            rest[count_index(tile, self.gold, self.options)] -= 1   # a white dragon fills the gold's face
            if can_form_sets(rest, golds - 1, wild):
                out.append(tile)           # single swim: the pair was a gold with T
        return out

