"""A first stronger-hard direction (issue 35, item 3), bench-only until measured: planning over the
seat's own future draws by sampled playouts over the unseen tiles.

For hard's candidates (its look-ahead's discards; claims, wins, swims and kongs stay hard's), each
of ``SAMPLES`` deals orders the tiles this seat has not seen at random (the same orders for every
candidate: common random numbers) and takes the first ``draws_left`` as the seat's own next draws.
With those draws known, the best play is a search, not a guess: the hand can keep any 13 of the
tiles it has held, so a target hand is reached at the first draw t whose tiles (the hand's 13 and
draws 1..t) contain it. For each target of the rule set's patterns (value.py's targets: the plain
hand, seven pairs, all pungs, flushes, all honors, restricted to their tiles) the first such t is
found by bisection (containment only grows with t); the sample is worth the best target's payment
(RuleSet.win_total with the target's multipliers, 门清 while concealed) times ``survive ** t``, the
chance no one else has won first (the rule set's BotTuning). A candidate's value is its mean over
the deals; the planner overrules hard only by ``MIN_GAIN`` of the best value.

This is perfect-information sampling (each deal is planned as if known), so it overrates flexible
hands a little; the seat's opponents appear only as the clock.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from py_engine.play.actions import Action  # noqa: E402
from py_engine.bots import hard  # noqa: E402
from py_engine.bots.common import GOLD_SLOT, View  # noqa: E402
from py_engine.bots.value import Evaluator  # noqa: E402

SAMPLES = 24
MIN_GAIN = 0.02


class Planner:
    def __init__(self, view: View) -> None:
        self.view = view
        self.ev = Evaluator(view)
        self.draws = max(1, view.draws_left())
        pool: list[int] = []
        for slot, n in self.ev.sources:
            pool += [slot] * n
        rng = random.Random(view.seed * 7919 + len(pool))
        self.deals = []
        for _ in range(SAMPLES):
            rng.shuffle(pool)
            self.deals.append(list(pool[: self.draws]))
        pm = self.ev.patterns
        mi = view.melds
        self.closed = pm.get("concealed", 0) if mi.count == 0 else 0
        self.kong = pm.get("kong", 1) if mi.has_kong else 1

    def value(self, counts: list[int], golds: int) -> float:
        """Mean over the deals of the best target's payment, discounted by the clock."""
        ev, mi = self.ev, self.view.melds
        targets = ev._targets(counts, mi)
        survive = ev.survive
        total = 0.0
        for deal in self.deals:
            best = 0.0
            for _name, kind, mult, allowed, _scale in targets:
                m = mult * self.kong
                if self.closed:
                    m *= self.closed
                pay = ev._values(m, m, golds)[0]
                if pay * survive <= best:
                    continue
                t = self.first_complete(kind, counts, golds, allowed, deal)
                if t is not None:
                    best = max(best, pay * survive ** t)
            total += best
        return total / len(self.deals)

    def first_complete(self, kind: str, counts: list[int], golds: int, allowed: set[int] | None,
                       deal: list[int]) -> int | None:
        """The first own draw t (1-based) whose tiles, with the hand's, contain the target; None."""
        mc = self.view.melds.count

        def holds(t: int) -> bool:
            c = list(counts) if allowed is None else [n if k in allowed else 0 for k, n in enumerate(counts)]
            g = golds
            for slot in deal[:t]:
                if slot == GOLD_SLOT:
                    g += 1
                elif allowed is None or slot in allowed:
                    c[slot] += 1
            return self.ev._shanten(kind, c, g, mc) < 0

        lo, hi = 1, len(deal)
        if hi < 1 or not holds(hi):
            return None
        while lo < hi:
            mid = (lo + hi) // 2
            if holds(mid):
                hi = mid
            else:
                lo = mid + 1
        return lo


def choose_view(view: View) -> str:
    decision = hard.decide(view)
    if view.phase != "discard" or decision.note != "lookahead":
        return decision.action
    discards = [c.action for c in decision.candidates if Action.parse(c.action).kind == "discard"]
    if len(discards) < 2:
        return decision.action
    plan = Planner(view)
    counts, golds = view.counts()
    scored = []
    for action in discards:
        slot = view.slot(Action.parse(action).tile or "")
        if slot == GOLD_SLOT:
            v = plan.value(counts, golds - 1)
        else:
            counts[slot] -= 1
            v = plan.value(counts, golds)
            counts[slot] += 1
        scored.append((v, action))
    scored.sort(key=lambda x: -x[0])
    best_v, best_a = scored[0]
    usual = dict((a, v) for v, a in scored).get(decision.action)
    if usual is None or best_a == decision.action:
        return decision.action
    if (best_v - usual) < MIN_GAIN * max(1.0, abs(best_v)):
        return decision.action
    return best_a


def choose(game: Any, seat: int) -> str:
    legal = game.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    action = choose_view(View.from_observation(game.observation(seat)))
    return action if action in legal else str(game.default_action(seat))
