"""The hand analyzer of analyze.html (issue 14): a hand, its melds, flowers and gold, who holds it
and how it wins, answered by the engine's own game.

Nothing here scores or judges a hand. The query is staged as a real moment of a hand (an API.md
position and the few moves that lead to the win: the dealer's discard, a kong and its
replacement, a swim and the draws after it), and the Game says whether ``win`` is legal there
and, if it is, settles it (RULES.md §2 and §3 Win settlement). A win that is not legal is
explained by hints.py's reasons (``cannot_win``), or, for a hand that is not complete, by its
shanten. For 13 tiles: the waits (analysis.waits); for 14: every discard ranked (discards.py).

Input errors are ``InputError``: a code, the tiles they concern and the part of the input
("hand", "meld", "flower", "gold", "win"), so the page points at them in the reader's language.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import analysis, hints
from .discards import efficiency_order, rank
from .game import Game
from .melds import parse_meld
from .position_check import shown
from .rules import ruleset
from .tiles import CODES, INDEX, NUM_KINDS, WHITE_DRAGON, as_tiles, format_tiles, full_set, is_flower

__all__ = ["InputError", "Query", "analyze", "read_query", "check_arguments", "WIN_KINDS"]

#: How the hand wins: self-draw, on a discard, on a kong replacement, robbing a kong, robbing the
#: gold (Longyan), or at the end of a swim (Longyan; level 1-3).
WIN_KINDS = ("self_draw", "discard", "kong_replacement", "rob_kong", "rob_gold", "swim")
ANALYZED_DEALER, ANALYZED_OTHER = 0, 1          # the analyzed seat: 0 when the dealer, else 1
STOP = "(stop)"                                 # a step that ends play() when its moment comes


class InputError(ValueError):
    """An impossible query: ``code`` (an i18n key's tail), ``tiles`` it concerns, ``part`` of the input."""

    def __init__(self, code: str, message: str, tiles: list[str] | None = None, part: str = "hand",
                 **values: Any) -> None:
        super().__init__(message)
        self.code = code
        self.tiles = list(tiles or [])
        self.part = part
        self.values = values

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": str(self), "tiles": self.tiles, "part": self.part,
                "values": self.values}


@dataclass(frozen=True)
class Query:
    variant: str
    options: dict[str, Any]
    hand: list[str]                 # concealed tiles; with 14 (less 3 per meld) the last is the winning tile
    melds: list[str]                # "pong 7z", "kong 1m", "added_kong 1m", "concealed_kong 9s"
    flowers: list[str]
    gold: str | None
    dealer: bool
    win: str                        # one of WIN_KINDS
    swim_level: int = 1
    win_tile: str | None = None     # the tile won on; default the last concealed tile
    size: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.hand) + 3 * len(self.melds))


#: Each argument of a query: the JSON types it may have and what it is, for the error naming it.
ARGUMENTS: dict[str, tuple[tuple[type, ...], str]] = {
    "variant": ((str,), "a rule set's name, such as 'xinyu' or 'longyan'"),
    "options": ((dict,), "an object of option names and values"),
    "hand": ((str, list), "tile text like '123m456p' or a list of tile codes"),
    "melds": ((list,), "a list of melds like ['pong 7z']"),
    "flowers": ((str, list), "tile text like '1f2f' or a list of flower codes"),
    "gold": ((str,), "one tile like '5m'"),
    "dealer": ((bool,), "true or false"),
    "win": ((str,), f"one of {', '.join(WIN_KINDS)}"),
    "swim_level": ((int,), "1, 2 or 3"),
    "win_tile": ((str,), "one tile like '5m'"),
    "bot": ((bool,), "true or false"),
}
#: The part of the input an argument's error points at (the rest: "options").
PARTS = {"hand": "hand", "melds": "meld", "flowers": "flower", "gold": "gold", "win": "win",
         "swim_level": "win", "win_tile": "win"}


def check_arguments(args: dict[str, Any]) -> None:
    """InputError ``bad_argument`` naming the first argument of the wrong JSON type (a number for
    the hand, an object for the gold: a page or a parent frame may send anything); null is left out."""
    for name, value in args.items():
        if name not in ARGUMENTS or value is None:
            continue
        types, words = ARGUMENTS[name]
        ok = isinstance(value, types) and (bool in types or not isinstance(value, bool))
        if ok and isinstance(value, list):
            ok = all(isinstance(item, str) for item in value)
        if not ok:
            raise InputError("bad_argument", f"{name} must be {words}, not {shown(value)}",
                             part=PARTS.get(name, "options"), argument=name)


def _tiles(value: Any, part: str) -> list[str]:
    try:
        return as_tiles(value or "")
    except ValueError as err:
        raise InputError("unknown_tile", str(err), part=part) from None


def read_query(args: dict[str, Any]) -> Query:
    """Check a query (JSON from the page) against the tile set and the hand sizes; InputError if impossible."""
    check_arguments(args)
    variant = args.get("variant", "xinyu")
    try:
        rules = ruleset(variant)
        options = rules.resolve(args.get("options"))
    except ValueError as err:
        raise InputError("bad_option", str(err), part="options") from None
    hand = _tiles(args.get("hand"), "hand")
    melds: list[str] = []
    for text in args.get("melds") or []:
        try:
            melds.append(str(parse_meld(text)))
        except ValueError as err:
            raise InputError("bad_meld", str(err), part="meld") from None
    flowers = _tiles(args.get("flowers"), "flower")
    gold = args.get("gold") or None
    if gold is not None:
        gold = _tiles(gold, "gold")
        if len(gold) != 1:
            raise InputError("unknown_tile", "the gold is one tile, like '5m'", part="gold")
        gold = gold[0]
    win = args.get("win", "self_draw")
    if win not in WIN_KINDS:
        raise InputError("bad_win", f"unknown win {win!r} (wins: {', '.join(WIN_KINDS)})", part="win")
    level = args.get("swim_level", 1)
    if level not in (1, 2, 3):
        raise InputError("bad_win", f"a swim's level is 1, 2 or 3, not {level!r}", part="win")

    # the tile set: flowers and the gold exist where the rule set has them (as positions.py reads it)
    in_hand_flowers = [t for t in hand if is_flower(t)]
    if in_hand_flowers:
        raise InputError("flower_in_hand", f"flowers are set aside, never in the hand: {format_tiles(in_hand_flowers)}",
                         in_hand_flowers, "hand")
    if not rules.flowers:
        if flowers:
            raise InputError("no_flowers", f"{variant} has no flowers", flowers, "flower")
        if gold is not None:
            raise InputError("no_gold", f"{variant} has no gold", [gold], "gold")
    else:
        if gold is None:
            raise InputError("need_gold", "a Longyan hand needs its gold (add |gold 5m)", part="gold")
        if is_flower(gold):
            raise InputError("gold_flower", f"the gold is never a flower, not {gold}", [gold], "gold")
        bad = [m for m in melds if m.split()[1] == gold]
        if bad:
            raise InputError("gold_meld", f"golds cannot be ponged or konged: {bad[0]}", [gold], "meld")
    available = Counter(full_set(rules.flowers))
    if gold is not None:
        available[gold] -= 1                                 # the turned gold is out of play
    used = Counter(hand + flowers + [t for m in melds for t in parse_meld(m).tiles])
    over = sorted((t for t in used if used[t] > available[t]), key=lambda t: INDEX.get(t, 99))
    if over:
        t = over[0]
        raise InputError("too_many", f"{used[t]} copies of {t}; the set has {available[t]}", over,
                         "hand", count=used[t], limit=available[t])
    size = len(hand) + 3 * len(melds)
    if size not in (13, 14):
        want = f"{13 - 3 * len(melds)} or {14 - 3 * len(melds)}"
        raise InputError("wrong_count", f"with {len(melds)} meld(s) the hand holds {want} tiles, not {len(hand)}",
                         part="hand", count=len(hand), want=want)
    win_tile = args.get("win_tile") or (hand[-1] if hand else None)
    if size == 14 and win_tile not in hand:
        raise InputError("win_tile", f"the winning tile {win_tile} is not in the hand", [str(win_tile)], "win")
    return Query(variant, options, hand, melds, flowers, gold, bool(args.get("dealer")), win, level,
                 win_tile if size == 14 else None)


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


def _annotate(result: dict[str, Any], q: Query) -> dict[str, Any]:
    from .bridge import annotate            # the bridge's view of a result: per-pattern multipliers
    return annotate(result, q.variant, q.options) or result


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
    for code in CODES[:NUM_KINDS]:
        if code == q.gold or (code == WHITE_DRAGON and q.options.get("white_dragon") != "plain"):
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
            out["result"] = _annotate(result, q)
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


#: The bridge's method: ``{"method": "analyze", "args": {...}}``.
BRIDGE_METHOD: Callable[[dict[str, Any]], dict[str, Any]] = lambda args: {"analysis": analyze(args)}
