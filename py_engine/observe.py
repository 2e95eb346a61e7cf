"""What one seat may know: the observation dict and masked events (OBSERVATION.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .tiles import CODES, NUM_KINDS, sorted_tiles
from .types import DiscardDict, LastDiscard, Observation, WhyNotDict

if TYPE_CHECKING:
    from .game import Game

WINDS = ("1z", "2z", "3z", "4z")


def observe(game: Game, seat: int | None) -> Observation:
    over = game.is_over
    hands: list[list[str] | None] = [
        sorted_tiles(h) if (over or s == seat) else None for s, h in enumerate(game.hands)
    ]
    melds = [
        [m.to_dict(hidden=(m.type == "concealed_kong" and s != seat and not over)) for m in ms]
        for s, ms in enumerate(game.melds)
    ]
    discards: list[list[DiscardDict]] = [
        [{"tile": None if (d.covered and s != seat and not over) else d.tile, "claimed": d.claimed,
          "covered": d.covered}
         for d in ds]
        for s, ds in enumerate(game.discards)
    ]
    last: LastDiscard | None = None
    if game.last_discard is not None:
        ls, li = game.last_discard
        last = {"seat": ls, "tile": discards[ls][li]["tile"], "index": li}
    w = game.wall
    return {
        "seat": seat,
        "variant": game.variant,
        "options": dict(game.options),
        "dealer": game.dealer,
        "seat_winds": [WINDS[(s - game.dealer) % 4] for s in range(4)],
        "scores": game.scores,
        "hand_deltas": game.hand_deltas,
        "turn": game.turn,
        "phase": game.phase,
        "waiting_for": game.waiting_for,
        "legal_actions": game.legal_actions(seat) if seat is not None else [],
        "actions": game.action_details(seat) if seat is not None else [],
        "why_not_win": _why_not(game, seat),
        "is_over": over,
        "result": game.result,
        "hands": hands,
        "hand_counts": [len(h) for h in game.hands],
        "drawn": game.drawn if seat == game.turn and not over else None,
        "drawn_seat": game.turn if game.drawn is not None and game.phase == "discard" and not over else None,
        "melds": melds,
        "discards": discards,
        "last_discard": last,
        "flowers": [list(f) for f in game.flowers],
        "flower_kongs": [max(0, len(f) - 3) for f in game.flowers],
        "gold": game.gold,
        "gold_tile_out": game.gold_out,
        "swims": list(game.swims),
        "furiten": bool(seat is not None and game.furiten[seat]),
        "wall": {
            "stacks_per_side": w.stacks_per_side,
            "dice": list(w.dice),
            "break_side": game.dealer,
            "break_stack": sum(w.dice) - 1,
            "total": w.stacks_per_side * 8,
            "front_taken": w.front_taken,
            "tail_taken": w.tail_taken,
            "stacks": w.stacks(),
        },
        "tiles_left": game.tiles_left,
        "unseen": unseen(game, seat),
        "events": [mask_event(e, seat, game) for e in game.events],
        "hand_number": game.hand_number,
        "history_length": len(game.history),
    }


def _why_not(game: Game, seat: int | None) -> WhyNotDict | None:
    if seat is None:
        return None
    reason = game.why_not(seat)
    return None if reason is None else reason.to_dict()


def unseen(game: Game, seat: int | None) -> dict[str, int]:
    """Copies of each kind the seat cannot see: not in its hand, any discard, an exposed meld, or the
    turned gold; once the hand is over every hand is shown, so only the wall's tiles stay unseen."""
    left = [4] * NUM_KINDS
    index = {c: i for i, c in enumerate(CODES[:NUM_KINDS])}
    seen: list[str] = []
    for s in range(4):
        if s == seat or game.is_over:
            seen += game.hands[s]
    for s, ms in enumerate(game.melds):
        for m in ms:
            if m.type != "concealed_kong" or s == seat or game.is_over:
                seen += m.tiles
    for s, ds in enumerate(game.discards):
        # a claimed discard lies in the claimer's meld (counted there) or the winner's hand
        seen += [d.tile for d in ds if (not d.covered or s == seat) and not d.claimed]
    if game.gold and game.gold_out:
        seen.append(game.gold)
    for t in seen:
        left[index[t]] -= 1
    return {CODES[i]: max(0, n) for i, n in enumerate(left)}


def mask_event(event: dict[str, Any], seat: int | None, game: Game) -> dict[str, Any]:
    """Others' drawn tiles and the covered first discard are hidden from a seat (until the hand is over)."""
    if game.is_over:
        return event
    kind = event["type"]
    if kind == "draw" and event["seat"] != seat:
        return {**event, "tile": None}
    if kind in ("discard", "swim") and event.get("seat") != seat and _covered_now(event, game):
        return {**event, "tile": None}
    if kind == "kong" and event.get("kind") == "concealed_kong" and event["seat"] != seat:
        return {**event, "tile": None}
    return event


def _covered_now(event: dict[str, Any], game: Game) -> bool:
    ds = game.discards[event["seat"]]
    return bool(ds) and ds[0].covered and (event.get("covered") or event["type"] == "swim")
