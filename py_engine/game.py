"""The state machine of one hand: waiting_for / legal_actions / apply / observation (API.md).

Legality is computed in one place (legality.py) and shared by the referee, the bots and the hints;
wins and the end of the hand are settled in settle.py. This module sequences a hand: draws,
discards, claim windows, kongs, swims.
"""
from __future__ import annotations

import copy
from typing import Any

from . import position_check, positions
from .actions import Action
from .actions import _parse as parse_legal
from .melds import Meld
from .observe import observe
from .quote import quote
from .rules.longyan import first_discard_bonus, flower_kong_payments, swim_level
from .settle import Settlement
from .state import ORDERS, Bonus, Discard, Window, order_from, payment_event
from .types import ActionDict, Observation
from .tiles import FLOWERS, INDEX, format_tiles, sorted_tiles
from .winning import count_index


class IllegalActionError(ValueError):
    """An action that is not legal now; the message names what is legal. The state is untouched."""


class Game(Settlement):
    """One hand of mahjong under one rule set."""

    # ---------------- construction ----------------

    @classmethod
    def new(cls, variant: str, seed: int = 0, options: dict[str, Any] | None = None,
            dealer: int | None = None, scores: list[int] | None = None) -> Game:
        """Shuffled, dealt, deterministic by seed."""
        return cls(positions.deal(variant, seed, options, dealer, scores))

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
        super().__init__(setup)
        self._start = self._start_position()
        if self.gold:
            self.events.append({"type": "gold", "tile": self.gold})
        self.events += [payment_event(p) for p in self.payments]
        self._open_start()

    def _start_position(self) -> dict[str, Any]:
        """The full position of this hand's start: every tile placed, so it plays identically."""
        tail_explicit = self.wall.explicit_tail
        tiles = self.wall.front_order()
        front = tiles[:len(tiles) - tail_explicit] if tail_explicit else tiles
        tail = list(reversed(tiles[len(tiles) - tail_explicit:])) if tail_explicit else []
        return {
            "variant": self.variant, "options": dict(self.options), "seed": self.seed, "dealer": self.dealer,
            "dice": list(self.dice), "hands": [format_tiles(h) for h in self.hands],
            "melds": [[str(m) for m in ms] for ms in self.melds],
            "flowers": [list(f) for f in self.flowers],   # codes, in the order they were set aside
            "wall": "".join(front), "tail": "".join(tail), "gold": self.gold,
            "scores": list(self.scores_start), "drawn_count": self.drawn_count,
            "opening_payments": [p.to_dict() for p in self.payments],
        }

    # ---------------- the state contract ----------------

    @property
    def is_over(self) -> bool:
        return self.result_obj is not None

    @property
    def result(self) -> dict[str, Any] | None:
        return None if self.result_obj is None else self.result_obj.to_dict()

    @property
    def waiting_for(self) -> list[int]:
        if self.result_obj is not None:
            return []
        if self.window is not None:
            return [s for s in self.window.order if s in self.window.options and s not in self.window.answers]
        return [self.turn]

    def legal_actions(self, seat: int) -> list[str]:
        if type(seat) is not int or not 0 <= seat <= 3:     # not a seat (a boolean neither): nothing is legal
            return []
        return list(self._legal_now(seat))

    def _legal_now(self, seat: int) -> list[str]:
        """The seat's legal actions, computed once per state (callers must not change the list)."""
        legal = self._legal_cache.get(seat)
        if legal is None:
            legal = self._legal_cache[seat] = self._legal(seat)
        return legal

    def apply(self, seat: int, action: str) -> list[dict[str, Any]]:
        """Play one action; returns its events. Illegal -> IllegalActionError, state unchanged."""
        valid_seat = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat <= 3
        legal = self._legal_now(seat) if valid_seat else []
        if not isinstance(action, str) or action not in legal:
            raise IllegalActionError(self._illegal_message(seat, action, list(legal)))
        self.events = []
        self._legal_cache = {}
        self.history.append((seat, action))
        parsed = parse_legal(action)           # legal, so well formed: the cached parse alone
        verb, arg = parsed.kind, parsed.tile or ""
        if self.window is not None:
            self._answer(seat, verb)
        elif verb == "discard":
            self._discard(seat, arg)
        elif verb == "kong":
            self._declare_kong(seat, arg)
        elif verb == "swim":
            self._swim(seat, arg)
        elif verb == "win":
            self._self_draw_win(seat)
        self._legal_cache = {}
        return list(self.events)

    def _illegal_message(self, seat: Any, action: Any, legal: list[str]) -> str:
        if self.result_obj is not None:
            return f"{quote(action)} is not legal: the hand is over"
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            return f"no seat {quote(seat)}: seats are 0-3; waiting for {self.waiting_for}"
        if not legal:
            return f"seat {seat} cannot act now ({quote(action)}): waiting for seat(s) {self.waiting_for}"
        return f"{quote(action)} is not legal for seat {seat}; legal: {', '.join(legal)}"

    def default_action(self, seat: int) -> str:
        """What the timer plays: pass on a claim; on one's turn discard the tile just drawn (or the rightmost)."""
        legal = self.legal_actions(seat)
        if not legal:
            raise IllegalActionError(self._illegal_message(seat, "(timeout)", legal))
        if "pass" in legal:
            return "pass"
        if legal == ["win"] or (self.swims[seat] and "win" in legal):
            return "win"                       # a swim's draw wins whatever it is
        if self.drawn is not None and f"discard {self.drawn}" in legal:
            return f"discard {self.drawn}"
        return f"discard {sorted_tiles(self.hands[seat])[-1]}"

    def action_details(self, seat: int) -> list[ActionDict]:
        """The seat's legal actions with their structure (OBSERVATION.md, actions): kind and tile, the
        tile a claim takes ("on"), the meld a kong makes, a swim's level, and what a win would score."""
        out: list[ActionDict] = []
        w = self.window
        for text in self._legal_now(seat):
            action = Action.parse(text)
            entry: ActionDict = {"action": str(action), "kind": action.kind, "tile": action.tile}
            if w is not None and w.tile is not None and action.kind != "pass":
                entry["on"] = w.tile
            if action.kind == "kong":
                entry["meld"] = ("kong" if action.tile is None else
                                 "concealed_kong" if self.counts[seat][INDEX[action.tile]] == 4 else "added_kong")
            elif action.kind == "swim" and action.tile is not None:
                entry["level"] = self._swim_level(seat, action.tile)
            elif action.kind == "win":
                win = self._win_for(seat, w).to_dict()
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
        if self.rules.three_golds and self.gold:
            holders = [s for s in order_from(self.dealer) if self.hands[s].count(self.gold) >= 3]
            if holders:
                self.window = Window("three_golds", None, self.dealer,
                                     {s: ["win", "pass"] for s in holders}, holders)
                self.phase = "three_golds"
                return
        self._start_turn(self.dealer, drew=True)

    def _start_turn(self, seat: int, drew: bool, tile: str | None = None) -> None:
        self.window = None
        self.turn = seat
        self.phase = "discard"
        self.may_self_draw = drew
        self.drawn = tile

    def _draw(self, seat: int, replacement: bool = False) -> None:
        """Draw for `seat` (front, or tail after a kong); flowers are set aside and replaced at once."""
        from_tail = replacement
        while True:
            if self.tiles_left <= 0:
                self._finish_draw_game()
                return
            tile = self.wall.draw_tail(use_die=self.rules.tail_die) if from_tail else self.wall.draw_front()
            self.drawn_count += 1
            event: dict[str, Any] = {"type": "draw", "seat": seat, "tile": tile, "source": "tail" if from_tail else "front"}
            if from_tail and self.wall.last_die is not None:
                event["die"] = self.wall.last_die
            self.events.append(event)
            if tile not in FLOWERS:
                break
            self._set_aside_flower(seat, tile)
            from_tail = True
        self._add(seat, tile)
        self.furiten[seat] = False            # temporary furiten lasts until one's own next draw
        self.replacement = replacement
        self._start_turn(seat, drew=True, tile=tile)

    def _set_aside_flower(self, seat: int, tile: str) -> None:
        self.flowers[seat].append(tile)
        self.events.append({"type": "flower", "seat": seat, "tile": tile})
        if len(self.flowers[seat]) >= 4:
            self.events.append({"type": "flower_kong", "seat": seat, "count": len(self.flowers[seat]) - 3})
            self._pay(flower_kong_payments(seat, self.dealer))

    def _discard(self, seat: int, tile: str, swim_level: int = 0) -> None:
        self._remove(seat, tile)
        covered = self.covered_pending and seat == self.dealer
        self.covered_pending = False
        self.discards[seat].append(Discard(tile, covered=covered))
        self.last_discard = (seat, len(self.discards[seat]) - 1)
        self.drawn = None
        self.events.append({"type": "discard", "seat": seat, "tile": tile, "covered": covered})
        if swim_level:
            self.events.append({"type": "swim", "seat": seat, "level": swim_level, "tile": tile})
        if covered:
            self._open_rob_gold(seat)
        else:
            self._after_public_discard(seat, tile)

    def _after_public_discard(self, seat: int, tile: str) -> None:
        if self.bonus.alive:
            self._track_bonus(seat, tile)
        self._open_claims(seat, tile)

    def _track_bonus(self, seat: int, tile: str) -> None:
        """分饼: round k pays when its four discards (dealer, +1, +2, +3, no claim between) are identical."""
        b = self.bonus
        if not b.alive:
            return
        if seat != (self.dealer + len(b.tiles)) % 4 or (b.tiles and tile != b.tiles[0]):
            b.alive = False
            return
        b.tiles.append(tile)
        if len(b.tiles) == 4:
            self.events.append({"type": "bonus", "round": b.round, "tile": tile})
            self._pay(first_discard_bonus(self.dealer, b.round, tile))
            b.round += 1
            b.tiles = []

    def _open_claims(self, discarder: int, tile: str) -> None:
        options: dict[int, list[str]] = {}
        order = ORDERS[(discarder + 1) % 4][:3]
        may_meld = self.tiles_left > 0         # the last discard cannot be ponged or konged
        may_win = self.rules.may_win_on_discard(self.options)
        if tile != self.gold:                  # a discarded gold cannot be claimed
            slot = count_index(tile, self.gold, self.options)
            kind = INDEX[tile]
            for s in order:
                if self.swims[s]:
                    continue                   # a swimmer may not claim discards
                acts = []
                if may_win and self._wins_on_slot(s, slot) and self._may_win_by(s, "discard"):
                    acts.append("win")
                if may_meld:
                    held = self.counts[s][kind]
                    if held >= 2:
                        acts.append("pong")
                    if held >= 3:
                        acts.append("kong")
                if acts:
                    options[s] = acts + ["pass"]
        if options:
            self.window = Window("claim", tile, discarder, options, [s for s in order if s in options])
            self.phase = "claim"
        else:
            self._draw((discarder + 1) % 4)

    def _open_rob_gold(self, dealer: int) -> None:
        """抢金: after the covered first discard, non-dealers then the dealer may win with the turned gold."""
        options: dict[int, list[str]] = {}
        if self.gold_out:
            for s in order_from((dealer + 1) % 4):
                if self._may_win_by(s, "rob_gold") and self._wins(s, extra_golds=1):
                    options[s] = ["win", "pass"]
        if options:
            self.window = Window("rob_gold", self.gold, dealer, options, [s for s in order_from((dealer + 1) % 4) if s in options])
            self.phase = "rob_gold"
        else:
            self._reveal_covered()

    def _reveal_covered(self) -> None:
        seat = self.dealer
        entry = self.discards[seat][-1]
        entry.covered = False
        self.events.append({"type": "reveal", "seat": seat, "tile": entry.tile})
        self._after_public_discard(seat, entry.tile)

    def _answer(self, seat: int, verb: str) -> None:
        """One answer in a window; resolve once the answers that matter are in (docs/RULES.md priorities)."""
        w = self.window
        assert w is not None
        w.answers[seat] = verb
        if verb != "win" and "win" in w.options[seat] and w.kind in ("claim", "rob_kong") and self.rules.furiten:
            self.furiten[seat] = True          # 不能弃先和后: passed a win on a discard or a kong
        if verb == "pass":
            self.events.append({"type": "pass", "seat": seat})
        if not self._window_settled(w):
            return
        self.window = None
        winners = [s for s in w.order if w.answers.get(s) == "win"]
        if winners and not self.rules.several_winners(w.kind, self.options):
            winners = winners[:1]              # one winner: the first in priority order
        if w.kind == "three_golds":
            if winners:
                self._finish([self._win_for(winners[0], w)], None)
            else:
                self._start_turn(self.dealer, drew=True)
        elif w.kind == "rob_gold":
            if winners:
                self._rob_gold_win(winners[0], w)
            else:
                self._reveal_covered()
        elif w.kind == "rob_kong":
            if winners:
                self._rob_kong_win(winners[0], w)
            else:
                self._complete_added_kong(w.source, w.tile or "")
        else:
            self._resolve_claims(w, winners)

    def _window_settled(self, w: Window) -> bool:
        multi = self.rules.several_winners(w.kind, self.options)
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

    def _resolve_claims(self, w: Window, winners: list[int]) -> None:
        discarder, tile = w.source, w.tile or ""
        if winners:
            self.discards[discarder][-1].claimed = True
            wins = [self._win_for(s, w) for s in winners]
            self._finish(wins, discarder)
            return
        claimer = next((s for s in w.order if w.answers.get(s) in ("pong", "kong")), None)
        if claimer is None:
            self._draw((discarder + 1) % 4)
            return
        self.discards[discarder][-1].claimed = True
        self.bonus.alive = False               # a claim ends the 分饼 streak
        kind = w.answers[claimer]
        self._remove(claimer, tile, 2 if kind == "pong" else 3)
        self.melds[claimer].append(Meld(kind, tile, discarder))
        self.events.append({"type": kind, "seat": claimer, "tile": tile, "from": discarder}
                           if kind == "pong" else
                           {"type": "kong", "seat": claimer, "tile": tile, "kind": "kong", "from": discarder})
        if kind == "pong":
            self.replacement = False
            self._start_turn(claimer, drew=False)   # after a pong the only action is a discard
        else:
            self._kong_paid(claimer, concealed=False)
            self._draw(claimer, replacement=True)

    def _kong_paid(self, seat: int, concealed: bool) -> None:
        self.kongs[seat] += 1
        self._pay(self.rules.kong_payments(seat, self.dealer, concealed, "concealed_kong" if concealed else "kong"))

    def _declare_kong(self, seat: int, tile: str) -> None:
        if self.counts[seat][INDEX[tile]] == 4:
            self._remove(seat, tile, 4)
            self.melds[seat].append(Meld("concealed_kong", tile))
            self.events.append({"type": "kong", "seat": seat, "tile": tile, "kind": "concealed_kong", "from": None})
            self._kong_paid(seat, concealed=True)
            self._draw(seat, replacement=True)
            return
        # 加杠: others may rob it first (Longyan)
        options: dict[int, list[str]] = {}
        order = order_from((seat + 1) % 4)[:3]
        if self.rules.robs_added_kong:
            for s in order:
                if self._may_win_by(s, "rob_kong") and self._wins_with(s, tile):
                    options[s] = ["win", "pass"]
        if options:
            self.window = Window("rob_kong", tile, seat, options, [s for s in order if s in options])
            self.phase = "rob_kong"
            self.events.append({"type": "kong_declared", "seat": seat, "tile": tile})
        else:
            self._complete_added_kong(seat, tile)

    def _complete_added_kong(self, seat: int, tile: str) -> None:
        self._remove(seat, tile)
        i = next(i for i, m in enumerate(self.melds[seat]) if m.type == "pong" and m.tile == tile)
        self.melds[seat][i] = Meld("added_kong", tile, self.melds[seat][i].source)
        self.events.append({"type": "kong", "seat": seat, "tile": tile, "kind": "added_kong", "from": None})
        self._kong_paid(seat, concealed=False)
        self._draw(seat, replacement=True)

    def _swim_level(self, seat: int, tile: str) -> int:
        """The swim level a "swim T" reaches: one up while swimming, else double with a gold (the pair
        was two golds), single otherwise (docs/RULES.md §3 游金)."""
        return swim_level(self.swims[seat], tile, self.gold)

    def _swim(self, seat: int, tile: str) -> None:
        level = self._swim_level(seat, tile)
        self.swims[seat] = level
        self._discard(seat, tile, swim_level=level)

