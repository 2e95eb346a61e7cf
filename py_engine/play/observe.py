"""What one seat may know: the observation dict and masked events (OBSERVATION.md).

Built from the hand's state (state.py, public fields) and a referee seen through the small
interface below (Game satisfies it); this module imports neither state.py nor anything above it.
"""
from __future__ import annotations

from typing import Any, Protocol

from .legality import WhyNot
from .state import HandState
from ..tiles import CODES, NUM_KINDS, sorted_tiles
from ..types import ActionDict, DiscardDict, LastDiscard, Observation, WhyNotDict

WINDS = ("1z", "2z", "3z", "4z")


class Referee(Protocol):
    """What the observation asks of the referee beyond its state: who acts, with what, and why not."""

    @property
    def state(self) -> HandState: ...
    @property
    def waiting_for(self) -> list[int]: ...
    @property
    def result(self) -> dict[str, Any] | None: ...
    def legal_actions(self, seat: int) -> list[str]: ...
    def action_details(self, seat: int) -> list[ActionDict]: ...
    def why_not(self, seat: int) -> WhyNot | None: ...


def observe(referee: Referee, seat: int | None) -> Observation:
    state = referee.state
    over = state.is_over
    hands: list[list[str] | None] = [
        sorted_tiles(h) if (over or s == seat) else None for s, h in enumerate(state.hands)
    ]
    melds = [
        [m.to_dict(hidden=(m.type == "concealed_kong" and s != seat and not over)) for m in ms]
        for s, ms in enumerate(state.melds)
    ]
    discards: list[list[DiscardDict]] = [
        [{"tile": None if (d.covered and s != seat and not over) else d.tile, "claimed": d.claimed,
          "covered": d.covered, "thrown_drawn": d.thrown_drawn}
         for d in ds]
        for s, ds in enumerate(state.discards)
    ]
    last: LastDiscard | None = None
    if state.last_discard is not None:
        ls, li = state.last_discard
        last = {"seat": ls, "tile": discards[ls][li]["tile"], "index": li}
    w = state.wall
    return {
        "seat": seat,
        "variant": state.variant,
        "options": dict(state.options),
        "dealer": state.dealer,
        "seat_winds": [WINDS[(s - state.dealer) % 4] for s in range(4)],
        "scores": state.scores,
        "hand_deltas": state.hand_deltas,
        "turn": state.turn,
        "phase": state.phase,
        "waiting_for": referee.waiting_for,
        "legal_actions": referee.legal_actions(seat) if seat is not None else [],
        "actions": referee.action_details(seat) if seat is not None else [],
        "why_not_win": _why_not(referee, seat),
        "is_over": over,
        "result": referee.result,
        "hands": hands,
        "hand_counts": [len(h) for h in state.hands],
        "drawn": state.drawn if seat == state.turn and not over else None,
        "drawn_seat": state.turn if state.drawn is not None and state.phase == "discard" and not over else None,
        "melds": melds,
        "discards": discards,
        "last_discard": last,
        "flowers": [list(f) for f in state.flowers],
        "flower_kongs": [max(0, len(f) - 3) for f in state.flowers],
        "gold": state.gold,
        "gold_tile_out": state.gold_out,
        "swims": list(state.swims),
        "furiten": bool(seat is not None and state.furiten[seat]),
        "wall": {
            "stacks_per_side": w.stacks_per_side,
            "dice": list(w.dice),
            "break_side": state.dealer,
            "break_stack": sum(w.dice) - 1,
            "total": w.stacks_per_side * 8,
            "front_taken": w.front_taken,
            "tail_taken": w.tail_taken,
            "stacks": w.stacks(),
        },
        "tiles_left": state.tiles_left,
        "unseen": unseen(state, seat),
        "events": [mask_event(e, seat, state) for e in state.events],
        "hand_number": state.hand_number,
        "history_length": len(state.history),
    }


def _why_not(referee: Referee, seat: int | None) -> WhyNotDict | None:
    if seat is None:
        return None
    reason = referee.why_not(seat)
    return None if reason is None else reason.to_dict()


def unseen(state: HandState, seat: int | None) -> dict[str, int]:
    """Copies of each kind the seat cannot see: not in its hand, any discard, an exposed meld, or the
    turned gold; once the hand is over every hand is shown, so only the wall's tiles stay unseen."""
    left = [4] * NUM_KINDS
    index = {c: i for i, c in enumerate(CODES[:NUM_KINDS])}
    seen: list[str] = []
    for s in range(4):
        if s == seat or state.is_over:
            seen += state.hands[s]
    for s, ms in enumerate(state.melds):
        for m in ms:
            if m.type != "concealed_kong" or s == seat or state.is_over:
                seen += m.tiles
    for s, ds in enumerate(state.discards):
        # a claimed discard lies in the claimer's meld (counted there) or the winner's hand
        seen += [d.tile for d in ds if (not d.covered or s == seat) and not d.claimed]
    if state.gold and state.gold_out:
        seen.append(state.gold)
    for t in seen:
        left[index[t]] -= 1
    return {CODES[i]: max(0, n) for i, n in enumerate(left)}


def mask_event(event: dict[str, Any], seat: int | None, state: HandState) -> dict[str, Any]:
    """Others' drawn tiles, the covered first discard and others' concealed kongs (and the tile their
    payments name) are hidden from a seat (until the hand is over)."""
    if state.is_over:
        return event
    kind = event["type"]
    if kind == "draw" and event["seat"] != seat:
        return {**event, "tile": None}
    if kind in ("discard", "swim") and event.get("seat") != seat and _covered_now(event, state):
        return {**event, "tile": None}
    if kind == "kong" and event.get("kind") == "concealed_kong" and event["seat"] != seat:
        return {**event, "tile": None}
    if kind == "payment" and event.get("reason") == "concealed_kong" and event["to"] != seat:
        return {**event, "tile": None}
    return event


def _covered_now(event: dict[str, Any], state: HandState) -> bool:
    ds = state.discards[event["seat"]]
    return bool(ds) and ds[0].covered and (event.get("covered") or event["type"] == "swim")
