"""JSON in, JSON out: the only thing the web page calls (through Pyodide, in a worker).

`call('{"method": "new_match", "args": {...}}')` returns a JSON string
`{"ok": true, ...}` or `{"ok": false, "kind": ..., "error": "...", "legal": [...]}`. The page knows
no rules: it shows `state` (the human seat's observation plus match facts) and sends back actions.
`kind` is "invalid" for a request that is not accepted (not JSON, an unknown method or argument, an
argument of the wrong type or range: ARGUMENTS below, checked before anything is touched; a bad
position), "illegal" for an action not legal now (with `legal`), "engine" for a fault of the engine.

One engine may serve several pages (the embeds of one host page share it: web/engine/engine.js):
`call(request, client_id)` keeps each client's match and replay viewer apart (Client), and
`drop(client_id)` forgets a page that left (the page says so, or its frame's port closes). Past
MAX_CLIENTS, far above any page's embeds, the least recently used is let go; a call that needs
the match (or replay) a client no longer has is refused with `missing: "match"` (or "viewer"),
and the page sets it up again from its latest save and asks again (engine.js restore).

Methods
- new_match {variant, seed, options, hands, level, human, autoplay, position, dealer, people}
                                   `people`: the seats people play (a table of friends, web/friends/; the
                                   default: [human]); the others are bots. With more than one, every
                                   method that changes the match also answers `views`: {seat: that seat's
                                   state}, each seat's own observation only (what the host sends each friend; no
                                   match seed in a friend's: the host's page alone can know the wall)
- check_match {the same}         -> {}: whether new_match would accept them; the match in play is untouched
- state {seat}                  -> {state}; `seat` (one of `people`) sees the table from that seat
- act {action, seat}            -> the human seat (or `seat`, one of `people`) plays; {events, state}
- bot_step {}                   -> one bot seat that is waited for plays; {seat, action, events, state, think_ms}
- people {people}                -> the seats people play from now on (a friend late to the table takes a bot's
                                   seat mid-match); the human's seat stays one; {state}
- timeout {selected, seat}      -> the decision timer ran out: the human seat (or `seat`) plays `selected` (the move the
                                   player had chosen, e.g. the selected tile's discard) when it is legal, else
                                   what the hint suggests; {events, state, action, chosen_by: "selected" | "hint"}
- next_hand {deal_seed}         -> deals the next hand of the match (a table of friends' from its deal seed:
                                   hex, 128 bits or more, new_match's `deal_seed` too; solo's `seed` unchanged)
- deal_check {replay, deal_seed, seat, steps} -> {dealt, problem, views}: whether the seed deals that one
                                   hand's start exactly, and what `seat` saw after each of `steps` actions
                                   (a friend's page checks the host's deal after the hand: web/friends/)
- hint {}                       -> hints for the human seat (empty when hints are unavailable)
- position {}                   -> this hand's start position plus its history (a link to this moment)
- restart_hand {}               -> deals the current hand again from its start position (after an engine fault)
- spectate {face_up}            -> autoplay: every hand shown face up (the default) or hidden; {state}
- save {}                       -> {save}: the match so far as a replay (py_engine/record/replay.py), for the page to keep
- resume {save}                 -> the match of a save, exactly where it was; {state}
- export {hand}                 -> {replay}: the match, or only hand `hand` (0-based) when given
- replay_open {replay}          -> the viewer's replay (record/viewer.py): {hands, problem}
- replay_frame {hand, step, face_up} -> {state}: the table after `step` actions of that hand
- review {hand}                 -> {decisions}: the human's choices beside the hard bot's (review.py)
- duplicate {hand, level}       -> {result}: that hand's deal played again with the bot of `level` in the human seat
- lesson_check {lesson}         -> {problems}: every problem of a lesson (py_engine/teach/lessons.py), each naming its step
- lesson_step {lesson, step}    -> {moment}: step `step` (1-based) of a good lesson as the reader sees it
- lesson_judge {lesson, step, action | choice} -> {verdict}: {right, rule, ...} on the reader's answer
- options {}                    -> the rule sets, each option with its allowed values (the first is the default),
                                   the bot levels, match lengths and the largest seed: the page's settings come from here

The methods that change the match (KEEPING: new_match, resume, act, bot_step, timeout, next_hand,
restart_hand, people) also take `keep` and `hint` (true or false): `keep` adds `save` to the answer (what the
method `save` answers, the match as it is now), `hint` adds `hint` (what `hint` answers) when a hint
applies now: the human is to move, or another seat's discard is on the table. A move then costs the
page one trip to the worker, not three (the move, the save, the hint).

Each win in a result also carries what the settlement screen shows beside its names:
`pattern_multipliers` ([[pattern id, multiplier], ...], Xinyu) or `base` (Longyan; null for
swim_triple's fixed table).
"""
from __future__ import annotations

import json
import logging
import time
from importlib import import_module
from typing import Any, Callable

from .teach import analyzer_query
from .play import position_check
from .bots import LEVELS            # one source for the levels: the bots' own
from .play.game import Game, IllegalActionError
from .play.match import DEFAULT_HANDS, MATCH_LENGTHS, MAX_SEED, Match
from .record import replay as replays
from .record import viewer as viewers
from .tiles.quote import quote
from .rules import RULESETS
from .tiles import sorted_tiles

log = logging.getLogger(__name__)

# ---------------- requests: every argument checked before anything is touched ----------------
# A request that fails here is answered {"ok": false, "kind": "invalid", "error": ...}: the page's
# input was wrong, the engine did not fail. null stands for an argument left out.

Check = Callable[[Any, str], Any]


def _one_of(allowed: tuple[Any, ...] | dict[str, Any]) -> Check:
    names = tuple(allowed)

    def check(value: Any, what: str) -> Any:
        if not isinstance(value, str) or value not in names:
            raise ValueError(f"unknown {what} {position_check.shown(value)} ({what}s: {', '.join(names)})")
        return value
    return check


def _object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be an object, not {position_check.shown(value)}")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text like 'discard 5m', not {position_check.shown(value)}")
    return value


#: The methods that change the match, which may answer with its save and the hint too (`keep`, `hint`).
KEEPING = ("new_match", "resume", "act", "bot_step", "timeout", "next_hand", "restart_hand", "people")
_ALONG = {"keep": position_check.flag, "hint": position_check.flag}

#: Each method's arguments and their checks (the methods of the module docstring).
ARGUMENTS: dict[str, dict[str, Check]] = {
    "options": {},
    "new_match": {
        "variant": _one_of(RULESETS),
        "seed": lambda v, what: position_check.whole(v, what, -MAX_SEED, MAX_SEED),
        "options": _object,
        "hands": lambda v, what: position_check.whole(v, what, 1, max(MATCH_LENGTHS)),
        "level": _one_of(LEVELS),
        "human": position_check.seat,
        "autoplay": position_check.flag,
        "face_up": position_check.flag,
        "position": _object,             # its fields are Game.from_position's to check
        "dealer": position_check.seat,
        "people": lambda v, what: _seats(v, what),
        "deal_seed": lambda v, what: _deal_seed(v, what),
    },
    "act": {"action": _text, "seat": position_check.seat},
    "people": {"people": lambda v, what: _seats(v, what)},
    "timeout": {"selected": _text, "seat": position_check.seat},
    "state": {"seat": position_check.seat},
    "spectate": {"face_up": position_check.flag},
    **{name: {} for name in ("bot_step", "hint", "position", "restart_hand", "save")},
    "next_hand": {"deal_seed": lambda v, what: _deal_seed(v, what)},
    # a table of friends' check of a hand's deal (web/friends/seed.js): the replay is replay.load's to check
    "deal_check": {"replay": lambda v, what: v, "deal_seed": lambda v, what: _deal_seed(v, what),
                   "seat": position_check.seat,
                   "steps": lambda v, what: _steps(v, what)},
    # a save or a replay is anything: replay.load says what is wrong with it (kind "replay")
    "resume": {"save": lambda v, what: v},
    "replay_open": {"replay": lambda v, what: v},
    "export": {"hand": lambda v, what: position_check.whole(v, what, 0, max(MATCH_LENGTHS) - 1)},
    "replay_frame": {"hand": lambda v, what: position_check.whole(v, what, 0, 10**6),
                     "step": lambda v, what: position_check.whole(v, what, 0, 10**6), "face_up": position_check.flag},
    "review": {"hand": lambda v, what: position_check.whole(v, what, 0, 10**6)},
    "duplicate": {"hand": lambda v, what: position_check.whole(v, what, 0, 10**6), "level": _one_of(LEVELS)},
    # issue 14's pages: the analyzer's arguments are analyzer_query.ARGUMENTS, whose read_query checks
    # each query itself and names what is impossible (an answer, not a refusal: the page points at it)
    "analyze": {name: lambda v, what: v for name in analyzer_query.ARGUMENTS},
    "puzzle": {"position": _object},
    # issue 34's lessons: a lesson is anything, lessons.check names what is wrong with it, step by step
    "lesson_check": {"lesson": lambda v, what: v},
    "lesson_step": {"lesson": lambda v, what: v, "step": lambda v, what: position_check.whole(v, what, 1, 10**3)},
    "lesson_judge": {"lesson": lambda v, what: v, "step": lambda v, what: position_check.whole(v, what, 1, 10**3),
                     "action": _text, "choice": lambda v, what: position_check.whole(v, what, 0, 10**3)},
}
ARGUMENTS["check_match"] = ARGUMENTS["new_match"]
for _name in KEEPING:
    ARGUMENTS[_name] = {**ARGUMENTS[_name], **_ALONG}


def _seats(value: Any, what: str) -> list[int]:
    """A list of distinct seats (new_match's `people`)."""
    if not isinstance(value, list) or not value or len(set(map(repr, value))) != len(value):
        raise ValueError(f"{what} must be a list of distinct seats, not {position_check.shown(value)}")
    return sorted(position_check.seat(seat, what) for seat in value)


def _deal_seed(value: Any, what: str) -> str:
    """A deal seed: 32 to 128 hex digits (128 to 512 bits), a table of friends' (web/friends/seed.js)."""
    if not isinstance(value, str) or not 32 <= len(value) <= 128 or any(c not in "0123456789abcdef" for c in value):
        raise ValueError(f"{what} must be 32 to 128 lowercase hex digits, not {position_check.shown(value)}")
    return value


def _steps(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) > 8:
        raise ValueError(f"{what} must be a list of at most 8 step numbers, not {position_check.shown(value)}")
    return [position_check.whole(v, what, 0, 10**4) for v in value]


def read_request(request: Any) -> tuple[str, dict[str, Any]]:
    """The method and its checked arguments (null ones left out), or ValueError saying what is wrong."""
    if not isinstance(request, str):
        raise ValueError(f"a request must be JSON text, not {type(request).__name__}")
    try:
        message = json.loads(request)
    except RecursionError:
        raise ValueError("the request is nested too deeply") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"the request is not JSON ({err.msg} at character {err.pos})") from None
    except ValueError as err:    # a number of more than 4,300 digits
        raise ValueError(f"the request cannot be read: {str(err)[:80]}") from None
    if not isinstance(message, dict) or not set(message) <= {"method", "args"}:
        raise ValueError(f"a request must be an object {{method, args}}, not {position_check.shown(message)}")
    method, args = message.get("method"), message.get("args")
    if not isinstance(method, str) or method not in ARGUMENTS:
        raise ValueError(f"unknown method {position_check.shown(method)}")
    args = {} if args is None else args
    if not isinstance(args, dict):
        raise ValueError(f"{method}'s args must be an object, not {position_check.shown(args)}")
    checks = ARGUMENTS[method]
    unknown = [name for name in args if name not in checks]
    if unknown:
        known = ", ".join(checks) or "none"
        raise ValueError(f"{method} takes no argument {quote(unknown[0])} (its arguments: {known})")
    return method, {name: checks[name](value, name) for name, value in args.items() if value is not None}


class Session:
    """One match against three bots (or four bots in autoplay), seen from the human seat."""

    def __init__(self, args: dict[str, Any]) -> None:
        """From new_match's arguments, already checked by read_request."""
        self.level = args.get("level", "normal")
        self.human = args.get("human", 0)
        self.autoplay = args.get("autoplay", False)
        # the seats people play: the human's, and at a table of friends theirs (web/friends/)
        self.people: list[int] = sorted(set(args.get("people") or []) | {self.human})
        # the autoplay demo is watched: every hand face up unless asked otherwise (spectate)
        self.face_up = args.get("face_up", True)
        position = args.get("position")
        seed = args.get("seed")
        if seed is None:
            seed = int(time.time() * 1000) % 1_000_000
        hands = args.get("hands", DEFAULT_HANDS)
        self.records: list[dict[str, Any]] = []   # the finished hands of the match, as replay records
        if position is not None:
            game = Game.from_position(position)
            self.match = Match(game.variant, hands=hands, seed=seed, options=game.options)
            game.hand_number = 0
            self.match.game = game
        else:
            self.match = Match(args.get("variant", "xinyu"), hands=hands, seed=seed, options=args.get("options") or {},
                               dealer=args.get("dealer"), deal_seed=args.get("deal_seed"))

    @property
    def game(self) -> Game:
        return self.match.game

    def bot_seats(self) -> list[int]:
        return [0, 1, 2, 3] if self.autoplay else [s for s in range(4) if s not in self.people]

    def _person(self, seat: int | None) -> int:
        """The seat a person plays: the human's when None; another's only if a person plays it."""
        if seat is None:
            return int(self.human)
        if seat not in self.people:
            raise IllegalActionError(f"seat {seat} is not played by a person (people: {self.people})")
        return seat

    def state(self, seat: int | None = None) -> dict[str, Any]:
        """The table as seat `seat` (default: the human's) may see it, plus the match's facts."""
        viewer = self._person(seat)
        obs: dict[str, Any] = dict(self.game.observation(None if self.autoplay else viewer))
        waiting = self.game.waiting_for
        match: dict[str, Any] = {
            "hands": self.match.hands,
            "hand_number": self.match.hand_number,
            "is_over": self.match.is_over,
            "results": list(self.match.results),
            # whether a discard may win here (Xinyu: self-draw only): the record's deal-in figure
            "discard_wins": self.game.state.rules.may_win_on_discard(self.game.state.options),
        }
        if viewer == self.human:
            match["seed"] = self.match.seed   # a friend's view has none: the host's page alone holds the wall
        obs.update({
            "human": viewer,
            "people": list(self.people),
            "autoplay": self.autoplay,
            "level": self.level,
            "match": match,
            "bot_to_move": any(s in self.bot_seats() for s in waiting),
            "human_to_move": (not self.autoplay) and viewer in waiting,
            "people_to_move": [] if self.autoplay else [s for s in waiting if s in self.people],
            "face_up": self.autoplay and self.face_up,
        })
        if self.autoplay and self.face_up:
            obs["hands"] = [sorted_tiles(h) for h in self.game.state.hands]  # the spectator sees every hand
        return obs

    def spectate(self, face_up: bool) -> dict[str, Any]:
        if not self.autoplay:
            raise ValueError("spectate: only in autoplay (the player may not see the others' hands)")
        self.face_up = bool(face_up)
        return {"state": self.state()}

    def act(self, action: str, seat: int | None = None) -> dict[str, Any]:
        if self.autoplay:
            raise IllegalActionError("autoplay: every seat is a bot")
        events = self.game.apply(self._person(seat), action)
        return {"events": self._masked(events), "state": self.state()}

    def seat_people(self, people: list[int] | None) -> dict[str, Any]:
        """The seats people play from now on: a bot's seat a friend sat down at (or one a friend left
        to a bot); the human's seat stays a person's. The table is unchanged."""
        if self.autoplay:
            raise ValueError("people: not in autoplay (every seat is a bot)")
        if not people:
            raise ValueError("people: name the seats people play, e.g. [0, 2]")
        self.people = sorted(set(people) | {self.human})
        return {"state": self.state()}

    def views(self) -> dict[str, Any]:
        """Each person's own state, by seat: what a table of friends' host sends each of them."""
        return {str(seat): self.state(seat) for seat in self.people}

    def timeout(self, selected: str | None = None, seat: int | None = None) -> dict[str, Any]:
        """The decision timer ran out: the move the player had selected if it is legal, else the
        hint's suggestion (the normal bot's choice, hints.py), else the referee's default."""
        seat = self._person(seat)
        legal = self.game.legal_actions(seat)
        if selected in legal:
            action, chosen_by = selected, "selected"
        else:
            from .teach import hints
            suggested = hints.hint(self.game, seat)["suggested"]
            action = suggested if suggested in legal else self.game.default_action(seat)
            chosen_by = "hint"
        result = self.act(action, seat)
        result.update(action=action, chosen_by=chosen_by)
        return result

    def bot_step(self) -> dict[str, Any]:
        seat = next((s for s in self.game.waiting_for if s in self.bot_seats()), None)
        if seat is None:
            raise ValueError("no bot is to move")
        started = time.perf_counter()
        action = choose_action(self.game, seat, self.level)
        think_ms = (time.perf_counter() - started) * 1000
        self.game.apply(seat, action)
        return {"seat": seat, "action": action, "think_ms": round(think_ms, 2),
                "events": self._masked(None), "state": self.state()}

    def _masked(self, _events: Any) -> list[dict[str, Any]]:
        """The last action's events as the human seat may see them."""
        events: list[dict[str, Any]] = self.game.observation(None if self.autoplay else self.human)["events"]
        return events

    def next_hand(self, deal_seed: str | None = None) -> dict[str, Any]:
        finished = replays.hand_record(self.game, self.match.hand_number)
        self.match.next_hand(deal_seed)
        self.records.append(finished)
        return {"state": self.state()}

    def hint(self) -> dict[str, Any]:
        from .teach import hints
        if self.autoplay or self.game.is_over:
            return {"hint": None}
        # also while others play: waits, and why another's discard cannot be won on (hints.cannot_win)
        return {"hint": hints.hint(self.game, self.human)}

    def hint_applies(self) -> bool:
        """Whether the page shows a hint now: the human is to move, or another seat's discard is out."""
        if self.autoplay or self.game.is_over:
            return False
        last = self.game.observation(self.human).get("last_discard")
        return self.human in self.game.waiting_for or bool(last and last.get("seat") != self.human)

    def restart_hand(self) -> dict[str, Any]:
        """The current hand dealt again from its start position, scores as they were before it."""
        number = self.game.hand_number
        game = Game.from_position(self.game.to_position())
        game.hand_number = number
        self.match.game = game
        return {"state": self.state()}

    def position(self) -> dict[str, Any]:
        position = self.game.to_position()
        position["history"] = [[s, a] for s, a in self.game.history]
        return {"position": position}


    def export(self) -> dict[str, Any]:
        """The match so far as a replay: every hand, the current one up to now."""
        facts = {"hands": self.match.hands, "seed": self.match.seed, "human": self.human,
                 "level": self.level, "autoplay": self.autoplay, "people": list(self.people)}
        current = replays.hand_record(self.game, self.match.hand_number)
        return replays.export(self.game.variant, self.game.options, facts, self.records + [current])

    @classmethod
    def from_replay(cls, data: Any) -> Session:
        """The session a save describes, where it was; any problem raises ReplayError."""
        loaded = replays.load(data)
        if loaded.problem is not None:
            raise replays.ReplayError(loaded.problem)
        facts = data["match"]  # its level, human seat and autoplay checked by replays.load
        known = {k: facts[k] for k in ("level", "human", "autoplay", "people") if facts.get(k) is not None}
        session = cls({"variant": data["variant"], **known, "hands": 1, "seed": 0})
        session.match = replays.rebuild_match(loaded)
        session.records = [replays.hand_record(g, n) for n, g in enumerate(loaded.games[:-1])]
        return session


def deal_check(args: dict[str, Any]) -> dict[str, Any]:
    """A table of friends' check of one hand (web/friends/guest.js, after the hand): whether `deal_seed`
    deals exactly the replay's start position (its hands, wall, dice, flowers, gold), and what `seat`
    saw after each of `steps` actions of the replay played again (to compare with what its page was
    sent). {dealt, problem, views: {step: observation}}; a replay that does not play is a problem."""
    loaded = replays.load(args.get("replay"))
    if loaded.problem is not None or len(loaded.games) != 1:
        problem = loaded.problem.message if loaded.problem else "the replay must hold one hand"
        return {"dealt": False, "problem": bounded(problem), "views": {}}
    replay = loaded.replay
    hand = replay["hands"][0]
    played = dict(hand["position"])
    dealt = Game.new(replay["variant"], options=replay["options"], dealer=played.get("dealer"),
                     scores=played.get("scores"), shuffle=args["deal_seed"]).to_position()
    for key in ("variant", "options", "history"):
        dealt.pop(key, None)
        played.pop(key, None)
    differs = sorted(k for k in set(dealt) | set(played) if dealt.get(k) != played.get(k))
    seat = args.get("seat", 0)
    steps = set(args.get("steps") or [])
    game = Game.from_position({**hand["position"], "variant": replay["variant"], "options": replay["options"]})
    views: dict[str, Any] = {}
    for step, (who, action) in enumerate([*hand["actions"], (None, None)]):
        if step in steps:
            views[str(step)] = game.observation(seat)
        if who is not None:
            game.apply(who, action)
    return {"dealt": not differs, "problem": f"the deal differs in {', '.join(differs)}" if differs else None,
            "views": views}


def options() -> dict[str, Any]:
    """Every rule set with its options and their allowed values (the first is the default)."""
    return {
        "variants": {
            name: {"options": {k: list(v) for k, v in rs.options.items()},
                   "defaults": {k: v[0] for k, v in rs.options.items()}}
            for name, rs in RULESETS.items()
        },
        "levels": list(LEVELS),
        "hands": list(MATCH_LENGTHS),
        "default_hands": DEFAULT_HANDS,
        "max_seed": MAX_SEED,          # seeds are whole numbers from -max_seed to max_seed
    }


def choose_action(game: Game, seat: int, level: str) -> str:
    """The bot's choice; any bot failure falls back to the timer's default action, logged."""
    try:
        from . import bots
        action = bots.choose(game, seat, level)
        if action in game.legal_actions(seat):
            return action
        log.error("bot %s returned illegal %r; playing the default action", level, action)
    except Exception:  # a bot must never stop the game
        log.exception("bot %s failed; playing the default action", level)
    return game.default_action(seat)


class Missing(ValueError):
    """A call that needs what the client does not have (its match, its replay viewer): `what`."""

    def __init__(self, what: str, message: str) -> None:
        super().__init__(message)
        self.what = what


class Client:
    """What one page keeps in the engine: its match and its replay viewer. One engine may serve
    several pages (web/engine/engine.js: the embeds of one host page share it), each its own."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.viewer: viewers.Viewer | None = None


#: The most clients kept at once, far above the embeds of any page (a tutorial's: a game and a
#: lesson question per section): past it, the one that asked least recently is let go (a page gone
#: without saying so; a page still there sets its match up again from its save: `missing`).
MAX_CLIENTS = 256
#: The clients by id ("" is the page that names none: a worker that serves one page), least recently used first.
_clients: dict[str, Client] = {}


def client(name: str = "") -> Client:
    """The client `name`'s sessions, made on first use; the most recently used is kept last."""
    found = _clients.pop(name, None) or Client()
    _clients[name] = found
    while len(_clients) > MAX_CLIENTS:
        del _clients[next(iter(_clients))]
    return found


def drop(name: str) -> bool:
    """Forget client `name` (its page went away); whether it was kept."""
    return _clients.pop(name, None) is not None


def clients() -> list[str]:
    """The ids of the clients kept, least recently used first."""
    return list(_clients)


def _new_match(me: Client, args: dict[str, Any]) -> dict[str, Any]:
    me.session = Session(args)
    return {"state": me.session.state()}


def _resume(me: Client, args: dict[str, Any]) -> dict[str, Any]:
    me.session = Session.from_replay(args.get("save"))
    return {"state": me.session.state()}


def _export(session: Session, args: dict[str, Any]) -> dict[str, Any]:
    replay = session.export()
    hand = args.get("hand")
    return {"replay": replay if hand is None else replays.only_hand(replay, hand)}


def _replay_open(me: Client, args: dict[str, Any]) -> dict[str, Any]:
    replay = args.get("replay")
    _refuse_seats_that_are_none(replay)
    me.viewer = viewers.Viewer(replays.load(replay))
    return me.viewer.summary()


def _refuse_seats_that_are_none(replay: Any) -> None:
    """An action whose seat is not a seat 0-3 (a 401-digit number...) is refused outright, as resume
    refuses it (issue 55): the viewer shows a replay up to an illegal move, not up to input out of
    range. Everything else replays.load checks and names."""
    hands = replay.get("hands") if isinstance(replay, dict) else None
    for i, hand in enumerate(hands if isinstance(hands, list) else []):
        actions = hand.get("actions") if isinstance(hand, dict) else None
        for n, entry in enumerate(actions if isinstance(actions, list) else []):
            if isinstance(entry, list) and entry and isinstance(entry[0], int) and not isinstance(entry[0], bool):
                try:
                    position_check.seat(entry[0], f"hand {i + 1}, action {n + 1}'s seat")
                except ValueError as err:
                    raise replays.ReplayError(replays.Problem("malformed", str(err), i, n)) from None


def _with_viewer(method: Callable[[viewers.Viewer, dict[str, Any]], dict[str, Any]]
                 ) -> Callable[[Client, dict[str, Any]], dict[str, Any]]:
    def handler(me: Client, args: dict[str, Any]) -> dict[str, Any]:
        if me.viewer is None:
            raise Missing("viewer", "no replay open: call replay_open first")
        return method(me.viewer, args)
    return handler


# The methods of the module docstring: those answered without a match, and those of the match.
# Each takes the asking client (its match and viewer) and the arguments.
_METHODS: dict[str, Callable[[Client, dict[str, Any]], dict[str, Any]]] = {
    "options": lambda me, args: {"options": options()},
    "new_match": _new_match,
    "check_match": lambda me, args: (Session(args), {})[1],   # built and dropped: the client's match stays
    "resume": _resume,
    "replay_open": _replay_open,
    "replay_frame": _with_viewer(lambda viewer, args: {"state": viewer.frame(
        args.get("hand", 0), args.get("step", 0), bool(args.get("face_up")))}),
    "review": _with_viewer(lambda viewer, args: viewer.review(args.get("hand", 0))),
    "duplicate": _with_viewer(lambda viewer, args: viewer.duplicate(args.get("hand", 0), args.get("level", "hard"))),
    # issue 14's pages, imported on first use so the game's boot does not pay for them
    "analyze": lambda me, args: {"analysis": import_module(".teach.analyzer", __package__).analyze(args)},
    "puzzle": lambda me, args: {"puzzle": import_module(".teach.puzzles", __package__).solve(args.get("position") or {})},
    "deal_check": lambda me, args: deal_check(args),
    "lesson_check": lambda me, args: {"problems": _lessons().check(args.get("lesson"))},
    "lesson_step": lambda me, args: {"moment": _lessons().moment(args.get("lesson"), args.get("step", 1))},
    "lesson_judge": lambda me, args: {"verdict": _lessons().judge(
        args.get("lesson"), args.get("step", 1), args["action"] if "action" in args else args.get("choice", -1))},
}


def _lessons() -> Any:
    """py_engine/teach/lessons.py, imported on first use (the game's boot does not pay for it)."""
    return import_module(".teach.lessons", __package__)
_SESSION_METHODS: dict[str, Callable[[Session, dict[str, Any]], dict[str, Any]]] = {
    "state": lambda session, args: {"state": session.state(args.get("seat"))},
    "act": lambda session, args: session.act(args.get("action", ""), args.get("seat")),
    "people": lambda session, args: session.seat_people(args.get("people")),
    "bot_step": lambda session, args: session.bot_step(),
    "timeout": lambda session, args: session.timeout(args.get("selected"), args.get("seat")),
    "next_hand": lambda session, args: session.next_hand(args.get("deal_seed")),
    "hint": lambda session, args: session.hint(),
    "position": lambda session, args: session.position(),
    "restart_hand": lambda session, args: session.restart_hand(),
    "spectate": lambda session, args: session.spectate(args.get("face_up", True)),
    "save": lambda session, args: {"save": session.export()},
    "export": _export,
}


def call(request: str, client_id: str = "") -> str:
    """One request from a page: a JSON string in, a JSON string out. Never raises. `client_id`
    names the page asking (each has its own match and viewer: Client); a worker serving one
    page leaves it out."""
    me = client(client_id if isinstance(client_id, str) else "")
    try:
        name, args = read_request(request)
        keep, hint = args.pop("keep", False), args.pop("hint", False)
        if name in _METHODS:
            answer = _METHODS[name](me, args)
        elif me.session is None:
            raise Missing("match", "no game yet: call new_match first")
        else:
            answer = _SESSION_METHODS[name](me.session, args)
        session = me.session
        if keep and session is not None:
            answer["save"] = session.export()
        if hint and session is not None and session.hint_applies():
            answer["hint"] = session.hint()["hint"]
        if name in KEEPING and session is not None and len(session.people) > 1:
            answer["views"] = session.views()
        return _ok(answer)
    except IllegalActionError as err:
        seat = json.loads(request).get("args", {}).get("seat") if me.session else None
        session = me.session
        legal = session.game.legal_actions(seat if session and seat in session.people else session.human) if session else []
        return json.dumps({"ok": False, "error": bounded(str(err)), "legal": legal, "kind": "illegal"})
    except Missing as err:
        return json.dumps({"ok": False, "error": str(err), "kind": "invalid", "missing": err.what})
    except replays.ReplayError as err:
        problem = err.problem.to_dict()
        problem["message"] = bounded(problem["message"])
        return json.dumps({"ok": False, "error": bounded(str(err)), "kind": "replay", "problem": problem})
    except ValueError as err:
        return json.dumps({"ok": False, "error": bounded(str(err)), "kind": "invalid"})
    except Exception as err:  # an engine fault must not leave the page dead
        log.exception("engine error")
        return json.dumps({"ok": False, "error": f"{type(err).__name__}: {quote(str(err))}", "kind": "engine"})


#: The longest message a refusal carries (the project's bound: whatever the input held, a reader
#: reads it at a glance).
MESSAGE_BOUND = 400


def bounded(text: str) -> str:
    """`text` cut to MESSAGE_BOUND characters, with an ellipsis when cut."""
    return text if len(text) <= MESSAGE_BOUND else text[:MESSAGE_BOUND - 1] + "…"


def _ok(payload: dict[str, Any]) -> str:
    return json.dumps({"ok": True, **payload})
