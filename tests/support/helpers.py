"""Shared helpers for the rules / properties / positions tests (public contract only)."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from py_engine import Game, IllegalActionError, parse_tiles

# Hands that hold only singletons (no pair, far from any win): fillers for seats a test does not use.
def _inert() -> list[str]:
    from itertools import combinations, permutations
    out = []
    for honors in combinations("1234567", 4):
        for groups in permutations(("147", "258", "369")):
            out.append(f"{groups[0]}m{groups[1]}p{groups[2]}s{''.join(honors)}z")
    return out


INERT = [
    "1479m2589p13569s", "2589m13569p1479s", "13569m1479p2589s",
    "1479m13569p2589s", "2589m1479p13569s", "13569m2589p1479s",
] + _inert()


def pos(variant: str, hands: list[str | None], **kw: Any) -> dict[str, Any]:
    """A position; seats given as None get an inert 13-tile filler that keeps every count <= 4.

    Fillers avoid the tiles placed by the test where possible."""
    used = Counter()
    for h in hands:
        if h:
            used.update(parse_tiles(h))
    for key in ("wall", "tail"):
        if kw.get(key):
            used.update(parse_tiles(kw[key]))
    if kw.get("gold"):
        used[kw["gold"]] += 1
    for ms in kw.get("melds") or []:
        for m in ms:
            kind, tile = m.split()
            used[tile] += 3 if kind == "pong" else 4
    out = []
    dealer = kw.get("dealer", 0)
    melds = kw.get("melds") or [[], [], [], []]
    for seat, h in enumerate(hands):
        if h is not None:
            out.append(h)
            continue
        need = (14 if seat == dealer else 13) - 3 * len(melds[seat])
        for cand in INERT:
            tiles = parse_tiles(cand)[:need]
            if len(tiles) < need:     # the dealer's 14th: a tile not yet in the hand
                for extra in ("1z", "2z", "3z", "4z", "6z", "7z", "5m", "5p", "5s"):
                    if extra not in tiles and used[extra] < 4 and extra != kw.get("gold"):
                        tiles.append(extra)
                        break
            c = Counter(tiles)
            if variant == "longyan" and ("5z" in c or kw.get("gold") in c):
                continue   # no gold and no white dragon (the gold's face) in a filler
            if len(tiles) == need and all(used[t] + n <= 4 for t, n in c.items()):
                used.update(c)
                out.append("".join(tiles))
                break
        else:  # pragma: no cover - a test asked for too much
            raise AssertionError("no inert filler fits")
    p: dict[str, Any] = {"variant": variant, "hands": out}
    p.update(kw)
    return p


def game(variant: str, hands: list[str | None], **kw: Any) -> Game:
    return Game.from_position(pos(variant, hands, **kw))


def play(g: Game, *actions: tuple[int, str]) -> list[dict[str, Any]]:
    """Apply actions in order; returns all events."""
    events: list[dict[str, Any]] = []
    for seat, action in actions:
        events += g.apply(seat, action)
    return events


def pass_all(g: Game) -> None:
    """Everyone waiting in a claim window passes."""
    while g.waiting_for and all("pass" in g.legal_actions(s) for s in g.waiting_for):
        s = g.waiting_for[0]
        g.apply(s, "pass")


def payments_of(events: list[dict[str, Any]], reason: str | None = None) -> list[tuple[int, int, int]]:
    return [(e["from"], e["to"], e["amount"]) for e in events
            if e["type"] == "payment" and (reason is None or e["reason"] == reason)]


def deltas_of(events: list[dict[str, Any]], reason: str | None = None) -> list[int]:
    d = [0, 0, 0, 0]
    for f, t, a in payments_of(events, reason):
        d[f] -= a
        d[t] += a
    return d


def assert_illegal(g: Game, seat: Any, action: Any) -> str:
    """The action raises IllegalActionError (a ValueError) naming the legal actions; state unchanged."""
    before = g.observation(None)
    legal = {s: g.legal_actions(s) for s in range(4)}
    hist = list(g.history)
    try:
        g.apply(seat, action)
    except IllegalActionError as err:
        assert isinstance(err, ValueError)
        msg = str(err)
    else:
        raise AssertionError(f"{action!r} by seat {seat!r} was accepted")
    assert g.observation(None) == before
    assert {s: g.legal_actions(s) for s in range(4)} == legal
    assert list(g.history) == hist
    if isinstance(seat, int) and 0 <= seat <= 3 and legal[seat]:
        for a in legal[seat]:
            assert a in msg, f"message {msg!r} does not list legal action {a!r}"
    return msg


def random_playout(g: Game, rng: random.Random, max_steps: int = 2000,
                   check=None) -> Game:
    """Play random legal actions (every waiting seat answers) until the hand is over."""
    steps = 0
    while not g.is_over:
        steps += 1
        assert steps < max_steps, "game did not end"
        seat = rng.choice(g.waiting_for)
        acts = g.legal_actions(seat)
        assert acts, f"seat {seat} waits with no legal action"
        # prefer not winning immediately sometimes, so games last
        action = rng.choice(acts)
        g.apply(seat, action)
        if check:
            check(g)
    return g


def pass_rob_gold(g: Game) -> None:
    """Longyan: everyone who could rob the gold after the covered first discard passes."""
    while not g.is_over and g.observation(None)["phase"] == "rob_gold":
        g.apply(g.waiting_for[0], "pass")
