"""The replay viewer's side of the engine: a loaded replay (replay.py) shown action by action,
reviewed (review.py), and its deals played again by the bots (the duplicate challenge).

``Viewer(loaded)``: ``summary()`` lists the hands; ``frame(hand, step, face_up)`` is the table after
`step` actions of that hand, in the shape of the game's state (bridge.Session.state) so the game's
renderer draws it; ``review(hand)``; ``duplicate(hand, level)``.
"""
from __future__ import annotations

from typing import Any

from .. import bots
from ..teach import review
from ..play.game import Game
from .replay import Loaded


class Viewer:
    def __init__(self, loaded: Loaded) -> None:
        self.loaded = loaded
        facts = loaded.replay["match"]
        self.human = facts.get("human", 0) if isinstance(facts.get("human"), int) else 0
        self.autoplay = bool(facts.get("autoplay"))
        self.level = facts.get("level") if facts.get("level") in bots.LEVELS else "normal"
        self._cache: tuple[int, Game] | None = None     # (hand, game) at the last frame shown

    # ---- the hands ----

    def steps(self, hand: int) -> int:
        """Actions that play in this hand: all of them, or those before the one that failed."""
        problem = self.loaded.problem
        if problem is not None and problem.hand == hand and problem.action is not None:
            return min(problem.action, len(self.loaded.actions[hand]))
        return len(self.loaded.actions[hand])

    def summary(self) -> dict[str, Any]:
        replay = self.loaded.replay
        problem = self.loaded.problem
        return {
            "variant": replay["variant"], "engine": replay["engine"], "match": dict(replay["match"]),
            "hands": [{"number": g.hand_number, "dealer": g.dealer, "steps": self.steps(i),
                       "recorded": len(self.loaded.actions[i]), "result": self._game(i, self.steps(i)).result}
                      for i, g in enumerate(self.loaded.games)],
            "problem": problem.to_dict() if problem else None,
        }

    def _hand(self, hand: Any) -> int:
        if not isinstance(hand, int) or not 0 <= hand < len(self.loaded.games):
            raise ValueError(f"no hand {hand!r}: the replay holds hands 0-{len(self.loaded.games) - 1}")
        return hand

    def _game(self, hand: int, step: int) -> Game:
        """The hand after `step` actions; stepping forward from the last frame replays only the new ones."""
        actions = self.loaded.actions[hand][:step]
        cached = self._cache
        if cached is not None and cached[0] == hand and len(cached[1].history) <= step:
            game = cached[1].clone()
            start = len(game.history)
        else:
            game = Game.from_position(self.loaded.games[hand].to_position())
            game.hand_number = self.loaded.games[hand].hand_number
            start = 0
        for seat, action in actions[start:]:
            game.apply(seat, action)
        self._cache = (hand, game)
        return game

    # ---- one frame ----

    def frame(self, hand: Any, step: Any, face_up: bool) -> dict[str, Any]:
        hand = self._hand(hand)
        steps = self.steps(hand)
        if not isinstance(step, int) or not 0 <= step <= steps:
            raise ValueError(f"no step {step!r} in hand {hand + 1}: it has steps 0-{steps}")
        game = self._game(hand, step)
        seat = None if self.autoplay else self.human
        obs: dict[str, Any] = dict(game.observation(seat))   # the replay's fields join the observation's
        if face_up:
            for s in range(4):
                mine = game.observation(s)
                obs["hands"][s] = mine["hands"][s]
                obs["melds"][s] = mine["melds"][s]
        obs["legal_actions"] = []              # a replay is watched, not played
        earlier = [self._game_result(i) for i in range(hand)]
        facts = self.loaded.replay["match"]
        actions = self.loaded.actions[hand]
        obs.update({
            "human": self.human, "autoplay": self.autoplay, "level": self.level,
            "match": {"hands": facts.get("hands", len(self.loaded.games)), "hand_number": game.hand_number,
                      "is_over": False, "seed": facts.get("seed"),
                      "results": earlier + ([game.result] if game.is_over else [])},
            "bot_to_move": False, "human_to_move": False,
            "replay": {"hand": hand, "step": step, "steps": steps,
                       "action": list(actions[step - 1]) if step else None,
                       "next": list(actions[step]) if step < steps else None},
        })
        return obs

    def _game_result(self, hand: int) -> dict[str, Any]:
        return self.loaded.games[hand].result or {}

    # ---- review and the duplicate challenge ----

    def review(self, hand: Any) -> dict[str, Any]:
        hand = self._hand(hand)
        if self.autoplay:
            return {"decisions": [], "costliest": []}
        actions = self.loaded.actions[hand][:self.steps(hand)]
        decisions = review.review_hand(self.loaded.games[hand].to_position(), actions, self.human)
        return {"decisions": decisions, "costliest": review.costliest(decisions)}

    def duplicate(self, hand: Any, level: Any) -> dict[str, Any]:
        """The hand's deal played again by bots, the one of `level` in the human's seat (the others at the
        match's level): what that bot would have scored on the same wall."""
        hand = self._hand(hand)
        if level not in bots.LEVELS:
            raise ValueError(f"unknown level {level!r} (levels: {', '.join(bots.LEVELS)})")
        return {"hand": hand, "level": level, "result": play_out(self.loaded.games[hand].to_position(),
                                                                 {self.human: level}, self.level)}


def play_out(position: dict[str, Any], levels: dict[int, str], others: str) -> dict[str, Any]:
    """A hand from its start position played to its end by bots (`levels` by seat, `others` elsewhere)."""
    game = Game.from_position(position)
    while not game.is_over:
        seat = game.waiting_for[0]
        game.apply(seat, bots.choose(game, seat, levels.get(seat, others)))
    result = game.result
    assert result is not None
    return {"winners": result["winners"], "deltas": result["deltas"], "scores": result["scores"]}
