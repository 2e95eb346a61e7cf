"""The hard bot: the normal bot's choices, re-ranked by Monte Carlo look-ahead over the unseen tiles.

For the few best discards (or kongs) the normal bot sees, the hard bot plays the rest of the hand
out many times, alone: its own future draws are sampled from the tiles this seat has not seen
(determinized from the observation only; never the real wall), the same samples for every
candidate (common random numbers), with a quick greedy policy aimed at the candidate's target
(plain shape, flush, seven pairs, all pungs, swim). A win is worth what it would pay (Xinyu
multipliers, Longyan categories, a swim when a gold pairs the drawn tile), discounted by the
chance the hand has not ended first. The candidate with the best mean, less the normal bot's
risk of feeding a discard win, is played. Samples are seeded from the state (history length and
seat), and their number is fixed, so the choice replays identically.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .. import shapes
from ..tiles import CODES
from .common import GOLD_SLOT, HONOR_BASE, MeldInfo, View, keep_score, longyan_total, swim_total
from .defense import FEED_COST, danger
from .normal import Candidate, Decision, NormalBot, REPLACEMENT_BONUS, kong_payment
from .value import AVOIDED_LOSS, DISCARD_SHARE, Evaluator

#: Candidates re-ranked, samples per candidate (fixed: the same state gives the same choice).
TOP_K = 4
SAMPLES = 40
#: Only candidates this close to the normal bot's best are worth a look-ahead.
SCORE_WINDOW = 0.6


@dataclass
class Plan:
    """A candidate's resulting hand: what the look-ahead plays from."""

    action: str
    counts: list[int]
    golds: int
    melds: MeldInfo
    target: str
    bonus: float              # points paid at once (kongs) plus the normal bot's risk term
    extra_draw: bool = False  # a kong: a replacement draw comes first


class Lookahead:
    def __init__(self, view: View, ev: Evaluator) -> None:
        self.view = view
        self.ev = ev
        self.xinyu = view.variant == "xinyu"
        self.wild = view.wild
        self.survive = ev.survive
        self.simple = view.options.get("scoring") == "simple"
        pool: list[int] = []
        for k, n in enumerate(view.unseen):
            pool += [view.slot_of[k]] * n
        self.pool = pool
        self.draws = view.draws_left()
        self.discard_wins = ev.discard_wins
        self.avoid = AVOIDED_LOSS[view.variant]
        rng = random.Random(view.seed * 7919 + len(pool))
        self.samples: list[list[int]] = []
        need = 4 * self.draws + 4
        for _ in range(SAMPLES):
            seq = pool[:]
            rng.shuffle(seq)
            self.samples.append(seq[:need])

    # ---- shapes for a target ----

    def target_fn(self, target: str, melds: int):  # noqa: ANN201 - a small closure
        wild = self.wild
        name, _, suit = target.partition(":")
        name = name.replace(":open", "")
        allowed: set[int] | None = None
        if "flush" in name and suit in ("m", "p", "s"):
            i = "mps".index(suit)
            allowed = set(range(9 * i, 9 * i + 9))
            if name.startswith("half"):
                allowed |= set(range(HONOR_BASE, 34))
        elif name == "all_honors":
            allowed = set(range(HONOR_BASE, 34))
        if "seven_pairs" in name:
            base = lambda c, g: shapes.shanten_seven_pairs(c, g, wild)  # noqa: E731
        elif "all_pungs" in name:
            from .value import pung_shanten
            base = lambda c, g: pung_shanten(c, g, melds)  # noqa: E731
        elif name == "swim":
            base = lambda c, g: self.ev._swim_shanten(c, g, melds)  # noqa: E731
        else:
            base = lambda c, g: shapes.shanten(c, melds, g, wild)  # noqa: E731
        if allowed is None:
            return base, None
        mask = allowed

        def restricted(c: list[int], g: int) -> int:
            return base([x if k in mask else 0 for k, x in enumerate(c)], g)
        return restricted, mask

    # ---- the value of a finished hand ----

    def win_value(self, counts: list[int], golds: int, melds: MeldInfo, self_draw: bool, rounds_left: int) -> float:
        v = self.view
        if self.xinyu:
            m = self.xinyu_multiplier(counts, melds, self_draw)
            return (6.0 * m if self_draw else float(m)) + self.avoid
        dealer = v.is_dealer
        if not self_draw:
            return longyan_total(1, dealer) + 1 + self.avoid
        value = float(longyan_total(2, dealer))
        if golds >= 1 and rounds_left >= 1:
            # 游金 instead: a gold pairing a natural tile (or two golds) lets the hand swim for more
            level = 0
            if golds >= 2 and shapes.can_form_sets(counts, golds - 2, self.wild):
                level = 2
            else:
                for k in range(34):
                    if counts[k]:
                        counts[k] -= 1
                        ok = shapes.can_form_sets(counts, golds - 1, self.wild)
                        counts[k] += 1
                        if ok:
                            level = 1
                            break
            if level:
                value = max(value, swim_total(level, dealer) * self.survive)
        return value + self.avoid

    def xinyu_multiplier(self, counts: list[int], melds: MeldInfo, self_draw: bool) -> int:
        two = 2 if self.simple else 4
        m = 1
        if melds.count == 0 and self_draw:
            m *= 2
        if melds.has_kong:
            m *= 2
        suits = {("m", "p", "s", "z")[min(k // 9, 3)] for k in range(34) if counts[k]} | set(melds.suits)
        plain = suits - {"z"}
        if not plain:
            m *= 8
        elif len(plain) == 1:
            m *= 2 if "z" in suits else 4
        shape = 1
        if shapes.is_standard_win(counts, 0, "any"):
            pairs = sum(1 for c in counts if c == 2)
            if pairs == 1 and all(c in (0, 2, 3) for c in counts):
                shape = 2 * (two if melds.count == 4 else 1)
        if melds.count == 0 and shapes.is_seven_pairs(counts, 0, "any"):
            fours = sum(1 for c in counts if c == 4)
            shape = max(shape, (two * 2 ** fours) if fours else two)
        return m * shape

    # ---- one playout ----

    def playout(self, plan: Plan, seq: list[int]) -> float:
        counts = plan.counts[:]
        golds = plan.golds
        melds = plan.melds
        fn, mask = self.target_fn(plan.target, melds.count)
        wild = self.wild
        mc = melds.count
        cur = fn(counts, golds)
        weight = 1.0
        q = self.survive
        pos = 0
        draws = self.draws + (1 if plan.extra_draw else 0)
        for r in range(draws):
            if plan.extra_draw and r == 0:
                t = seq[-1]                     # the kong's replacement draw
            else:
                if pos >= len(seq) - 1:
                    break
                weight *= q
                # one of the three other players' discards this round may fall on a ready hand
                if self.discard_wins and cur == 0:
                    o = seq[pos + 1] if pos + 1 < len(seq) else GOLD_SLOT
                    if o != GOLD_SLOT:
                        counts[o] += 1
                        won = shapes.is_win(counts, mc, golds, wild)
                        counts[o] -= 1
                        if won:
                            counts[o] += 1
                            return weight * self.win_value(counts, golds, melds, False, 0)
                t = seq[pos]
                pos += 4
            if t == GOLD_SLOT:
                golds += 1
            else:
                counts[t] += 1
            if plain_complete(counts, golds, mc, wild, self.xinyu):
                return weight * self.win_value(counts, golds, melds, True, draws - r - 1)
            s14 = fn(counts, golds)
            if s14 < cur:
                # keep the draw; throw the tile whose loss costs nothing, the least connected first
                order = sorted((k for k in range(34) if counts[k]), key=lambda k: (
                    0 if mask is not None and k not in mask else 1, keep_score(counts, k)))
                for k in order:
                    counts[k] -= 1
                    if fn(counts, golds) == s14:
                        break
                    counts[k] += 1
                else:
                    if t == GOLD_SLOT:
                        golds -= 1
                    else:
                        counts[t] -= 1
                    continue
                cur = s14
            else:
                if t == GOLD_SLOT:
                    # a gold is never thrown: throw the least connected natural tile instead
                    k = min((k for k in range(34) if counts[k]), key=lambda k: keep_score(counts, k), default=-1)
                    if k >= 0:
                        counts[k] -= 1
                        cur = fn(counts, golds)
                    else:
                        golds -= 1
                else:
                    counts[t] -= 1
        return 0.0

    def score(self, plan: Plan) -> float:
        total = 0.0
        for seq in self.samples:
            total += self.playout(plan, seq)
        return total / len(self.samples) + plan.bonus


def plain_complete(counts: list[int], golds: int, melds: int, wild: str, xinyu: bool) -> bool:
    if shapes.is_win(counts, melds, golds, wild):
        return True
    return xinyu and melds == 0 and golds == 0 and sum(counts[HONOR_BASE:]) == 14


def plans_for(bot: NormalBot, decision: Decision) -> list[Plan]:
    """The resulting hands of the normal bot's best few candidates."""
    v = bot.view
    counts, golds, mi = bot.counts, bot.golds, v.melds
    best = decision.candidates[0].score if decision.candidates else 0.0
    plans: list[Plan] = []
    for cand in decision.candidates[:TOP_K]:
        if cand.score < best - SCORE_WINDOW * max(1.0, abs(best)) and plans:
            continue
        verb, _, tile = cand.action.partition(" ")
        target = cand.estimate.target if cand.estimate else "plain"
        c = counts[:]
        g = golds
        if verb == "discard":
            slot = v.slot(tile)
            if slot == GOLD_SLOT:
                g -= 1
            else:
                c[slot] -= 1
            plans.append(Plan(cand.action, c, g, mi, target, -danger(v, tile) * FEED_COST))
        elif verb == "kong" and tile:
            slot = v.slot(tile)
            concealed = c[slot] == 4
            c[slot] -= 4 if concealed else 1
            info = mi.plus(tile, True) if concealed else MeldInfo(mi.count, True, mi.suits)
            plans.append(Plan(cand.action, c, g, info, target, kong_payment(v, concealed), extra_draw=True))
    return plans


def decide(view: View) -> Decision:
    bot = NormalBot(view)
    decision = bot.decide()
    if view.phase != "discard" or decision.note in ("win", "swim", "swim_up") or len(decision.candidates) < 2:
        return decision
    plans = plans_for(bot, decision)
    if len(plans) < 2:
        return decision
    look = Lookahead(view, bot.ev)
    scored = [(look.score(p), p) for p in plans]
    scored.sort(key=lambda sp: -sp[0])
    ranked = [Candidate(p.action, s, note="lookahead") for s, p in scored]
    return Decision(scored[0][1].action, ranked, note="lookahead")


def choose(view: View) -> str:
    return decide(view).action


__all__ = ["choose", "decide", "REPLACEMENT_BONUS", "CODES"]
