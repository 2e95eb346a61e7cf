"""A match: a series of hands with running totals and dealer rotation (API.md, Match)."""
from __future__ import annotations

from typing import Any

from .game import Game
from ..tiles.quote import quote

#: The match lengths the page offers, and its default (bridge.options() sends them)
MATCH_LENGTHS: tuple[int, ...] = (1, 2, 4, 8, 12, 16)
DEFAULT_HANDS = 8
#: Match seeds up to 10**12: a hand's seed (seed * 1000 + hand) stays a whole number JSON keeps exactly.
MAX_SEED = 10**12


class Match:
    def __init__(self, variant: str, hands: int = DEFAULT_HANDS, seed: int = 1, options: dict[str, Any] | None = None,
                 dealer: int | None = None, deal_seed: str | None = None) -> None:
        """`deal_seed`: hand 0's deal seed (a table of friends': each hand's from the shares of it,
        web/friends/seed.js; next_hand takes the next one's), in place of one from `seed`."""
        if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
            raise ValueError(f"hands must be a positive whole number, not {quote(hands)}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {quote(seed)}")
        if options is not None and not isinstance(options, dict):
            raise ValueError(f"options must be an object of option names and values, not {quote(options)}")
        self.variant = variant
        self.hands = hands
        self.seed = seed
        self.options = dict(options or {})
        self._done: list[dict[str, Any]] = []
        self.game = Game.new(variant, seed=self._hand_seed(0), options=self.options, dealer=dealer, shuffle=deal_seed)
        self.game.hand_number = 0

    def _hand_seed(self, number: int) -> int:
        return self.seed * 1000 + number

    @property
    def scores(self) -> list[int]:
        return self.game.scores

    @property
    def results(self) -> list[dict[str, Any]]:
        """One result per hand played, the current hand's included once it is over."""
        return self._done + ([self.game.result or {}] if self.game.is_over else [])

    @property
    def hand_number(self) -> int:
        """The current hand, counted from 0."""
        return len(self._done)

    @property
    def is_over(self) -> bool:
        return self.game.is_over and len(self._done) + 1 >= self.hands

    def next_hand(self, deal_seed: str | None = None) -> Game:
        """After the current hand is over: deal the next one with the right dealer and the running totals
        (from `deal_seed` when given: Match)."""
        if not self.game.is_over:
            raise ValueError("the current hand is not over yet")
        if self.is_over:
            raise ValueError(f"the match is over: all {self.hands} hands are played")
        result = self.game.result or {}
        self._done.append(result)
        number = len(self._done)
        self.game = Game.new(self.variant, seed=self._hand_seed(number), options=self.options,
                             dealer=result["next_dealer"], scores=result["scores"], shuffle=deal_seed)
        self.game.hand_number = number
        return self.game
