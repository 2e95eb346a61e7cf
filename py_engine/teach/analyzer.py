"""The hand analyzer of analyze.html (issue 14): a hand, its melds, flowers and gold, who holds it
and how it wins, answered by the engine's own game.

Nothing here scores or judges a hand. The query is staged as a real moment of a hand (an API.md
position and the few moves that lead to the win: the dealer's discard, a kong and its
replacement, a swim and the draws after it), and the Game says whether ``win`` is legal there
and, if it is, settles it (RULES.md §2 and §3 Win settlement). A win that is not legal is
explained by hints.py's reasons (``cannot_win``), or, for a hand that is not complete, by its
shanten. For 13 tiles: the waits (analysis.waits); for 14: every discard ranked (discards.py).

The query is read by analyzer_query.py (its arguments' one schema, which the bridge names too);
input errors are its ``InputError``: a code, the tiles they concern and the part of the input
("hand", "meld", "flower", "gold", "win"), so the page points at them in the reader's language.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from . import analysis, hints
from .analyzer_query import InputError, Query, read_query
from .discards import efficiency_order, rank
from ..play.game import Game
from ..tiles.melds import parse_meld
from ..rules import ruleset
from ..tiles import CODES, INDEX, NUM_KINDS, WHITE_DRAGON, format_tiles, full_set, is_flower

__all__ = ["STOP", "Stage", "analyze", "play", "stage"]

ANALYZED_DEALER, ANALYZED_OTHER = 0, 1          # the analyzed seat: 0 when the dealer, else 1
STOP = "(stop)"                                 # a step that ends play() when its moment comes


# ---------------------------------------------------------------------------------------------
# Staging: a position and the moves that lead to the analyzed seat's win


@dataclass
class Stage:
    position: dict[str, Any]
    steps: list[tuple[int, str, str]]          # (seat, action, phase in which it is played)
    seat: int
    missed: dict[str, Any] | None = None       # the referee's why_not when a claim's moment had no window


class _Pool:
    """The tiles the query leaves, handed out in a fixed order to the other seats and the wall."""

    def __init__(self, q: Query) -> None:
        left = Counter(full_set(ruleset(q.variant).flowers))
        if q.gold is not None:
            left[q.gold] -= 1
        left.subtract(q.hand + q.flowers + [t for m in q.melds for t in parse_meld(m).tiles])
        # honors and terminals last: filler hands then hold few sets and claim nothing we keep
        order = sorted((t for t in left if not is_flower(t) and t != q.gold),
                       key=lambda t: (t[1] == "z", INDEX[t] % 9 in (0, 8), (INDEX[t] * 7) % NUM_KINDS))
        self.left = left
        self.order = order

    def take(self, n: int, avoid: tuple[str, ...] = ()) -> list[str]:
        out: list[str] = []
        while len(out) < n:
            for t in self.order:
                if len(out) < n and self.left[t] > 0 and t not in avoid:
                    self.left[t] -= 1
                    out.append(t)
            if not any(self.left[t] > 0 and t not in avoid for t in self.order):
                break
        if len(out) < n:
            raise InputError("no_room", "not enough tiles left in the set to stage this hand", part="win")
        return out

    def take_tile(self, tile: str) -> bool:
        if self.left[tile] > 0:
            self.left[tile] -= 1
            return True
        return False


def _without(tiles: list[str], tile: str) -> list[str]:
    rest = list(tiles)
    rest.remove(tile)
    return rest


def stage(q: Query, swim_tile: str | None = None) -> Stage:
    """The position and steps for the query's win kind (or, for 13 tiles, the moment before the draw)."""
    a = ANALYZED_DEALER if q.dealer else ANALYZED_OTHER
    pool = _Pool(q)
    hands: list[list[str]] = [[], [], [], []]
    melds: list[list[str]] = [[], [], [], []]
    flowers: list[list[str]] = [[], [], [], []]
    flowers[a] = list(q.flowers)
    melds[a] = list(q.melds)
    wall: list[str] = []
    tail: list[str] = []
    steps: list[tuple[int, str, str]] = []
    w = q.win_tile
    hand = list(q.hand)
    filler = pool.take(1, avoid=tuple(hand))[0]      # the dealer's first discard when another seat wins

    def dealer_discards(tile: str) -> None:
        steps.append((0, f"discard {tile}", "discard"))

    if q.size == 13 or w is None:
        hands[a] = hand + ([filler] if a == 0 else [])
        if a == 1:
            pool.left[filler] += 1
    elif q.win == "self_draw":
        if a == 0:
            hands[0] = hand
        else:
            hands[1] = _without(hand, w)
            wall = [w]
            hands[0] = [filler]
            dealer_discards(filler)
        steps.append((a, "win", "discard"))
    elif q.win == "discard":
        # the seat's next draw is a tile that does not complete its hand: if the win on the discard
        # is refused with no claim window, the referee names the discard just missed (Game.why_not)
        before = _without(hand, w)
        safe = next((t for t in pool.order if pool.left[t] > 0 and not analysis.evaluate(
            before + [t], q.melds, q.variant, q.gold, q.options)["wins"]), None)
        if a == 1:
            hands[1] = before
            hands[0] = [w]
            dealer_discards(w)
            wall = [safe] if safe and pool.take_tile(safe) else []
        else:
            hands[0] = before + [filler]
            dealer_discards(filler)
            extra = pool.take(2)
            wall = [w] + extra + ([safe] if safe and pool.take_tile(safe) else [])
            steps.append((1, f"discard {w}", "discard"))
        steps.append((a, "win", "claim"))
    elif q.win == "kong_replacement":
        kongs = [m for m in q.melds if m.split()[0] in ("kong", "added_kong", "concealed_kong")]
        if not kongs:
            raise InputError("need_kong", "a win on a kong replacement needs a kong among the melds", part="win")
        kind, t = kongs[0].split()
        melds[a] = list(q.melds)
        melds[a].remove(kongs[0])
        before = _without(hand, w) + ([t] * 4 if kind == "concealed_kong" else [t])
        if kind != "concealed_kong":
            melds[a].append(f"pong {t}")
        tail = [w]
        if a == 0:
            hands[0] = before
        else:
            hands[1] = _without(before, t)
            wall = [t]
            hands[0] = [filler]
            dealer_discards(filler)
        steps += [(a, f"kong {t}", "discard"), (a, "win", "discard")]
    elif q.win == "rob_kong":
        konger = 1 - a
        if not all(pool.take_tile(w) for _ in range(3)):
            raise InputError("rob_kong_copies", f"robbing a kong of {w} needs the other three {w} in a pong",
                             [w], "hand")
        melds[konger] = [f"pong {w}"]
        if a == 1:
            hands[1] = _without(hand, w)
            hands[0] = [w]
            steps.append((0, f"kong {w}", "discard"))
        else:
            hands[0] = _without(hand, w) + [filler]
            dealer_discards(filler)
            wall = [w]
            steps.append((1, f"kong {w}", "discard"))
        steps.append((a, "win", "rob_kong"))
    elif q.win == "rob_gold":
        if w != q.gold:
            raise InputError("rob_gold_tile", f"robbing the gold wins on the turned gold {q.gold}, not {w}",
                             [str(w)], "win")
        if a == 1:
            hands[1] = _without(hand, w)
            hands[0] = [filler]
        else:
            hands[0] = _without(hand, w) + [filler]
        dealer_discards(filler)
        steps.append((a, "win", "rob_gold"))
    elif q.win == "swim":
        # the tiles the swimmer discards: T (a natural tile beside the gold, or a gold for a double
        # swim), then for a triple swim a drawn gold (RULES.md §3 游金)
        t = swim_tile or str(q.gold)
        thrown = [t] + ([str(q.gold)] if q.swim_level == 3 else [])
        if not all(pool.take_tile(x) for x in thrown):
            raise InputError("swim_golds", "no copy is left of a tile this swim discards", thrown, "win")
        before13 = _without(hand, w)
        between = pool.take(3)                       # the three other seats draw and discard
        ups = [str(q.gold)] + pool.take(3) if q.swim_level == 3 else []
        if a == 0:
            hands[0] = before13 + [t]
            wall = between + ups + [w]
        else:
            hands[1] = before13
            hands[0] = [filler]
            dealer_discards(filler)
            wall = [t] + between + ups + [w]
        steps.append((a, f"swim {t}", "discard"))
        if q.swim_level == 3:
            steps.append((a, f"swim {q.gold}", "discard"))
        steps.append((a, "win", "discard"))
    for seat in range(4):
        want = (14 if seat == 0 else 13) - 3 * len(melds[seat])
        if len(hands[seat]) < want:
            hands[seat] += pool.take(want - len(hands[seat]))
    position: dict[str, Any] = {
        "variant": q.variant, "options": q.options, "dealer": 0,
        "hands": [format_tiles(h) for h in hands], "melds": melds, "flowers": flowers,
        "wall": "".join(wall), "tail": "".join(tail),
    }
    if q.gold is not None:
        position["gold"] = q.gold
    return Stage(position, steps, a)


def play(st: Stage) -> tuple[Game, str | None]:
    """Play the stage's steps (others pass on claims and discard what they drew); returns the game
    and the last step not legal when its moment came (None when every step was played)."""
    g = Game.from_position(st.position)
    steps = list(st.steps)
    for _ in range(200):
        if g.is_over or not steps:
            break
        seat, action, phase = steps[0]
        waiting = g.waiting_for
        if seat in waiting and g.phase == phase:
            if action == STOP:
                return g, None
            if action not in g.legal_actions(seat):
                return g, action
            g.apply(seat, action)
            steps.pop(0)
        else:
            if seat in waiting and phase != "discard" and (g.phase == "discard" or (phase, g.phase) == ("rob_gold", "claim")):
                return g, action                 # the moment for a claim came and went (no window was opened)
            other = waiting[0]
            g.apply(other, g.default_action(other))
        if steps and steps[0][2] != "discard" and steps[0][0] not in g.waiting_for and not g.is_over:
            # a claim's moment with no window for its seat: the referee says why, now
            missed = g.observation(steps[0][0])["why_not_win"]
            st.missed = None if missed is None else dict(missed)
            if st.missed:
                return g, steps[0][1]
    return g, (steps[0][1] if steps else None)


# ---------------------------------------------------------------------------------------------
# The analysis


def _why_not(g: Game, seat: int, q: Query, failed: str | None, missed: dict[str, Any] | None = None) -> dict[str, Any]:
    gold = q.gold
    out: dict[str, Any] = {"code": None, "text": None}
    if q.size == 14:
        out["shanten"] = analysis.shanten(q.hand, q.melds, q.variant, gold, q.options)
    if missed or (not g.is_over and seat in g.waiting_for):
        obs: dict[str, Any] = {"why_not_win": missed} if missed else dict(g.observation(seat))
        reason = hints.cannot_win(obs)       # the referee's own reason (Game.why_not) with its words
        if reason:
            out.update(code=reason["code"], text=reason["text"], tile=reason.get("tile"),
                       swim_level=reason.get("swim_level", 0))
    if out["code"] is None and out.get("shanten", -1) >= 0:
        out["code"] = "not_complete"
    out["failed"] = failed
    return out


def _waits(q: Query) -> list[list[Any]]:
    gold = q.gold
    out: list[list[Any]] = [[t, n] for t, n in analysis.waits(q.hand, q.melds, q.variant, gold, options=q.options)]
    if gold is not None and out and all(t != gold for t, _ in out):
        # a drawn gold completes the hand whenever the engine says the hand with it wins
        if analysis.evaluate(q.hand + [gold], q.melds, q.variant, gold, q.options)["wins"]:
            out.append([gold, 4 - 1 - q.hand.count(gold)])
            out.sort(key=lambda p: INDEX[p[0]])
    return out


def _swim_stage(q: Query) -> tuple[Stage, Game, str | None]:
    """A single swim discards a natural tile T that pairs the gold: the first T the game accepts."""
    tried: list[str] = []
    if q.swim_level >= 2:
        st = stage(q, q.gold)
        g, failed = play(st)
        return st, g, failed
    white = ruleset(q.variant).gold_rule(q.options).white      # 白板替金: a white dragon is the gold's face
    for code in CODES[:NUM_KINDS]:
        if code == q.gold or (code == WHITE_DRAGON and white):
            continue
        try:
            st = stage(q, code)
        except InputError:
            continue
        g, failed = play(st)
        tried.append(code)
        if failed is None or not failed.startswith("swim"):
            return st, g, failed
        if len(tried) >= 6:
            break
    return st, g, failed


def analyze(args: dict[str, Any]) -> dict[str, Any]:
    """The analysis of a query; {"error": {...}} for an impossible one. JSON-safe."""
    try:
        q = read_query(args)
    except InputError as err:
        return {"error": err.to_dict()}
    out: dict[str, Any] = {"variant": q.variant, "options": q.options, "size": q.size,
                           "seat": ANALYZED_DEALER if q.dealer else ANALYZED_OTHER, "dealer": 0}
    try:
        if q.size == 13:
            out["shanten"] = analysis.shanten(q.hand, q.melds, q.variant, q.gold, q.options)
            out["waits"] = _waits(q) if out["shanten"] == 0 else []
            return out
        out["shanten"] = analysis.shanten(q.hand, q.melds, q.variant, q.gold, q.options)
        level = "hard" if args.get("bot", True) else None
        table: dict[str, Any] | None = None
        if q.win == "swim":
            st, g, failed = _swim_stage(q)
        elif q.win == "self_draw":
            # one game: the seat's turn ranked, then the win tried there (the same moment)
            st, g, failed, table = _self_draw(q, level)
        else:
            st = stage(q)
            g, failed = play(st)
        out["position"] = st.position
        out["steps"] = [[s, a] for s, a, _ in st.steps]
        result = g.result
        if failed is None and result is not None and st.seat in result["winners"]:
            out["wins"] = True
            out["result"] = result         # each win with its pattern_multipliers or base (results.Win)
        else:
            out["wins"] = False
            out["why_not"] = _why_not(g, st.seat, q, failed, st.missed)
        out["discards"] = table if q.win == "self_draw" else _discard_table(q, level)
    except InputError as err:
        return {"error": err.to_dict()}
    except ValueError as err:       # the engine refused the staged position: say so, as an input error
        return {"error": InputError("impossible", str(err)).to_dict()}
    return out


def _turn(q: Query) -> tuple[Stage, Game, str | None]:
    """The game at the analyzed seat's own turn with its 14 tiles: the self-draw staging stopped
    before the win; (stage, game, the step not legal when its moment came, else None)."""
    turn = Query(q.variant, q.options, q.hand, q.melds, q.flowers, q.gold, q.dealer, "self_draw",
                 1, q.win_tile)
    st = stage(turn)
    st.steps[-1] = (st.seat, STOP, "discard")       # stop before the win: the seat is to discard
    g, failed = play(st)
    return st, g, failed


def _table(g: Game, seat: int, level: str | None) -> dict[str, Any]:
    """Every discard of the seat's turn ranked, the hard bot's marked (``level`` None: without
    the bots, the quick first answer), with the 何切る order."""
    table = rank(g, seat, level)
    table["efficiency"] = [r["action"] for r in efficiency_order(table["rows"])]
    return table


def _discard_table(q: Query, level: str | None) -> dict[str, Any] | None:
    """The table of the seat's turn, staged apart (for a win that is not a self-draw)."""
    st, g, failed = _turn(q)
    if failed is not None or st.seat not in g.waiting_for or g.phase != "discard":
        return None
    return _table(g, st.seat, level)


def _self_draw(q: Query, level: str | None) -> tuple[Stage, Game, str | None, dict[str, Any] | None]:
    """A self-draw from one game: at the seat's turn its discards are ranked, then ``win`` is
    played there if legal; (stage, game, the step not legal when its moment came or None, table)."""
    st, g, failed = _turn(q)
    st.steps[-1] = (st.seat, "win", "discard")
    if failed is not None:                   # an earlier step, or the hand over before the turn
        return st, g, "win" if failed == STOP else failed, None
    table = _table(g, st.seat, level)
    if "win" not in g.legal_actions(st.seat):
        return st, g, "win", table
    g.apply(st.seat, "win")
    return st, g, None, table

