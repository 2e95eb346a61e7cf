"""Wins and the end of a hand: functions over a hand's state and its rule set (docs/RULES.md §2, §3).

The rule set scores each win, names its payments and the next dealer; these functions sequence
them: the tile won joins the hand, the payments are made, the result object is written.
"""
from __future__ import annotations

from .legality import self_draw_category
from ..rules.results import Result, Win
from .state import HandState, Window, order_from
from ..tiles import format_tiles


def make_win(state: HandState, seat: int, category: str, tile: str | None, discarder: int | None = None,
             extra: list[str] | None = None) -> Win:
    """The win scored by the rule set: concealed tiles (with `extra`, the tile won) and melds."""
    concealed = state.hands[seat] + (extra or [])
    return state.rules.score_win(state, seat, category, tile, concealed, state.melds[seat], discarder is None)


def win_for(state: HandState, seat: int, window: Window | None) -> Win:
    """The win `seat` makes by playing "win" now, in `window` (None: on its own turn): what the
    referee settles and what the claim buttons preview."""
    if window is None:
        if state.swims[seat]:
            category = state.rules.swim_category(state.swims[seat])
        else:
            category = self_draw_category(state, seat) or "self_draw"
        return make_win(state, seat, category, state.drawn)
    if window.kind == "three_golds":
        return make_win(state, seat, "three_golds", None)
    if window.kind == "rob_gold":
        assert state.gold is not None
        return make_win(state, seat, "rob_gold", state.gold, extra=[state.gold])
    tile = window.tile or ""
    category = "rob_kong" if window.kind == "rob_kong" else "discard_win"
    return make_win(state, seat, category, tile, discarder=window.source, extra=[tile])


def self_draw_win(state: HandState, seat: int) -> None:
    finish(state, [win_for(state, seat, None)], None)


def rob_gold_win(state: HandState, seat: int, window: Window) -> None:
    assert state.gold is not None
    state.gold_out = False
    win = win_for(state, seat, window)
    state.add_tile(seat, state.gold)
    finish(state, [win], None)


def rob_kong_win(state: HandState, seat: int, window: Window) -> None:
    owner, tile = window.source, window.tile or ""
    state.remove_tile(owner, tile)           # the kong is never made, never paid
    win = win_for(state, seat, window)
    state.add_tile(seat, tile)
    finish(state, [win], owner)


def finish(state: HandState, wins: list[Win], discarder: int | None) -> None:
    """The hand ends on these wins: the tile won placed, each win paid, the next dealer named."""
    if discarder is not None and wins[0].category != "rob_kong":
        # the discard joins the first winner's hand; with several winners (一炮多响) each
        # win's "hand" shows its full winning hand, but the one tile stays in one place
        assert wins[0].tile is not None, "a win on a discard names the tile"
        state.add_tile(wins[0].seat, wins[0].tile)
    for win in wins:
        state.events.append({"type": "win", "seat": win.seat, "category": win.category,
                             "patterns": list(win.patterns), "multiplier": win.multiplier,
                             "tile": win.tile, "discarder": discarder})
        state.pay(state.rules.win_payments(win, state.dealer, discarder))
    first = wins[0].seat
    if len(wins) > 1 and discarder is not None:
        # 一炮多响: the first winner after the discarder in turn order
        first = next(s for s in order_from((discarder + 1) % 4) if any(w.seat == s for w in wins))
    _settle(state, [w.seat for w in wins], discarder, wins, state.rules.next_dealer(state.dealer, first))


def finish_draw_game(state: HandState) -> None:
    """The hand ends drawn (荒庄): no payment; the rule set names the next dealer."""
    state.events.append({"type": "draw_game"})
    _settle(state, [], None, [], state.rules.next_dealer_after_draw(state.dealer, state.options))


def _settle(state: HandState, winners: list[int], discarder: int | None, wins: list[Win], next_dealer: int) -> None:
    state.window = None
    state.phase = "over"
    state.result_obj = Result(
        winners=winners, discarder=discarder, wins=wins, payments=list(state.payments),
        deltas=state.hand_deltas, scores=state.scores, next_dealer=next_dealer,
        hands=[format_tiles(h) for h in state.hands],
    )
