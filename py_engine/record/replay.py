"""Replays: a match (or one hand of it) as small, readable JSON, and back (issue 15).

A replay is what it takes to play the match again, and nothing the engine can recompute:

    {"format": "mahjong-replay", "version": 1, "engine": "0.1.0",
     "variant": "xinyu", "options": {...resolved...},
     "match": {"hands": 8, "seed": 41, "human": 0, "level": "hard", "autoplay": false},
     "hands": [{"number": 0,
                "position": {...the hand's start position (API.md, Positions), no variant/options...},
                "actions": [[0, "discard 9m"], [1, "pass"], ...],
                "result": {"winners": [2], "deltas": [...], "scores": [...]}},   # null while in play
               ...]}

`load` checks it and replays every hand; whatever fails is reported as a `Problem` naming the
hand, the action and why (malformed, another engine version that no longer replays it, an illegal
action, a result that comes out different), and the hands up to there are kept: the last one
stops right before the action that failed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..play import position_check
from ..bots import LEVELS
from ..play.game import Game
from ..play.match import MATCH_LENGTHS, MAX_SEED, Match
from ..tiles.quote import quote
from ..version import __version__
from ..rules import RULESETS

FORMAT = "mahjong-replay"
FORMAT_VERSION = 1
#: Result facts a replay records and checks when it is played again.
RESULT_FACTS = ("winners", "deltas", "scores")


def engine_version() -> str:
    """The engine's version (py_engine.__version__, the same as the wheel's)."""
    return __version__


# ---------------------------------------------------------------------------------------------
# Export

def hand_record(game: Game, number: int) -> dict[str, Any]:
    """One hand: its start position (without what the whole replay says), its actions, its result."""
    position = game.to_position()
    for key in ("variant", "options", "history"):
        position.pop(key, None)
    result = game.result
    return {
        "number": number,
        "position": position,
        "actions": [[seat, action] for seat, action in game.history],
        "result": {k: result[k] for k in RESULT_FACTS} if result else None,
    }


def export(variant: str, options: dict[str, Any], match: dict[str, Any],
           hands: list[dict[str, Any]]) -> dict[str, Any]:
    """A replay from hand records (hand_record); `match` holds the match facts (hands, seed, seats' levels)."""
    return {
        "format": FORMAT, "version": FORMAT_VERSION, "engine": engine_version(),
        "variant": variant, "options": dict(options), "match": dict(match), "hands": list(hands),
    }


def only_hand(replay: dict[str, Any], number: int) -> dict[str, Any]:
    """The same replay holding one hand of it (numbered as in the match)."""
    hands = [h for h in replay["hands"] if h.get("number") == number]
    if not hands:
        raise ValueError(f"the replay has no hand {number}")
    return {**replay, "hands": hands}


# ---------------------------------------------------------------------------------------------
# Import

@dataclass
class Problem:
    """Why a replay stops where it does. code: malformed | version | illegal | mismatch."""

    code: str
    message: str
    hand: int | None = None       # index in the replay's hands
    action: int | None = None     # index in that hand's actions (the one that failed)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "hand": self.hand, "action": self.action}


@dataclass
class Loaded:
    """A replay played again: every hand's game at its end (or where it stopped), and the problem."""

    replay: dict[str, Any]
    games: list[Game] = field(default_factory=list)
    actions: list[list[tuple[int, str]]] = field(default_factory=list)   # each hand's actions as recorded
    problem: Problem | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


class ReplayError(ValueError):
    """A replay that cannot be used at all (nothing of it plays)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def load(replay: Any) -> Loaded:
    """Check and replay. A replay broken before its first hand deals raises ReplayError; later
    problems stop it there and are reported in Loaded.problem with the hands up to that point."""
    head = _check_head(replay)
    if head is not None:
        raise ReplayError(head)
    loaded = Loaded(replay)
    foreign = replay["engine"] != engine_version()
    previous: dict[str, Any] | None = None
    for i, hand in enumerate(replay["hands"]):
        problem = _play_hand(loaded, i, hand, previous, foreign)
        if problem is not None:
            loaded.problem = problem
            break
        previous = loaded.games[-1].result
    if not loaded.games:
        assert loaded.problem is not None
        raise ReplayError(loaded.problem)
    return loaded


def _check_head(replay: Any) -> Problem | None:
    if not isinstance(replay, dict) or replay.get("format") != FORMAT:
        return Problem("malformed", "not a mahjong replay (its 'format' is not 'mahjong-replay')")
    version = replay.get("version")
    if not isinstance(version, int) or version < 1 or version > FORMAT_VERSION:
        return Problem("version", f"replay format version {quote(version)}: this engine reads version {FORMAT_VERSION}")
    variant = replay.get("variant")
    if not isinstance(variant, str) or variant not in RULESETS:
        return Problem("malformed", f"unknown rule set {quote(variant)} (known: {', '.join(RULESETS)})")
    if not isinstance(replay.get("engine"), str):
        return Problem("malformed", "the replay does not say which engine version made it")
    if not isinstance(replay.get("options"), dict) or not isinstance(replay.get("match"), dict):
        return Problem("malformed", "the replay's 'options' and 'match' must be objects")
    hands = replay.get("hands")
    if not isinstance(hands, list) or not hands:
        return Problem("malformed", "the replay holds no hand")
    return _check_match_facts(replay["match"])


#: The match facts a replay may give, each with its check (an absent one takes the viewer's default).
_MATCH_FACTS: dict[str, Callable[[Any, str], Any]] = {
    "hands": lambda v, what: position_check.whole(v, what, 1, max(MATCH_LENGTHS)),
    "seed": lambda v, what: position_check.whole(v, what, -MAX_SEED, MAX_SEED),
    "human": position_check.seat,
    "level": lambda v, what: _level(v, what),
    "autoplay": position_check.flag,
    # the seats people played (a table of friends: bridge.Session.people)
    "people": lambda v, what: [position_check.seat(seat, what) for seat in v] if isinstance(v, list)
    else position_check.seat(v, what),
}


def _level(value: Any, what: str) -> str:
    if not isinstance(value, str) or value not in LEVELS:
        raise ValueError(f"{what} must be one of {', '.join(LEVELS)}, not {position_check.shown(value)}")
    return value


def _check_match_facts(facts: dict[str, Any]) -> Problem | None:
    """The match's hands, seed, human seat, level and autoplay, where given, of the right kind and range."""
    for name, check in _MATCH_FACTS.items():
        if facts.get(name) is not None:
            try:
                check(facts[name], f"the match's {name}")
            except ValueError as err:
                return Problem("malformed", str(err))
    return None


def _play_hand(loaded: Loaded, i: int, hand: Any, previous: dict[str, Any] | None,
               foreign: bool) -> Problem | None:
    replay = loaded.replay
    if not isinstance(hand, dict) or not isinstance(hand.get("position"), dict) \
            or not isinstance(hand.get("actions"), list):
        return Problem("malformed", f"hand {i + 1} must have a 'position' object and an 'actions' list", i)
    position = {**hand["position"], "variant": replay["variant"], "options": replay["options"]}
    position.pop("history", None)
    if previous is not None and position.get("scores") != previous["scores"]:
        return Problem("malformed", f"hand {i + 1} starts from scores {quote(position.get('scores'))}, "
                                    f"not the previous hand's {previous['scores']}", i)
    try:
        game = Game.from_position(position)
    except ValueError as err:
        return Problem("version" if foreign else "malformed",
                       _why(foreign, replay, f"hand {i + 1}'s starting position: {err}"), i)
    game.hand_number = hand.get("number", i) if isinstance(hand.get("number"), int) else i
    loaded.games.append(game)
    actions: list[tuple[int, str]] = []
    malformed: Problem | None = None
    for n, entry in enumerate(hand["actions"]):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int)
                and not isinstance(entry[0], bool) and isinstance(entry[1], str)):
            malformed = Problem("malformed", f"hand {i + 1}, action {n + 1}: {quote(entry)} is not [seat, action]", i, n)
            break
        actions.append((entry[0], entry[1]))
    loaded.actions.append(actions)
    # the actions before a malformed one must play too: the viewer replays them
    for n, (seat, action) in enumerate(actions):
        try:
            game.apply(seat, action)
        except ValueError as err:            # IllegalActionError, or a seat that is none
            code = "version" if foreign else "illegal"
            where = f"hand {i + 1}, action {n + 1} ({quote(seat)} {quote(action)}): {err}"
            return Problem(code, _why(foreign, replay, where), i, n)
    if malformed is not None:
        return malformed
    recorded = hand.get("result")
    if isinstance(recorded, dict):
        got = game.result
        if got is None:
            return Problem("version" if foreign else "mismatch",
                           _why(foreign, replay, f"hand {i + 1} is not over after its {len(actions)} actions, "
                                                 "but the replay gives its result"), i, len(actions))
        wrong = [k for k in RESULT_FACTS if k in recorded and recorded[k] != got[k]]
        if wrong:
            k = wrong[0]
            return Problem("version" if foreign else "mismatch",
                           _why(foreign, replay, f"hand {i + 1} ends with {k} {got[k]}, the replay says {quote(recorded[k])}"),
                           i, len(actions))
    return None


def _why(foreign: bool, replay: dict[str, Any], message: str) -> str:
    if not foreign:
        return message
    return f"made by engine {quote(replay['engine'])}, which this engine {engine_version()} no longer replays: {message}"


# ---------------------------------------------------------------------------------------------
# A match rebuilt from a replay

def rebuild_match(loaded: Loaded) -> Match:
    """The Match a complete replay describes, at its last hand's last action (API.md, Match)."""
    replay = loaded.replay
    facts = replay["match"]
    hands = facts.get("hands", len(loaded.games))
    seed = facts.get("seed", 0)
    if not isinstance(hands, int) or hands < len(loaded.games):
        raise ReplayError(Problem("malformed", f"the match has {quote(hands)} hands but the replay holds {len(loaded.games)}"))
    if not isinstance(seed, int):
        raise ReplayError(Problem("malformed", f"the match's seed must be a whole number, not {quote(seed)}"))
    match = Match(replay["variant"], hands=hands, seed=seed, options=replay["options"],
                  dealer=loaded.games[0].dealer)
    for number, game in enumerate(loaded.games):
        if number:
            match.next_hand()            # the previous hand's result joins the match's results
        game.hand_number = number
        match.game = game                # the recorded deal, not a fresh one from the seed
        if number < len(loaded.games) - 1 and not game.is_over:
            raise ReplayError(Problem("malformed", f"hand {number + 1} is not over, yet another hand follows", number))
    return match
