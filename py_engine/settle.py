"""Wins and the end of a hand: categories, patterns, payments, the next dealer (docs/RULES.md §2, §3)."""
from __future__ import annotations

from .results import Result, Win
from .legality import Legality
from .rules.longyan import SWIM_CATEGORY
from .state import Window, order_from
from .tiles import format_tiles


class Settlement(Legality):

    def _make_win(self, seat: int, category: str, tile: str | None, discarder: int | None = None,
                  extra: list[str] | None = None) -> Win:
        """The win scored by the rule set: concealed tiles (with `extra`, the tile won) and melds."""
        concealed = self.hands[seat] + (extra or [])
        return self.rules.score_win(self, seat, category, tile, concealed, self.melds[seat], discarder is None)

    def _win_for(self, seat: int, window: Window | None) -> Win:
        """The win `seat` makes by playing "win" now, in `window` (None: on its own turn): what the
        referee settles and what the claim buttons preview."""
        if window is None:
            if self.swims[seat]:
                category = SWIM_CATEGORY[self.swims[seat]]
            else:
                category = self._self_draw_category(seat) or "self_draw"
            return self._make_win(seat, category, self.drawn)
        if window.kind == "three_golds":
            return self._make_win(seat, "three_golds", None)
        if window.kind == "rob_gold":
            assert self.gold is not None
            return self._make_win(seat, "rob_gold", self.gold, extra=[self.gold])
        tile = window.tile or ""
        category = "rob_kong" if window.kind == "rob_kong" else "discard_win"
        return self._make_win(seat, category, tile, discarder=window.source, extra=[tile])

    def _self_draw_win(self, seat: int) -> None:
        self._finish([self._win_for(seat, None)], None)

    def _rob_gold_win(self, seat: int, window: Window) -> None:
        assert self.gold is not None
        self.gold_out = False
        win = self._win_for(seat, window)
        self._add(seat, self.gold)
        self._finish([win], None)

    def _rob_kong_win(self, seat: int, window: Window) -> None:
        owner, tile = window.source, window.tile or ""
        self._remove(owner, tile)              # the kong is never made, never paid
        win = self._win_for(seat, window)
        self._add(seat, tile)
        self._finish([win], owner)

    def _finish(self, wins: list[Win], discarder: int | None) -> None:
        if discarder is not None and wins[0].category != "rob_kong":
            # the discard joins the first winner's hand; with several winners (一炮多响) each
            # win's "hand" shows its full winning hand, but the one tile stays in one place
            assert wins[0].tile is not None, "a win on a discard names the tile"
            self._add(wins[0].seat, wins[0].tile)
        for win in wins:
            self.events.append({"type": "win", "seat": win.seat, "category": win.category,
                                "patterns": list(win.patterns), "multiplier": win.multiplier,
                                "tile": win.tile, "discarder": discarder})
            self._pay(self.rules.win_payments(win, self.dealer, discarder))
        first = wins[0].seat
        if len(wins) > 1 and discarder is not None:
            # 一炮多响: the first winner after the discarder in turn order
            first = next(s for s in order_from((discarder + 1) % 4) if any(w.seat == s for w in wins))
        self._settle([w.seat for w in wins], discarder, wins, self.rules.next_dealer(self.dealer, first))

    def _finish_draw_game(self) -> None:
        self.events.append({"type": "draw_game"})
        self._settle([], None, [], self.rules.next_dealer_after_draw(self.dealer, self.options))

    def _settle(self, winners: list[int], discarder: int | None, wins: list[Win], next_dealer: int) -> None:
        self.window = None
        self.phase = "over"
        self.result_obj = Result(
            winners=winners, discarder=discarder, wins=wins, payments=list(self.payments),
            deltas=self.hand_deltas, scores=self.scores, next_dealer=next_dealer,
            hands=[format_tiles(h) for h in self.hands],
        )


