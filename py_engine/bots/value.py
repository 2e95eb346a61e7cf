"""Hand value over the unseen tiles: what a 13-tile hand is worth before the next draw.

For each target the hand could aim at (the plain winning shape; the flushes, seven pairs, all pungs
and all honors where the rule set multiplies those patterns, read from its table, docs/RULES.md §2;
a swim once a gold is held and three golds where it has them, docs/RULES.md §3) we take the shanten
towards it and its outs counted over the tiles this seat has not seen (ukeire), turn that into the
chance of completing it in the draws left while no one else has won, and weigh it by what the win
pays by the rule set's own payments (RuleSet.win_total). The hand's estimate is its best target's.
Normal and hard bots and the hints all use this one estimate.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..tiles import shapes
from ..tiles import HONOR_BASE, NUM_KINDS
from .common import GOLD_SLOT, SUIT_LETTERS, MeldInfo, View

#: Outs a hand typically has at a shanten level (0 = ready), for the steps after the next one.
TYPICAL_STD = (5.0, 16.0, 26.0, 36.0, 44.0, 50.0, 56.0, 60.0, 62.0)
TYPICAL_PAIRS = (3.0, 9.0, 15.0, 21.0, 27.0, 33.0, 39.0, 42.0, 42.0)
TYPICAL_PUNGS = (4.0, 8.0, 12.0, 16.0, 20.0, 24.0, 28.0, 30.0, 30.0)
RESTRICTED = {"half": 0.65, "full": 0.5, "honors": 0.3}
WIDTH_POWER = 0.2
WIDTH_CLAMP = (0.5, 1.5)
#: Share of the three discards a round that could fall on a ready hand's wait (Longyan discard wins).
DISCARD_SHARE = 0.35
#: Share of completed hands holding a gold whose reading pairs the gold (so they may swim).
SWIM_SHARE = 0.5
#: Share of the three discards a round that could be a held pair's tile (a pong).
PONG_SHARE = 0.5
#: The honors' count slots: an all-honors target's tiles.
HONOR_SLOTS = frozenset(range(HONOR_BASE, NUM_KINDS))

#: A target: (name, shape kind, M of its patterns, the slots it may use (None: all), outs scale).
#: M may be a fraction where a pattern is only likely (the hard bot's flying): a mixture of wins.
Target = tuple[str, str, float, set[int] | None, float]


@lru_cache(maxsize=1 << 16)
def p_complete(steps: tuple[float, ...], draws: int, survive: float) -> float:
    """Chance of passing every step (each own draw passes the current one with its chance), within
    ``draws`` own draws, each draw reached only if the hand has survived another round."""
    k = len(steps)
    if k == 0:
        return 1.0
    f = [0.0] * (k + 1)
    f[0] = 1.0
    done = 0.0
    for _ in range(draws):
        for j in range(k - 1, -1, -1):
            x = f[j] * survive
            moved = x * steps[j]
            f[j] = x - moved
            f[j + 1] += moved * (1.0 if j + 1 < k else 0.0)
            if j + 1 == k:
                done += moved
    return done


@dataclass
class Estimate:
    ev: float               # expected points from winning this hand
    target: str             # the best target: "plain", "seven_pairs", "half_flush:p", "swim", ...
    shanten: int            # plain shanten of the hand
    outs: int               # plain outs (unseen tiles that lower the plain shanten)


def pung_shanten(counts: list[int], golds: int, melds: int) -> int:
    """Shanten towards all pungs (碰碰胡): (4 - melds) triplets and a pair of distinct kinds."""
    slots = 4 - melds
    top = sorted((c if c < 3 else 3 for c in counts if c), reverse=True)
    used = sum(top[:slots])
    if len(top) > slots:
        used += min(top[slots], 2)
    need = 3 * slots + 2 - used - golds
    return max(need, 0) - 1


class Evaluator:
    """Values 13-tile hands (counts, golds, melds) from one seat's view; memoized per decision."""

    def __init__(self, view: View, draws_delta: int = 0, avoided_loss: float | None = None,
                 flying_share: tuple[float, ...] = ()) -> None:
        self.view = view
        self.rules = rules = view.rules
        # 全风向: where honors make a hand of their own, a drawn honor is never far from the hand
        self.free_honors = rules.free_honors
        self.patterns = rules.pattern_multipliers(view.options)     # pattern id -> multiplier
        # a pair or triplet may raise the hand's patterns (seven pairs, all pungs)
        self.pair_patterns = "seven_pairs" in self.patterns or "all_pungs" in self.patterns
        self.wild = view.wild
        self.unseen = view.unseen
        self.slot_of = view.slot_of
        self.n_unseen = max(1, view.unseen_total())
        self.draws = max(0, view.draws_left() + draws_delta)
        tuning = rules.bots                  # the rule set's numbers (rules/base.py BotTuning)
        self.survive = tuning.survive       # chance per round that no one else has won
        # a win also spares the seat its share of another's win
        self.avoid = tuning.avoided_loss if avoided_loss is None else avoided_loss
        self.flying_share = flying_share
        self.dealer = view.is_dealer
        self.swim_single = rules.swim_total(1, self.dealer)     # 0 without swims (游金)
        # the physical kinds still to come, as (slot, copies)
        self.sources = [(self.slot_of[k], n) for k, n in enumerate(self.unseen) if n]
        self.gold_unseen = sum(n for s, n in self.sources if s == GOLD_SLOT)
        self.unseen_slot = [0] * 34
        for slot, n in self.sources:
            if slot != GOLD_SLOT:
                self.unseen_slot[slot] += n
        self._cache: dict[tuple[object, ...], Estimate] = {}
        self.discard_wins = view.rules.may_win_on_discard(view.options)

    # ---- shanten of each shape kind on (possibly restricted) counts ----

    def _shanten(self, kind: str, counts: list[int], golds: int, melds: int) -> int:
        if kind == "std":
            return shapes.shanten(counts, melds, golds, self.wild)
        if kind == "sp":
            return shapes.shanten_seven_pairs(counts, golds, self.wild)
        if kind == "pung":
            return pung_shanten(counts, golds, melds)
        if kind == "free":       # the all-honors free hand (全风向): honors held are all that counts
            return self.rules.special_shanten(counts, 0) or 0
        if kind == "swim":       # sets only around one lone gold: a pair of a kind absent stands in
            return self._swim_shanten(counts, golds, melds)
        raise ValueError(kind)

    def _swim_shanten(self, counts: list[int], golds: int, melds: int) -> int:
        if golds < 1:
            return 9
        for k in range(HONOR_BASE, HONOR_BASE + 7):
            if counts[k] == 0:
                counts[k] = 2
                s = shapes.shanten_standard(counts, melds, golds - 1, self.wild)
                counts[k] = 0
                return s
        return 9

    def _outs(self, kind: str, counts: list[int], golds: int, melds: int, now: int,
              allowed: set[int] | None) -> int:
        """Unseen tiles whose draw lowers this shanten (ukeire)."""
        total = 0
        near = shapes.near(counts) if kind in ("std", "swim") else None
        for slot, n in self.sources:
            if near is not None and slot != GOLD_SLOT and not near[slot]:
                continue
            if slot == GOLD_SLOT:
                if kind in ("std", "sp", "swim") and self._shanten(kind, counts, golds + 1, melds) < now:
                    total += n
                continue
            if allowed is not None and slot not in allowed:
                continue
            if kind == "sp" and not counts[slot] & 1:
                continue
            if kind == "pung" and not counts[slot]:
                continue
            counts[slot] += 1
            s = self._shanten(kind, counts, golds, melds)
            counts[slot] -= 1
            if s < now:
                total += n
        return total

    # ---- the estimate ----

    def steps(self, kind: str, s: int, outs: int, scale: float, pong_outs: int = 0) -> tuple[float, ...]:
        """Per-step chances with typical outs at each shanten level (so a lower shanten is worth
        more, as it should be); with ``pong_outs`` (copies of held pairs) a pong can make a step too."""
        table = TYPICAL_PAIRS if kind == "sp" else TYPICAL_PUNGS if kind == "pung" else TYPICAL_STD
        n = self.n_unseen
        pong = min(0.5, 3.0 * PONG_SHARE * pong_outs / n)
        out = []
        for level in range(s, -1, -1):
            out.append(table[min(level, len(table) - 1)] * scale / n)
        for j in range(len(out) - 1):           # pongs never make the final (winning) step
            p = pong if j == 0 else pong * 0.7
            out[j] = 1.0 - (1.0 - out[j]) * (1.0 - p)
        return tuple(round(min(1.0, p), 3) for p in out)

    @staticmethod
    def width(kind: str, s: int, outs: int, scale: float) -> float:
        """How much wider (or narrower) than typical the hand is now: a mild factor on its chance."""
        table = TYPICAL_PAIRS if kind == "sp" else TYPICAL_PUNGS if kind == "pung" else TYPICAL_STD
        typical = table[min(s, len(table) - 1)] * scale
        if typical <= 0 or s < 0:
            return 1.0
        return float(min(WIDTH_CLAMP[1], max(WIDTH_CLAMP[0], outs / typical)) ** WIDTH_POWER)

    def _win_chance(self, kind: str, s: int, outs: int, scale: float, discard_ok: bool,
                    pong_outs: int = 0) -> tuple[float, float]:
        """(chance to complete, share of that won on a discard) for a target at shanten s."""
        if s < 0:
            return 1.0, 0.0
        st = list(self.steps(kind, s, outs, scale, pong_outs))
        share = 0.0
        if discard_ok and self.discard_wins:
            boost = 1.0 + 3.0 * DISCARD_SHARE
            share = 1.0 - 1.0 / boost
            st[-1] = min(1.0, round(st[-1] * boost, 3))
        return p_complete(tuple(st), self.draws, self.survive) * self.width(kind, s, outs, scale), share

    def pong_outs(self, counts: list[int], allowed: set[int] | None = None) -> int:
        """Unseen copies of the held pairs a pong could use (one pair stays the eyes)."""
        pairs = [k for k, c in enumerate(counts) if c == 2 and (allowed is None or k in allowed)]
        if len(pairs) < 2:
            return 0
        return sum(self.unseen_slot[k] for k in pairs)

    def ev13(self, counts: list[int], golds: int, melds: MeldInfo) -> Estimate:
        key = (tuple(counts), golds, melds.count, melds.has_kong, melds.suits)
        found = self._cache.get(key)
        if found is not None:
            return found
        est = self._estimate(counts, golds, melds)
        self._cache[key] = est
        return est

    def _plain(self, counts: list[int], golds: int, melds: MeldInfo) -> tuple[int, int]:
        s = self.view.shanten(counts, golds, melds.count)
        outs = self._outs_plain(counts, golds, melds.count, s)
        return s, outs

    def _outs_plain(self, counts: list[int], golds: int, melds: int, now: int) -> int:
        total = 0
        free = self.free_honors and melds == 0
        near = shapes.near(counts)
        for slot, n in self.sources:
            if slot == GOLD_SLOT:
                if shapes.shanten(counts, melds, golds + 1, self.wild) < now:
                    total += n
                continue
            if not near[slot] and not (free and slot >= HONOR_BASE):
                continue                        # a tile far from every held tile cannot help
            counts[slot] += 1
            s = shapes.shanten(counts, melds, golds, self.wild)
            if free and s >= now and slot >= HONOR_BASE:
                s = min(s, self.rules.special_shanten(counts, 0) or 0)
            counts[slot] -= 1
            if s < now:
                total += n
        return total

    def _targets(self, counts: list[int], mi: MeldInfo) -> list[Target]:
        """The plain winning shape, and the hands of the rule set's multiplied patterns within reach
        (docs/RULES.md §2), each with the product of its patterns' multipliers."""
        pm = self.patterns
        concealed = mi.count == 0
        sp = pm.get("seven_pairs", 0) if concealed else 0       # seven pairs: no melds
        pungs = pm.get("all_pungs", 0)
        half, full, honors = pm.get("half_flush", 0), pm.get("full_flush", 0), pm.get("all_honors", 0)
        flying: float = pm.get("flying", 1) if mi.count == 4 else 1      # 飞起来 also scores all pungs
        if flying == 1 and 1 <= mi.count <= len(self.flying_share):   # an open hand may end flying
            flying = 1 + self.flying_share[mi.count - 1] * (pm.get("flying", 1) - 1)
        targets: list[Target] = [("plain", "std", 1, None, 1.0)]
        if sp:
            targets.append(("seven_pairs", "sp", sp, None, 1.0))
        if pungs:
            targets.append(("all_pungs", "pung", pungs * flying, None, 1.0))
        honors_held = sum(counts[HONOR_BASE:])
        meld_suits = mi.suits - {"z"}
        for i, letter in enumerate(SUIT_LETTERS):
            if meld_suits - {letter}:
                continue
            in_suit = sum(counts[9 * i:9 * i + 9])
            if in_suit + honors_held < 8:
                continue
            suit = set(range(9 * i, 9 * i + 9))
            if half:
                with_honors = suit | HONOR_SLOTS
                targets.append((f"half_flush:{letter}", "std", half, with_honors, RESTRICTED["half"]))
                if pungs:
                    targets.append((f"half_flush+all_pungs:{letter}", "pung", half * pungs * flying, with_honors, 0.8))
                if sp:
                    targets.append((f"half_flush+seven_pairs:{letter}", "sp", half * sp, with_honors, 0.8))
            if full and "z" not in mi.suits and in_suit >= 8:
                targets.append((f"full_flush:{letter}", "std", full, suit, RESTRICTED["full"]))
                if sp:
                    targets.append((f"full_flush+seven_pairs:{letter}", "sp", full * sp, suit, 0.7))
        if honors and not meld_suits and honors_held >= 8:
            kind = "free" if concealed and self.free_honors else "std"
            targets.append(("all_honors", kind, honors, set(HONOR_SLOTS), RESTRICTED["honors"]))
        return targets

    def _win_total(self, category: str, m: float) -> float:
        """RuleSet.win_total for M, a fractional M read as the mixture of the wins around it."""
        low = int(m)
        v = float(self.rules.win_total(category, low, self.dealer))
        if m > low:
            v += (m - low) * (self.rules.win_total(category, low + 1, self.dealer) - v)
        return v

    def _values(self, m_self: float, m_discard: float, golds: int) -> tuple[float, float]:
        """(a self-draw's value, a discard win's) for a hand whose patterns multiply to these: what
        each brings in all by the rule set's payments, plus the loss it spares. A completed hand
        holding a gold can often swim instead of winning at once (游金)."""
        v_self = self._win_total("self_draw", m_self)
        if golds and self.swim_single:
            v_self = (1 - SWIM_SHARE) * v_self + SWIM_SHARE * self.survive * self.swim_single
        v_discard = self._win_total("discard_win", m_discard)
        return v_self + self.avoid, v_discard + self.avoid

    def _estimate(self, counts: list[int], golds: int, mi: MeldInfo) -> Estimate:
        concealed = mi.count == 0
        s_plain, outs_plain = self._plain(counts, golds, mi)
        pm = self.patterns
        closed_bonus = pm.get("concealed", 0) if concealed else 0     # 门清: a concealed self-draw
        kong = pm.get("kong", 1) if mi.has_kong else 1
        discard_ok = self.rules.may_win_on_discard(self.view.options, golds)
        best = Estimate(0.0, "plain", s_plain, outs_plain)
        scored = []
        for name, kind, mult, allowed, scale in self._targets(counts, mi):
            if name == "plain":
                s, outs = s_plain, outs_plain
            else:
                work = counts if allowed is None else [c if k in allowed else 0 for k, c in enumerate(counts)]
                s = self._shanten(kind, work, golds, mi.count)
                if s > s_plain + 3:
                    continue
                outs = -1
            scored.append((name, kind, mult, allowed, scale, s, outs))
        # the likeliest payers first; the exact outs only for targets that can still beat the best
        for name, kind, mult, allowed, scale, s, outs in sorted(scored, key=lambda t: (t[5], -t[2])):
            # closed: 门清 multiplies a self-draw; open: pongs speed the hand up (never for seven
            # pairs / the free hand). (M of a self-draw, M of a discard win, open)
            routes = []
            if closed_bonus:
                routes.append((closed_bonus * kong * mult, kong * mult, False))
            if kind not in ("sp", "free"):
                routes.append((kong * mult, kong * mult, True))
            if not routes:
                continue
            if outs < 0:
                top = max(m for m, _, _ in routes)
                bound_outs = int(min(self.n_unseen, (TYPICAL_STD[min(s, 8)] if s >= 0 else 0) * 2.0 + 8))
                p_hi, _ = self._win_chance(kind, s, bound_outs, scale, discard_ok, 8)
                if p_hi * self._values(top, top, golds)[0] <= best.ev:
                    continue
                work = counts if allowed is None else [c if k in allowed else 0 for k, c in enumerate(counts)]
                outs = self._outs(kind, work, golds, mi.count, s, allowed) if s >= 0 else 0
            po = -1
            for m_self, m_discard, open_route in routes:
                if open_route and po < 0:
                    po = self.pong_outs(counts, allowed)
                p, share = self._win_chance(kind, s, outs, scale, discard_ok, po if open_route else 0)
                v_self, v_discard = self._values(m_self, m_discard, golds)
                ev = p * ((1 - share) * v_self + share * v_discard)
                if ev > best.ev:
                    best = Estimate(ev, name + ":open" if open_route and closed_bonus else name, s_plain, outs_plain)
        return self._gold_targets(counts, golds, mi, s_plain, outs_plain, best)

    def _gold_targets(self, counts: list[int], golds: int, mi: MeldInfo, s_plain: int, outs_plain: int,
                      best: Estimate) -> Estimate:
        """The targets a gold opens where the rule set has them (docs/RULES.md §3): a swim, three golds."""
        avoid = self.avoid
        if golds >= 1 and self.swim_single:
            # 游金: reach "sets + one lone gold" (any draw then pairs it), swim, and win on the next draw
            s = self._swim_shanten(counts, golds, mi.count)
            if s <= s_plain + 2 and s < 9:
                outs = self._outs("swim", counts, golds, mi.count, s, None) if s >= 0 else 0
                st = list(self.steps("std", s, outs, 0.8, self.pong_outs(counts))) if s >= 0 else []
                st += [1.0, 1.0]
                level = 2 if golds >= 3 else 1
                p = p_complete(tuple(st), self.draws, self.survive) * self.width("std", s, outs, 0.8)
                ev = p * (self.rules.swim_total(level, self.dealer) + avoid)
                if ev > best.ev:
                    best = Estimate(ev, "swim", s_plain, outs_plain)
        three = self.rules.golds_win(3, self.view.options) if golds == 2 and self.gold_unseen else None
        if three is not None:
            p = p_complete((round(self.gold_unseen / self.n_unseen, 3),), self.draws, self.survive)
            ev = p * (self.rules.win_total(three, 1, self.dealer) + avoid)
            if ev > best.ev:
                best = Estimate(ev, "three_golds", s_plain, outs_plain)
        return best
