"""The state machine of one hand: waiting_for / legal_actions / apply / observation (API.md).

The referee is composed, not inherited: a Game holds the hand's state (state.py, a dataclass),
asks legality.py (functions over the state and its rule set, shared by the bots and the hints)
who may do what, and settle.py how a win or a drawn hand ends it. This module sequences a hand:
draws, discards, claim windows, kongs, swims.
"""
from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from . import legality, position_check, positions, settle
from .actions import Action
from .actions import _parse as parse_legal
from ..tiles.melds import Meld
from .observe import observe
from ..tiles.quote import quote
from .legality import WhyNot
from .state import ORDERS, Discard, HandState, Window, order_from, payment_event
from ..types import ActionDict, Observation
from ..tiles import FLOWERS, INDEX, format_tiles, sorted_tiles


class IllegalActionError(ValueError):
    """An action that is not legal now; the message names what is legal. The state is untouched."""


class Game:
    """One hand of mahjong under one rule set: the referee, holding the hand's state."""

    # ---------------- construction ----------------

    @classmethod
    def new(cls, variant: str, seed: int = 0, options: dict[str, Any] | None = None,
            dealer: int | None = None, scores: list[int] | None = None, shuffle: str | None = None) -> Game:
        """Shuffled, dealt, deterministic by seed (or by `shuffle`, a deal seed: positions.deal)."""
        return cls(positions.deal(variant, seed, options, dealer, scores, shuffle))

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> Game:
        """A game from a position dict (API.md, Positions); a 'history' key is replayed on top."""
        setup = positions.load(position)          # 'history' checked too: a list of [seat, action]
        game = cls(setup)
        game._replay(position.get("history") or [])
        return game

    @classmethod
    def replay(cls, position: dict[str, Any], history: list[Any]) -> Game:
        """Rebuild a game: the position, then every (seat, action) of the history."""
        game = cls.from_position(position)
        game._replay(history)
        return game

    def _replay(self, history: list[Any]) -> None:
        if not isinstance(history, (list, tuple)):
            raise ValueError(f"history must be a list of [seat, action], not {quote(history)}")
        for i, entry in enumerate(history):
            try:
                seat, action = entry
            except (TypeError, ValueError):
                raise ValueError(f"history[{i}] must be [seat, action], not {quote(entry)}") from None
            try:
                self.apply(seat, action)
            except IllegalActionError as err:
                raise ValueError(f"history[{i}] cannot be replayed: {err}") from None

    def to_position(self) -> dict[str, Any]:
        """This hand's starting position; with `history` it rebuilds the game (Game.replay)."""
        return copy.deepcopy(self._start)

    def __init__(self, setup: positions.Setup) -> None:
        self.state = st = HandState.from_setup(setup)
        self._start = _start_position(st)
        if st.gold:
            st.events.append({"type": "gold", "tile": st.gold})
        st.events += [payment_event(p) for p in st.payments]
        self._open_start()

    def clone(self) -> Game:
        """A copy that plays on independently (the state copies its own fields)."""
        twin = copy.copy(self)
        twin.state = self.state.clone()
        return twin

    # ---------------- the state contract ----------------

    @property
    def variant(self) -> str:
        return self.state.variant

    @property
    def options(self) -> dict[str, Any]:
        return self.state.options

    @property
    def history(self) -> list[tuple[int, str]]:
        return self.state.history

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def dealer(self) -> int:
        return self.state.dealer

    @property
    def scores(self) -> list[int]:
        return self.state.scores

    @property
    def hand_number(self) -> int | None:
        """The hand's number in its match (set by the match, shown in the observation)."""
        return self.state.hand_number

    @hand_number.setter
    def hand_number(self, number: int | None) -> None:
        self.state.hand_number = number

    @property
    def is_over(self) -> bool:
        return self.state.result_obj is not None

    @property
    def result(self) -> dict[str, Any] | None:
        result = self.state.result_obj
        return None if result is None else result.to_dict()

    @property
    def waiting_for(self) -> list[int]:
        """The seats that must choose now: one on a turn, several in a window; none once over."""
        st = self.state
        if st.result_obj is not None:
            return []
        w = st.window
        if w is not None:
            return [s for s in w.order if s in w.options and s not in w.answers]
        return [st.turn]

    def legal_actions(self, seat: int) -> list[str]:
        if type(seat) is not int or not 0 <= seat <= 3:     # not a seat (a boolean neither): nothing is legal
            return []
        return list(legality.legal_now(self.state, seat))

    def why_not(self, seat: int) -> WhyNot | None:
        """Why a hand that looks complete cannot win now (legality.why_not)."""
        return legality.why_not(self.state, seat)

    def apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        """Play one action; returns its events. Illegal -> IllegalActionError, state unchanged."""
        st = self.state
        valid_seat = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat <= 3
        legal = legality.legal_now(st, seat) if valid_seat else []
        if not isinstance(action, str) or action not in legal:
            raise IllegalActionError(self._illegal_message(seat, action, list(legal)))
        st.events = []
        st.legal_cache = {}
        st.history.append((seat, action))
        parsed = parse_legal(action)           # legal, so well formed: the cached parse alone
        verb, arg = parsed.kind, parsed.tile or ""
        if st.window is not None:
            self._answer(seat, verb)
        elif verb == "discard":
            self._discard(seat, arg)
        elif verb == "kong":
            self._declare_kong(seat, arg)
        elif verb == "swim":
            self._swim(seat, arg)
        elif verb == "win":
            settle.self_draw_win(st, seat)
        st.legal_cache = {}
        return list(st.events)

    def _illegal_message(self, seat: Any, action: Any, legal: list[str]) -> str:
        if self.state.result_obj is not None:
            return f"{quote(action)} is not legal: the hand is over"
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            return f"no seat {quote(seat)}: seats are 0-3; waiting for {self.waiting_for}"
        if not legal:
            return f"seat {seat} cannot act now ({quote(action)}): waiting for seat(s) {self.waiting_for}"
        return f"{quote(action)} is not legal for seat {seat}; legal: {', '.join(legal)}"

    def default_action(self, seat: int) -> str:
        """What the timer plays: pass on a claim; on one's turn discard the tile just drawn (or the rightmost)."""
        st = self.state
        legal = self.legal_actions(seat)
        if not legal:
            raise IllegalActionError(self._illegal_message(seat, "(timeout)", legal))
        if "pass" in legal:
            return "pass"
        if legal == ["win"] or (st.swims[seat] and "win" in legal):
            return "win"                       # a swim's draw wins whatever it is
        if st.drawn is not None and f"discard {st.drawn}" in legal:
            return f"discard {st.drawn}"
        return f"discard {sorted_tiles(st.hands[seat])[-1]}"

    def action_details(self, seat: int) -> list[ActionDict]:
        """The seat's legal actions with their structure (OBSERVATION.md, actions): kind and tile, the
        tile a claim takes ("on"), the meld a kong makes, a swim's level, and what a win would score."""
        st = self.state
        out: list[ActionDict] = []
        w = st.window
        for text in legality.legal_now(st, seat):
            action = Action.parse(text)
            entry: ActionDict = {"action": str(action), "kind": action.kind, "tile": action.tile}
            if w is not None and w.tile is not None and action.kind != "pass":
                entry["on"] = w.tile
            if action.kind == "kong":
                entry["meld"] = ("kong" if action.tile is None else
                                 "concealed_kong" if st.counts[seat][INDEX[action.tile]] == 4 else "added_kong")
            elif action.kind == "swim" and action.tile is not None:
                entry["level"] = st.rules.swim_level(st.swims[seat], action.tile, st.gold)
            elif action.kind == "win":
                win = settle.win_for(st, seat, w).to_dict()
                entry["window"] = w.kind if w is not None else "own_turn"
                entry["win"] = {k: win[k] for k in ("category", "patterns", "multiplier", "pattern_multipliers", "base")
                                if k in win}
            out.append(entry)
        return out

    def observation(self, seat: int | None) -> Observation:
        if seat is not None:
            position_check.seat(seat, "seat")       # True would show seat 1's hand
        return observe(self, seat)

    # ---------------- the flow of a hand ----------------

    def _open_start(self) -> None:
        """三金倒 first: a holder of three golds is asked before the dealer's turn (docs/RULES.md §3)."""
        st = self.state
        if st.gold:
            holders = [s for s in order_from(st.dealer) if st.rules.golds_win_at_start(st.hands[s].count(st.gold))]
            if holders:
                st.window = Window("three_golds", None, st.dealer,
                                   {s: ["win", "pass"] for s in holders}, holders)
                st.phase = "three_golds"
                return
        _start_turn(st, st.dealer, drew=True)

    def _draw(self, seat: int, replacement: bool = False) -> None:
        """Draw for `seat` (front, or tail after a kong); flowers are set aside and replaced at once."""
        st = self.state
        from_tail = replacement
        while True:
            if st.tiles_left <= 0:
                settle.finish_draw_game(st)
                return
            tile = st.wall.draw_tail(use_die=st.rules.tail_die) if from_tail else st.wall.draw_front()
            st.drawn_count += 1
            event: dict[str, Any] = {"type": "draw", "seat": seat, "tile": tile, "source": "tail" if from_tail else "front"}
            if from_tail and st.wall.last_die is not None:
                event["die"] = st.wall.last_die
            st.events.append(event)
            if tile not in FLOWERS:
                break
            self._set_aside_flower(seat, tile)
            from_tail = True
        st.add_tile(seat, tile)
        st.furiten[seat] = False              # temporary furiten lasts until one's own next draw
        st.replacement = replacement
        _start_turn(st, seat, drew=True, tile=tile)

    def _set_aside_flower(self, seat: int, tile: str) -> None:
        st = self.state
        st.flowers[seat].append(tile)
        st.events.append({"type": "flower", "seat": seat, "tile": tile})
        if len(st.flowers[seat]) >= 4:
            st.events.append({"type": "flower_kong", "seat": seat, "count": len(st.flowers[seat]) - 3})
            st.pay(st.rules.flower_kong_payments(seat, st.dealer))

    def _discard(self, seat: int, tile: str, swim_level: int = 0) -> None:
        st = self.state
        st.remove_tile(seat, tile)
        covered = st.covered_pending and seat == st.dealer
        st.covered_pending = False
        st.discards[seat].append(Discard(tile, covered=covered, thrown_drawn=st.drawn == tile))
        st.last_discard = (seat, len(st.discards[seat]) - 1)
        st.drawn = None
        st.events.append({"type": "discard", "seat": seat, "tile": tile, "covered": covered})
        if swim_level:
            st.events.append({"type": "swim", "seat": seat, "level": swim_level, "tile": tile})
        if covered:
            self._open_rob_gold(seat)
        else:
            self._after_public_discard(seat, tile)

    def _after_public_discard(self, seat: int, tile: str) -> None:
        if self.state.bonus.alive:
            self._track_bonus(seat, tile)
        self._open_claims(seat, tile)

    def _track_bonus(self, seat: int, tile: str) -> None:
        """分饼: round k pays when its four discards (dealer, +1, +2, +3, no claim between) are identical."""
        st = self.state
        b = st.bonus
        if not b.alive:
            return
        if seat != (st.dealer + len(b.tiles)) % 4 or (b.tiles and tile != b.tiles[0]):
            b.alive = False
            return
        b.tiles.append(tile)
        if len(b.tiles) == 4:
            st.events.append({"type": "bonus", "round": b.round, "tile": tile})
            st.pay(st.rules.bonus_payments(st.dealer, b.round, tile))
            b.round += 1
            b.tiles = []

    def _open_claims(self, discarder: int, tile: str) -> None:
        st = self.state
        options: dict[int, list[str]] = {}
        order = ORDERS[(discarder + 1) % 4][:3]
        may_meld = st.tiles_left > 0           # the last discard cannot be ponged or konged
        may_win = st.rules.may_win_on_discard(st.options)
        if tile != st.gold:                    # a discarded gold cannot be claimed
            slot = st.hand_shapes[discarder].count_index(tile)   # the same slots for every seat
            kind = INDEX[tile]
            for s in order:
                if st.swims[s]:
                    continue                   # a swimmer may not claim discards
                acts = []
                if may_win and legality.wins_on_slot(st, s, slot) and legality.may_win_by(st, s, "discard"):
                    acts.append("win")
                if may_meld:
                    held = st.counts[s][kind]
                    if held >= 2:
                        acts.append("pong")
                    if held >= 3:
                        acts.append("kong")
                if acts:
                    options[s] = acts + ["pass"]
        if options:
            st.window = Window("claim", tile, discarder, options, [s for s in order if s in options])
            st.phase = "claim"
        else:
            self._draw((discarder + 1) % 4)

    def _open_rob_gold(self, dealer: int) -> None:
        """抢金: after the covered first discard, non-dealers then the dealer may win with the turned gold."""
        st = self.state
        options: dict[int, list[str]] = {}
        if st.gold_out:
            for s in order_from((dealer + 1) % 4):
                if legality.may_win_by(st, s, "rob_gold") and legality.wins(st, s, extra_golds=1):
                    options[s] = ["win", "pass"]
        if options:
            st.window = Window("rob_gold", st.gold, dealer, options, [s for s in order_from((dealer + 1) % 4) if s in options])
            st.phase = "rob_gold"
        else:
            self._reveal_covered()

    def _reveal_covered(self) -> None:
        st = self.state
        seat = st.dealer
        entry = st.discards[seat][-1]
        entry.covered = False
        st.events.append({"type": "reveal", "seat": seat, "tile": entry.tile})
        self._after_public_discard(seat, entry.tile)

    def _answer(self, seat: int, verb: str) -> None:
        """One answer in a window; resolve once the answers that matter are in (docs/RULES.md priorities)."""
        st = self.state
        w = st.window
        assert w is not None
        w.answers[seat] = verb
        if verb != "win" and "win" in w.options[seat] and w.kind in ("claim", "rob_kong") and st.rules.furiten:
            st.furiten[seat] = True            # 不能弃先和后: passed a win on a discard or a kong
        if verb == "pass":
            st.events.append({"type": "pass", "seat": seat})
        if not _window_settled(st, w):
            return
        st.window = None
        winners = [s for s in w.order if w.answers.get(s) == "win"]
        if winners and not st.rules.several_winners(w.kind, st.options):
            winners = winners[:1]              # one winner: the first in priority order
        overruled = _overruled(w, winners)
        st.events += overruled
        if w.kind == "three_golds":
            if winners:
                settle.finish(st, [settle.win_for(st, winners[0], w)], None)
            else:
                _start_turn(st, st.dealer, drew=True)
        elif w.kind == "rob_gold":
            if winners:
                settle.rob_gold_win(st, winners[0], w)
            else:
                self._reveal_covered()
        elif w.kind == "rob_kong":
            if winners:
                settle.rob_kong_win(st, winners[0], w)
            else:
                self._complete_added_kong(w.source, w.tile or "")
        else:
            self._resolve_claims(w, winners)
        if overruled and st.result_obj is not None:
            st.result_obj.overruled = [{k: v for k, v in e.items() if k != "type"} for e in overruled]

    def _resolve_claims(self, w: Window, winners: list[int]) -> None:
        st = self.state
        discarder, tile = w.source, w.tile or ""
        if winners:
            st.discards[discarder][-1].claimed = True
            wins = [settle.win_for(st, s, w) for s in winners]
            settle.finish(st, wins, discarder)
            return
        claimer = next((s for s in w.order if w.answers.get(s) in ("pong", "kong")), None)
        if claimer is None:
            self._draw((discarder + 1) % 4)
            return
        st.discards[discarder][-1].claimed = True
        st.bonus.alive = False                 # a claim ends the 分饼 streak
        kind = w.answers[claimer]
        st.remove_tile(claimer, tile, 2 if kind == "pong" else 3)
        st.melds[claimer].append(Meld(kind, tile, discarder))
        st.events.append({"type": kind, "seat": claimer, "tile": tile, "from": discarder}
                         if kind == "pong" else
                         {"type": "kong", "seat": claimer, "tile": tile, "kind": "kong", "from": discarder})
        if kind == "pong":
            st.replacement = False
            _start_turn(st, claimer, drew=False)   # after a pong the only action is a discard
        else:
            _kong_paid(st, claimer, tile, concealed=False)
            self._draw(claimer, replacement=True)

    def _declare_kong(self, seat: int, tile: str) -> None:
        st = self.state
        if st.counts[seat][INDEX[tile]] == 4:
            st.remove_tile(seat, tile, 4)
            st.melds[seat].append(Meld("concealed_kong", tile))
            st.events.append({"type": "kong", "seat": seat, "tile": tile, "kind": "concealed_kong", "from": None})
            _kong_paid(st, seat, tile, concealed=True)
            self._draw(seat, replacement=True)
            return
        # 加杠: others may rob it first (Longyan)
        options: dict[int, list[str]] = {}
        order = order_from((seat + 1) % 4)[:3]
        if st.rules.robs_added_kong:
            for s in order:
                if legality.may_win_by(st, s, "rob_kong") and legality.wins_with(st, s, tile):
                    options[s] = ["win", "pass"]
        if options:
            st.window = Window("rob_kong", tile, seat, options, [s for s in order if s in options])
            st.phase = "rob_kong"
            st.events.append({"type": "kong_declared", "seat": seat, "tile": tile})
        else:
            self._complete_added_kong(seat, tile)

    def _complete_added_kong(self, seat: int, tile: str) -> None:
        st = self.state
        st.remove_tile(seat, tile)
        i = next(i for i, m in enumerate(st.melds[seat]) if m.type == "pong" and m.tile == tile)
        st.melds[seat][i] = Meld("added_kong", tile, st.melds[seat][i].source)
        st.events.append({"type": "kong", "seat": seat, "tile": tile, "kind": "added_kong", "from": None})
        _kong_paid(st, seat, tile, concealed=False)
        self._draw(seat, replacement=True)

    def _swim(self, seat: int, tile: str) -> None:
        """游金: the discard declares a swim one level up, or double with a gold (docs/RULES.md §3)."""
        st = self.state
        level = st.rules.swim_level(st.swims[seat], tile, st.gold)
        st.swims[seat] = level
        self._discard(seat, tile, swim_level=level)


# ---------------- steps that change the state alone ----------------

def _start_position(st: HandState) -> dict[str, Any]:
    """The full position of a hand's start: every tile placed, so it plays identically."""
    tail_explicit = st.wall.explicit_tail
    tiles = st.wall.front_order()
    front = tiles[:len(tiles) - tail_explicit] if tail_explicit else tiles
    tail = list(reversed(tiles[len(tiles) - tail_explicit:])) if tail_explicit else []
    return {
        "variant": st.variant, "options": dict(st.options), "seed": st.seed, "dealer": st.dealer,
        "dice": list(st.dice), "hands": [format_tiles(h) for h in st.hands],
        "melds": [[str(m) for m in ms] for ms in st.melds],
        "flowers": [list(f) for f in st.flowers],   # codes, in the order they were set aside
        "wall": "".join(front), "tail": "".join(tail), "gold": st.gold,
        "scores": list(st.scores_start), "drawn_count": st.drawn_count,
        "opening_payments": [p.to_dict() for p in st.payments],
    }


def _start_turn(st: HandState, seat: int, drew: bool, tile: str | None = None) -> None:
    st.window = None
    st.turn = seat
    st.phase = "discard"
    st.may_self_draw = drew
    st.drawn = tile


def _kong_paid(st: HandState, seat: int, tile: str, concealed: bool) -> None:
    """A kong is paid at once; its payments name its tile (hidden from the others while concealed: observe.py)."""
    st.kongs[seat] += 1
    payments = st.rules.kong_payments(seat, st.dealer, concealed, "concealed_kong" if concealed else "kong")
    st.pay([replace(p, tile=tile) for p in payments])


def _overruled(w: Window, winners: list[int]) -> list[dict[str, Any]]:
    """The claims a win set aside (docs/RULES.md §1 Actions, §3 Play, §4): each seat that claimed the
    tile (or was still offered a claim when the window closed) and did not get it, with the winner
    who took it and the rule: "win_first" (a win comes before pong and kong) or "first_in_turn"
    (one winner on one tile: the first in turn after the discarder). Said before the win's events."""
    if not winners:
        return []
    out: list[dict[str, Any]] = []
    for s in w.order:
        if s in winners:
            continue
        answer = w.answers.get(s)
        offered = [a for a in ("win", "kong", "pong") if a in w.options[s]]
        claim = answer if answer in ("win", "pong", "kong") else (offered[0] if answer is None and offered else None)
        if claim is None:
            continue
        out.append({"type": "overruled", "seat": s, "claim": claim, "tile": w.tile, "by": winners[0],
                    "rule": "first_in_turn" if claim == "win" else "win_first", "answered": answer is not None})
    return out


def _window_settled(st: HandState, w: Window) -> bool:
    """Are the answers that matter in? A win waits for every seat that may win (several winners) or
    for the seats before it; a meld waits for every seat that may still win."""
    multi = st.rules.several_winners(w.kind, st.options)
    for u in w.order:
        if u in w.answers:
            continue
        if "win" in w.options[u]:
            if multi:
                return False
            earlier = w.order[:w.order.index(u)]
            if not any(w.answers.get(s) == "win" for s in earlier):
                return False
        elif not any(a == "win" for a in w.answers.values()):
            return False
    return True
