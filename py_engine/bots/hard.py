"""The hard bot: the normal bot plus a look-ahead over the next draw.

For the normal bot's best few candidates (discards, kongs) the hard bot looks one draw further:
every kind of tile this seat has not seen is drawn in turn (weighted by its unseen copies, so this
is the exact expectation a Monte Carlo over the unseen tiles would estimate, with no sampling
noise), the hand answers with its best discard, and the position reached is valued by the normal
bot's estimate (``value.Evaluator``) with one draw fewer to come. A draw that completes the hand
is valued as the win it is, by its rule set's payments (RuleSet.self_draw_total: Xinyu's multipliers,
docs/RULES.md §2; Longyan's self-draw or three golds), or as a swim when the gold pairs a natural
tile (RuleSet.swim_shape, docs/RULES.md §3 游金). This sees shapes whose next draw
leads to wide waits (two-step efficiency) and value that only shows once a tile arrives. Only the
observation is used (the unseen counts); no randomness, so the same state gives the same choice.
The look-ahead overrules the normal bot only by a margin (``MIN_GAIN``): smaller preferences are
within the estimate's error and were measured to win nothing. Claims, wins and swims are the normal
bot's: the same look-ahead on pass / pong / kong was measured (``bench/decisions.py``, three runs in
each rule set) to choose no better than the normal bot, and wins and swims already compare their
outcomes exactly.

Where the rule set gives the hard bot figures of its own (``BotTuning.hard_avoided_loss``,
``hard_flying_share``: Xinyu), its estimate, claims included, uses them: a win spares the seat more
of another's win (speed over value), and an open all-pungs hand counts the flying it may end in.
Measured over 10,000 hands (bench/results/bots-ladder.json, bench/README-bots.md).
"""
from __future__ import annotations

from ..tiles import shapes
from ..play.actions import Action
from .common import GOLD_SLOT, MeldInfo, View, keep_score
from .defense import FEED_COST, danger
from .normal import (
    DEFEND_BELOW_TILES,
    DEFEND_FROM_SHANTEN,
    Candidate,
    Decision,
    NormalBot,
    kong_payment,
)
from .value import Evaluator

#: Candidates looked at: the normal bot's best few, within this much of its best score.
TOP_K = 4
SCORE_WINDOW = 0.5
#: Discards tried after a draw that improves the hand (the least connected first).
REPLIES = 3
#: The look-ahead overrules the normal bot only when its choice is worth at least this share of the
#: best value more than the normal bot's choice: below it the two are equal within the estimate's
#: error, and measured so (``bench/decisions.py``-style branches, Longyan: choices it preferred by
#: less than 0.7% won nothing, -0.05 +- 0.13 a decision; those above 2% won +0.47 +- 0.27).
MIN_GAIN = 0.01


class NextDraw:
    """The expected value of a 13-tile hand over its next draw, answered by the best discard."""

    def __init__(self, view: View, ev: Evaluator) -> None:
        self.view = view
        self.rules = view.rules
        self.wild = view.wild
        self.leaf = Evaluator(view, draws_delta=-1, avoided_loss=ev.avoid, flying_share=ev.flying_share)
        self.sources = ev.sources
        self.n_unseen = ev.n_unseen
        self.survive = ev.survive
        self.avoid = ev.avoid
        self.pair_patterns = ev.pair_patterns

    def value(self, counts: list[int], golds: int, melds: MeldInfo, replacement: bool = False) -> float:
        leaf = self.leaf
        stay = leaf.ev13(counts, golds, melds)
        base = stay.ev
        s_now = stay.shanten
        mc = melds.count
        wild = self.wild
        total = 0.0
        for slot, n in self.sources:
            if slot == GOLD_SLOT:
                golds += 1
            else:
                counts[slot] += 1
            if self.complete(counts, golds, mc):
                v = self.win_value(counts, golds, melds, replacement)
            else:
                v = base
                s14 = shapes.shanten(counts, mc, golds, wild)
                # a pair or triplet drawn may raise the hand's patterns (seven pairs, all pungs)
                if s14 < s_now or (self.pair_patterns and golds == 0 and slot >= 0 and counts[slot] >= 2):
                    v = max(v, self.best_reply(counts, golds, melds, s14, slot))
            if slot == GOLD_SLOT:
                golds -= 1
            else:
                counts[slot] -= 1
            total += n * v
        mean = total / self.n_unseen
        return mean if replacement else self.survive * mean + (1.0 - self.survive) * 0.0

    def after_discard(self, counts: list[int], golds: int, melds: MeldInfo, slot: int) -> float:
        """The value of the 13 tiles left by discarding the tile in ``slot`` (GOLD_SLOT: a gold)."""
        if slot == GOLD_SLOT:
            return self.value(counts, golds - 1, melds)
        counts[slot] -= 1
        value = self.value(counts, golds, melds)
        counts[slot] += 1
        return value

    def best_reply(self, counts: list[int], golds: int, melds: MeldInfo, s14: int, drawn: int) -> float:
        """The best discard after the draw, among the least connected tiles that keep the gain."""
        order = sorted((k for k in range(34) if counts[k] and k != drawn), key=lambda k: keep_score(counts, k))
        best = 0.0
        tried = 0
        for k in order:
            counts[k] -= 1
            if shapes.shanten(counts, melds.count, golds, self.wild) <= s14:
                best = max(best, self.leaf.ev13(counts, golds, melds).ev)
                tried += 1
            counts[k] += 1
            if tried >= REPLIES:
                break
        return best

    def complete(self, counts: list[int], golds: int, melds: int) -> bool:
        if shapes.is_win(counts, melds, golds, self.wild):
            return True
        if self.rules.special_shanten(counts, melds) == -1:
            return True            # the rule set's own hand (全风向)
        return self.rules.golds_win(golds, self.view.options) is not None     # 三金倒

    def win_points(self, counts: list[int], golds: int, melds: MeldInfo, replacement: bool) -> int:
        """What self-drawing this complete hand now pays its winner: the rule set's own payments
        (a win on a kong's replacement is 杠上开花)."""
        v = self.view
        return v.rules.self_draw_total(counts, golds, melds.count, melds.has_kong, melds.suits, v.options,
                                       v.is_dealer, kong_bloom=replacement)

    def win_value(self, counts: list[int], golds: int, melds: MeldInfo, replacement: bool) -> float:
        dealer = self.view.is_dealer
        value = float(self.win_points(counts, golds, melds, replacement))
        if golds >= 1 and self.view.tiles_left >= 8:
            level = self.rules.swim_shape(counts, golds, self.wild)   # 游金 (docs/RULES.md §3)
            if level:
                value = max(value, self.rules.swim_total(level, dealer) * self.survive)
        return value + self.avoid


def decide(view: View) -> Decision:
    tuning = view.rules.bots
    bot = NormalBot(view, Evaluator(view, avoided_loss=tuning.hard_avoided_loss, flying_share=tuning.hard_flying_share))
    decision = bot.decide()
    if decision.note in ("win", "swim", "swim_up") or view.phase != "discard" or len(decision.candidates) < 2:
        return decision
    best = decision.candidates[0].score
    window = SCORE_WINDOW * max(1.0, abs(best))
    look = NextDraw(view, bot.ev)
    counts, golds, mi = bot.counts, bot.golds, view.melds
    ranked: list[Candidate] = []
    for cand in decision.candidates[:TOP_K]:
        if ranked and cand.score < best - window:
            continue
        parsed = Action.parse(cand.action)
        verb, tile = parsed.kind, parsed.tile or ""
        slot = view.slot(tile) if tile else 0
        if verb == "discard":
            value = look.after_discard(counts, golds, mi, slot)
            est = cand.estimate
            if est is not None and est.shanten >= DEFEND_FROM_SHANTEN and view.tiles_left <= DEFEND_BELOW_TILES:
                value -= danger(view, tile) * FEED_COST
        elif verb == "kong" and slot != GOLD_SLOT:
            concealed = counts[slot] == 4
            take = 4 if concealed else 1
            info = mi.plus(tile, True) if concealed else MeldInfo(mi.count, True, mi.suits)
            counts[slot] -= take
            value = look.value(counts, golds, info, replacement=True) + kong_payment(view, concealed)
            counts[slot] += take
        else:
            value = cand.score
        ranked.append(Candidate(cand.action, value, cand.estimate, note="lookahead"))
    ranked.sort(key=lambda c: -c.score)
    return overrule(decision.candidates[0].action, ranked)


def gain_over(usual: str, ranked: list[Candidate]) -> float | None:
    """How much more the look-ahead expects from its best than from ``usual``, as a share of the
    best value; None when ``usual`` was not looked at."""
    kept = max((c.score for c in ranked if c.action == usual), default=None)
    if not ranked or kept is None:
        return None
    return (ranked[0].score - kept) / max(1.0, abs(ranked[0].score))


def overrule(usual: str, ranked: list[Candidate]) -> Decision:
    """The look-ahead's best, unless the normal bot's choice (``usual``) is within MIN_GAIN of it."""
    best = ranked[0]
    gain = gain_over(usual, ranked)
    if best.action != usual and gain is not None and gain < MIN_GAIN:
        return Decision(usual, ranked, note="lookahead")
    return Decision(best.action, ranked, note="lookahead")


def choose(view: View) -> str:
    return decide(view).action
