"""How likely a discard feeds another player's discard win (Longyan, docs/RULES.md §3: the discarder pays 1 more).

Only what the seat sees counts: how long each opponent has played and what it has exposed,
its own discards (a player rarely waits on a tile it threw; furiten here is only temporary, so
that is a hint, not a proof) and the copies of the tile still unseen.
"""
from __future__ import annotations

from ..tiles import CODES, HONOR_BASE, INDEX
from .common import View

#: Chance an opponent waits on a suited tile of this number, when it is ready.
WAIT_BY_NUMBER = (0.05, 0.07, 0.10, 0.11, 0.11, 0.11, 0.10, 0.07, 0.05)
#: Cost of feeding a discard win, in points, over and above losing the hand to a self-draw.
FEED_COST = 2.5


def discard_wins_possible(view: View) -> bool:
    # the rule set's discard wins; a double or triple swim forbids discard wins by others
    return view.rules.may_win_on_discard(view.options) and max(view.swims) < 2


def readiness(view: View, opponent: int) -> float:
    """A rough chance that an opponent is ready now."""
    obs = view.obs
    turns = len(obs["discards"][opponent])
    melds = len(obs["melds"][opponent])
    return min(0.85, 0.02 + 0.035 * turns + 0.12 * melds)


def danger(view: View, tile: str) -> float:
    """Expected number of opponents who would win on this discard."""
    if not discard_wins_possible(view):
        return 0.0
    if view.gold is not None and tile == view.gold:
        return 0.0                      # a discarded gold cannot be claimed
    obs = view.obs
    unseen = view.unseen[INDEX[tile]]
    slot = view.slot(tile)              # the one gold reading: a white dragon reads as the gold's face
    honor = slot >= HONOR_BASE
    total = 0.0
    for opp in range(4):
        if opp == view.seat or view.swims[opp]:
            continue                    # a swimmer may not claim discards
        ready = readiness(view, opp)
        if ready <= 0:
            continue
        if honor:
            p = 0.045 * unseen
        else:
            number = int(CODES[slot][0])
            p = WAIT_BY_NUMBER[number - 1] * (0.5 if unseen == 0 else 1.0)
        thrown = {d["tile"] for d in obs["discards"][opp] if d["tile"]}
        if tile in thrown:
            p *= 0.35
        elif tile[1] != "z":
            n = int(tile[0])
            if f"{n - 3}{tile[1]}" in thrown or f"{n + 3}{tile[1]}" in thrown:
                p *= 0.7
        total += ready * p
    return total
