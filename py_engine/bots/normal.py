"""The normal bot: efficiency over the unseen tiles, hand value, and care with discards.

Every choice compares estimates from ``value.Evaluator``: a discard by the hand it leaves (less the
risk of feeding a Longyan discard win, ``defense``), a pong or kong by the hand after it plus what
a kong pays at once (docs/RULES.md §2, §3 kong payments), a swim by what it pays against winning now.
Golds are never discarded in Longyan unless nothing else is legal.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..play.actions import kind_of, tile_of
from .common import GOLD_SLOT, MeldInfo, View, discard_tiles, keep_score
from .defense import FEED_COST, danger
from .value import Estimate, Evaluator

#: A kong's replacement draw is one more draw than the hand had: a small bonus on its estimate.
REPLACEMENT_BONUS = 1.08
#: Share of its own hand's value a seat loses by feeding a win (the hand may have ended anyway).
RISK_EV_SHARE = 0.3
DEFEND_FROM_SHANTEN = 2
DEFEND_BELOW_TILES = 48


@dataclass
class Candidate:
    action: str
    score: float
    estimate: Estimate | None = None
    note: str = ""


@dataclass
class Decision:
    action: str
    candidates: list[Candidate] = field(default_factory=list)   # best first
    note: str = ""                                             # why, for the hints ("swim", "win", ...)


def kong_payment(view: View, concealed: bool) -> float:
    """What a kong brings at once (docs/RULES.md §2 and §3 kong payments)."""
    payments = view.rules.kong_payments(view.seat, view.dealer, concealed, "")
    return float(sum(p.amount for p in payments))


def swim_level(view: View, tile: str) -> int:
    """The level "swim T" reaches now (docs/RULES.md §3 游金)."""
    return view.rules.swim_level(view.swims[view.seat], tile, view.gold)


def others_swimming(view: View) -> bool:
    return any(level for s, level in enumerate(view.swims) if s != view.seat)


class NormalBot:
    """Stateless between calls: everything comes from the view."""

    def __init__(self, view: View, evaluator: Evaluator | None = None) -> None:
        self.view = view
        self.ev = evaluator or Evaluator(view)
        self.counts, self.golds = view.counts()

    # ---- entry ----

    def decide(self) -> Decision:
        v = self.view
        legal = v.legal
        if v.phase in ("three_golds", "rob_gold", "rob_kong"):
            # 三金倒 and 抢金 pay base 4, robbing a kong 2: always worth taking
            return Decision("win" if "win" in legal else "pass", note="win")
        if v.phase == "claim":
            return self.claim()
        return self.own_turn()

    # ---- claims on a discard ----

    def hold_for_swim(self) -> bool:
        """A ready hand of sets plus one lone gold swims on any draw (游金); a discard win pays far less."""
        v = self.view
        if self.golds < 1 or others_swimming(v) or v.tiles_left < 8:
            return False
        return v.rules.ready_to_swim(self.counts, self.golds, v.wild)

    def win_now(self) -> int:
        """What winning by self-draw now brings in all (the rule set's payments)."""
        v = self.view
        mi = v.melds
        return v.rules.self_draw_total(self.counts, self.golds, mi.count, mi.has_kong, mi.suits, v.options,
                                       v.is_dealer)

    def claim(self) -> Decision:
        v = self.view
        legal = v.legal
        if "win" in legal:
            if self.hold_for_swim():
                return Decision("pass", note="hold_for_swim")
            return Decision("win", note="win")
        tile = v.last_tile
        if tile is None or not ({"pong", "kong"} & set(legal)):
            return Decision("pass" if "pass" in legal else legal[0])
        counts, golds, mi = self.counts, self.golds, v.melds
        slot = v.slot(tile)
        stay = self.ev.ev13(counts, golds, mi)
        cands = [Candidate("pass", stay.ev, stay)]
        if "kong" in legal:
            counts[slot] -= 3
            after = self.ev.ev13(counts, golds, mi.plus(tile, True))
            counts[slot] += 3
            cands.append(Candidate("kong", after.ev * REPLACEMENT_BONUS + kong_payment(v, False), after))
        if "pong" in legal:
            counts[slot] -= 2
            best = self.best_discard(counts, golds, mi.plus(tile, False), list(v.hand) + [], exclude=(tile, 2))
            counts[slot] += 2
            if best is not None:
                cands.append(Candidate("pong", best.score, best.estimate, note=best.action))
        cands.sort(key=lambda c: -c.score)
        return Decision(cands[0].action, cands)

    # ---- one's own turn ----

    def own_turn(self) -> Decision:
        v = self.view
        legal = v.legal
        counts, golds, mi = self.counts, self.golds, v.melds
        swims = [a for a in legal if kind_of(a) == "swim"]
        if v.swims[v.seat]:
            # a swim's draw wins whatever it is; a drawn gold may climb a level (docs/RULES.md §3 游金)
            if swims and v.tiles_left >= 4:
                return Decision(swims[0], note="swim_up")
            return Decision("win" if "win" in legal else legal[0], note="win")
        best_swim: Candidate | None = None
        if swims and v.tiles_left >= 4:
            for action in swims:
                swim_tile = tile_of(action) or ""
                value = v.rules.swim_total(swim_level(v, swim_tile), v.is_dealer) * self.ev.survive
                value -= danger(v, swim_tile) * (FEED_COST + value)
                if best_swim is None or value > best_swim.score:
                    best_swim = Candidate(action, value, note="swim")
        if best_swim is not None and best_swim.score > (self.win_now() if "win" in legal else 0.0):
            return Decision(best_swim.action, [best_swim], note="swim")
        if "win" in legal:
            return Decision("win", note="win")
        cands: list[Candidate] = []
        if best_swim is not None:
            cands.append(best_swim)
        for action in legal:
            tile = tile_of(action)
            if kind_of(action) != "kong" or tile is None:
                continue
            slot = v.slot(tile)
            if slot == GOLD_SLOT:
                continue
            concealed = counts[slot] == 4
            take = 4 if concealed else 1
            counts[slot] -= take
            info = mi.plus(tile, True) if concealed else MeldInfo(mi.count, True, mi.suits)
            after = self.ev.ev13(counts, golds, info)
            counts[slot] += take
            cands.append(Candidate(action, after.ev * REPLACEMENT_BONUS + kong_payment(v, concealed), after))
        legal_set = set(legal)
        cands += [c for c in self.discard_candidates(counts, golds, mi, v.hand) if c.action in legal_set]
        if not cands:
            return Decision(legal[0])
        cands.sort(key=lambda c: -c.score)
        return Decision(cands[0].action, cands)

    # ---- discards ----

    def discard_candidates(self, counts: list[int], golds: int, mi: MeldInfo, hand: list[str],
                           exclude: tuple[str, int] | None = None) -> list[Candidate]:
        """Every discard, scored: the hand it leaves, less the risk of feeding a discard win."""
        v = self.view
        tiles = sorted(set(hand))
        if exclude is not None:
            rest = list(hand)
            for _ in range(exclude[1]):
                rest.remove(exclude[0])
            tiles = sorted(set(rest))
        allowed = set(discard_tiles([f"discard {t}" for t in tiles], v.gold))
        out: list[Candidate] = []
        for tile in tiles:
            if tile not in allowed:
                continue
            slot = v.slot(tile)
            if slot == GOLD_SLOT:
                est = self.ev.ev13(counts, golds - 1, mi)
                tie = 50.0
            else:
                tie = keep_score(counts, slot)
                counts[slot] -= 1
                est = self.ev.ev13(counts, golds, mi)
                counts[slot] += 1
            # care only when the hand is far from ready and the wall is running down (docs/RULES.md §3:
            # the discarder pays 1 more); speed matters more than safety otherwise
            risk = danger(v, tile) if est.shanten >= DEFEND_FROM_SHANTEN and v.tiles_left <= DEFEND_BELOW_TILES else 0.0
            score = est.ev - risk * (FEED_COST + RISK_EV_SHARE * est.ev) - 1e-4 * tie
            out.append(Candidate(f"discard {tile}", score, est))
        out.sort(key=lambda c: -c.score)
        return out

    def best_discard(self, counts: list[int], golds: int, mi: MeldInfo, hand: list[str],
                     exclude: tuple[str, int] | None = None) -> Candidate | None:
        cands = self.discard_candidates(counts, golds, mi, hand, exclude)
        legal = set(self.view.legal)
        if exclude is None:
            cands = [c for c in cands if c.action in legal]
        return cands[0] if cands else None


def decide(view: View) -> Decision:
    return NormalBot(view).decide()


def choose(view: View) -> str:
    return decide(view).action
