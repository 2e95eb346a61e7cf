"""Hand shapes: sets, the winning check, shanten and waits, with wild golds (docs/RULES.md §1, §3).

Counts are 34-slot lists (``tiles.counts34``). ``golds`` is the number of wild golds, already
taken out of the counts; ``wild`` is ``"any"`` (a gold stands for any tile) or ``"suited"``
(m/p/s only). Four copies of a tile are not treated as a limit: a shape that needs a fifth copy
still counts (callers filter by copies left).

Speed comes from per-component tables memoized lazily: each suit (9 counts) and the honors
(7 counts, no sequences) map to a record holding
  * ``g0`` / ``g1``: the fewest golds that complete the component into sets only / into sets
    plus one pair (more golds also work when they add whole gold-only sets), and
  * a shanten table: the most of its tiles that fit ``k`` set slots (k = 0..4), without and
    with the pair slot.
A hand is then a handful of dict lookups and a few additions; a hand that changes a tile at a
time steps between records by links kept on them (``Component.more`` / ``less``), with no lookup.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from .codes import HONOR_BASE, INDEX, WHITE_DRAGON, counts34

INF = 99            # "cannot": more golds than any hand holds
NEG = -99           # "cannot" in a table of tiles used
WILDS = ("any", "suited")

Key = tuple[int, ...]
# A block that holds the lowest remaining tile i: ((offset, copies), ...), tiles taken, golds it needs.
Block = tuple[tuple[tuple[int, int], ...], int, int]
_SET_BLOCKS_SUIT: tuple[Block, ...] = (
    (((0, 3),), 3, 0),                  # 111
    (((0, 1), (1, 1), (2, 1)), 3, 0),   # 123
    (((0, 2),), 2, 1),                  # 11 + gold
    (((0, 1), (1, 1)), 2, 1),           # 12 + gold
    (((0, 1), (2, 1)), 2, 1),           # 13 + gold
    (((0, 1),), 1, 2),                  # 1 + two golds
)
_SET_BLOCKS_HONOR = (_SET_BLOCKS_SUIT[0], _SET_BLOCKS_SUIT[2], _SET_BLOCKS_SUIT[5])  # honors never sequence
_PAIR_BLOCKS: tuple[Block, ...] = (
    (((0, 2),), 2, 0),                  # 11
    (((0, 1),), 1, 1),                  # 1 + gold
)


def _take(key: Key, i: int, parts: tuple[tuple[int, int], ...]) -> Key | None:
    """``key`` less the block's tiles from index i, or None when it does not hold them."""
    n = len(key)
    for off, cnt in parts:
        j = i + off
        if j >= n or key[j] < cnt:
            return None
    rest = list(key)
    for off, cnt in parts:
        rest[i + off] -= cnt
    return tuple(rest)


def _lowest(key: Key) -> int:
    for i, c in enumerate(key):
        if c:
            return i
    return -1


# ---------------------------------------------------------------------------------------------
# Per-component dynamic programs (memoized; the state space is the sub-multisets of real hands)

_WIN_MEMO: tuple[dict[Key, tuple[int, int]], dict[Key, tuple[int, int]]] = ({}, {})
_TABLE_MEMO: tuple[dict[Key, tuple[int, ...]], dict[Key, tuple[int, ...]]] = ({}, {})
_EMPTY_TABLE = (0, 0, 0, 0, 0, NEG, NEG, NEG, NEG, NEG)


def _win_dp(key: Key, seq: bool) -> tuple[int, int]:
    """(fewest golds for sets only, fewest golds for sets + one pair) for one component."""
    memo = _WIN_MEMO[seq]
    found = memo.get(key)
    if found is not None:
        return found
    i = _lowest(key)
    if i < 0:
        result = (0, 2)          # nothing left: the pair, if still wanted, is two golds
    else:
        g0 = g1 = INF
        for parts, _size, cost in (_SET_BLOCKS_SUIT if seq else _SET_BLOCKS_HONOR):
            rest = _take(key, i, parts)
            if rest is not None:
                r0, r1 = _win_dp(rest, seq)
                g0 = min(g0, cost + r0)
                g1 = min(g1, cost + r1)
        for parts, _size, cost in _PAIR_BLOCKS:
            rest = _take(key, i, parts)
            if rest is not None:
                g1 = min(g1, cost + _win_dp(rest, seq)[0])
        result = (g0, g1)
    memo[key] = result
    return result


def _table_dp(key: Key, seq: bool) -> tuple[int, ...]:
    """Most tiles of the component that fit k = 0..4 set slots: [k] without, [5 + k] with the pair slot.

    A set slot holds any part of one set (1, 2 or 3 tiles); the pair slot holds 1 or 2 tiles.
    Missing tiles = slots' capacity - tiles used; that is what golds and draws must supply.
    """
    memo = _TABLE_MEMO[seq]
    found = memo.get(key)
    if found is not None:
        return found
    i = _lowest(key)
    if i < 0:
        return _EMPTY_TABLE
    rest = list(key)
    rest[i] -= 1
    best = list(_table_dp(tuple(rest), seq))           # this copy of tile i is left out
    for parts, size, _cost in (_SET_BLOCKS_SUIT if seq else _SET_BLOCKS_HONOR):
        sub = _take(key, i, parts)
        if sub is not None:
            t = _table_dp(sub, seq)
            for k in range(1, 5):
                v = t[k - 1] + size
                if v > best[k]:
                    best[k] = v
                v = t[4 + k] + size
                if v > best[5 + k]:
                    best[5 + k] = v
    for parts, size, _cost in _PAIR_BLOCKS:
        sub = _take(key, i, parts)
        if sub is not None:
            t = _table_dp(sub, seq)
            for k in range(5):
                v = t[k] + size
                if v > best[5 + k]:
                    best[5 + k] = v
    result = tuple(v if v >= 0 else NEG for v in best)
    memo[key] = result
    return result


_TABLE_IDS: dict[tuple[int, ...], int] = {}
_TABLES: list[tuple[int, ...]] = []


def _intern(table: tuple[int, ...]) -> int:
    """A small int for a table, so that combined tables can be memoized by a pair of ints."""
    tid = _TABLE_IDS.get(table)
    if tid is None:
        tid = _TABLE_IDS[table] = len(_TABLES)
        _TABLES.append(table)
    return tid


class Component:
    """What the shape checks need to know of one suit's (or the honors') counts."""

    __slots__ = ("key", "seq", "g0", "g1", "pairs", "singles", "tiles", "_table", "_more", "_less")

    def __init__(self, key: Key, seq: bool) -> None:
        self.key = key
        self.seq = seq                      # sequences allowed (m/p/s), not for honors
        self.g0, self.g1 = _win_dp(key, seq)
        self.pairs = sum(c >> 1 for c in key)     # seven pairs: four of a kind are two pairs
        self.singles = sum(c & 1 for c in key)
        self.tiles = sum(key)
        self._table = -1
        self._more: list[Component | None] | None = None    # neighbours, linked on first use
        self._less: list[Component | None] | None = None

    def more(self, i: int) -> Component:
        """This component with one more tile at offset i. The link is kept: a hand followed tile
        by tile (winning.HandShape) or a waits scan builds and hashes each key once."""
        if self._more is None:
            self._more = [None] * len(self.key)
        found = self._more[i]
        if found is None:
            found = self._more[i] = self._changed(i, 1)
        return found

    def less(self, i: int) -> Component:
        """This component with one tile fewer at offset i (it must hold one); the link is kept."""
        if self._less is None:
            self._less = [None] * len(self.key)
        found = self._less[i]
        if found is None:
            found = self._less[i] = self._changed(i, -1)
        return found

    def _changed(self, i: int, change: int) -> Component:
        key = list(self.key)
        key[i] += change
        if key[i] < 0:
            raise ValueError(f"no tile at offset {i} to take from {self.key}")
        return _record(tuple(key), self.seq)

    @property
    def table(self) -> int:
        """The shanten table's id, computed on first use (win checks never need it)."""
        if self._table < 0:
            self._table = _intern(_table_dp(self.key, self.seq))
        return self._table


_SUIT_RECORDS: dict[Key, Component] = {}
_HONOR_RECORDS: dict[Key, Component] = {}

#: The most entries the records and their two programs' memos keep together. They grow with the
#: distinct suits met, and a suit has hundreds of thousands of patterns: a page playing thousands of
#: hands kept every one (~20 MB more per 1,000 hands in bench/soak.py). Past the bound all are let go
#: at once and refill from the hands played next: a cold start's cost, once in many hundred hands.
#: (The tables' ids, _TABLES, stay: a few hundred, and the combined tables are keyed by them.)
MEMO_BOUND = 120_000


def _memo_entries() -> int:
    return (len(_SUIT_RECORDS) + len(_HONOR_RECORDS) + len(_WIN_MEMO[0]) + len(_WIN_MEMO[1])
            + len(_TABLE_MEMO[0]) + len(_TABLE_MEMO[1]))


def _record(key: Key, seq: bool) -> Component:
    memo = _SUIT_RECORDS if seq else _HONOR_RECORDS
    rec = memo.get(key)
    if rec is None:
        if _memo_entries() >= MEMO_BOUND:
            for kept in (_SUIT_RECORDS, _HONOR_RECORDS, *_WIN_MEMO, *_TABLE_MEMO):
                kept.clear()
        rec = memo[key] = Component(key, seq)
    return rec


Records = tuple[Component, Component, Component, Component]


def components(counts: Sequence[int]) -> Records:
    """The four components of a hand: m, p, s, honors (what every check below reads)."""
    try:
        return (_SUIT_RECORDS[tuple(counts[0:9])], _SUIT_RECORDS[tuple(counts[9:18])],
                _SUIT_RECORDS[tuple(counts[18:27])], _HONOR_RECORDS[tuple(counts[27:34])])
    except KeyError:
        return (_record(tuple(counts[0:9]), True), _record(tuple(counts[9:18]), True),
                _record(tuple(counts[18:27]), True), _record(tuple(counts[27:34]), False))


def _check_wild(wild: str) -> None:
    """Raise for a ``wild`` other than "any" / "suited" (hot paths test ``wild in WILDS`` first)."""
    if wild not in WILDS:
        raise ValueError(f"wild must be 'any' or 'suited', not {wild!r}")


# ---------------------------------------------------------------------------------------------
# Golds

def gold_counts(tiles: Iterable[str], gold: str | None, white_replaces: bool = True) -> tuple[list[int], int]:
    """Counts of the natural tiles and the number of golds (Longyan, docs/RULES.md §3 开金, 白板替金).

    Every tile whose code is ``gold`` is a wild gold. With ``white_replaces`` (and a gold other
    than ``5z``) every white dragon is a natural tile of the gold's face.
    """
    return split_golds(counts34(tiles), gold, white_replaces)


def split_golds(counts: list[int], gold: str | None, white_replaces: bool = True) -> tuple[list[int], int]:
    """Physical 34-slot counts -> (natural counts, golds), as gold_counts; `counts` is not changed."""
    if gold is None:
        return counts, 0
    counts = list(counts)
    slot = INDEX[gold]
    golds = counts[slot]
    counts[slot] = 0
    if white_replaces and gold != WHITE_DRAGON:
        white = INDEX[WHITE_DRAGON]
        counts[slot] += counts[white]
        counts[white] = 0
    return counts, golds


# ---------------------------------------------------------------------------------------------
# Winning shapes

def _golds_needed(m: Component, p: Component, s: Component, h: Component, wild: str) -> int:
    """Fewest golds that make the four components one pair plus sets."""
    hg0, hg1 = h.g0, h.g1
    if wild == "suited":        # a gold never stands for an honor: honors must be complete as they are
        hg0 = 0 if hg0 == 0 else INF
        hg1 = 0 if hg1 == 0 else INF
    base = m.g0 + p.g0 + s.g0 + hg0
    return base + min(m.g1 - m.g0, p.g1 - p.g0, s.g1 - s.g0, hg1 - hg0)


def is_standard_win(counts: Sequence[int], golds: int = 0, wild: str = "any") -> bool:
    """Sets plus exactly one pair (melds, already complete, are not passed)."""
    if wild not in WILDS:
        _check_wild(wild)
    m, p, s, h = components(counts)
    if (m.tiles + p.tiles + s.tiles + h.tiles + golds) % 3 != 2:
        return False
    return _golds_needed(m, p, s, h, wild) <= golds


def can_form_sets(counts: Sequence[int], golds: int = 0, wild: str = "any") -> bool:
    """Counts plus golds split exactly into sets (triplets, one-suit sequences). Empty is True.

    A swim check (docs/RULES.md §3 游金): the 14 tiles win with a gold paired to T exactly when
    ``can_form_sets(counts minus one T, golds - 1)``; a double swim: ``can_form_sets(counts, golds - 2)``.
    """
    if wild not in WILDS:
        _check_wild(wild)
    m, p, s, h = components(counts)
    if golds < 0 or (m.tiles + p.tiles + s.tiles + h.tiles + golds) % 3:
        return False
    hg0 = h.g0
    if wild == "suited" and hg0:
        return False
    return m.g0 + p.g0 + s.g0 + hg0 <= golds


def is_seven_pairs(counts: Sequence[int], golds: int = 0, wild: str = "any") -> bool:
    """Fourteen tiles in seven pairs; four identical tiles are two pairs; a gold pairs with any
    allowed tile or with another gold (docs/RULES.md §1)."""
    if wild not in WILDS:
        _check_wild(wild)
    m, p, s, h = components(counts)
    return m.tiles + p.tiles + s.tiles + h.tiles + golds == 14 and _pairs_complete(m, p, s, h, golds, wild)


def _pairs_complete(m: Component, p: Component, s: Component, h: Component, golds: int, wild: str) -> bool:
    """Golds enough to partner every odd tile (14 tiles assumed); a suited gold partners no honor."""
    if wild == "suited":
        return h.singles == 0 and m.singles + p.singles + s.singles <= golds
    return m.singles + p.singles + s.singles + h.singles <= golds


def is_win(counts: Sequence[int], melds: int = 0, golds: int = 0, wild: str = "any",
           seven_pairs: bool = True) -> bool:
    """Standard shape, or seven pairs when there are no melds: the engine's winning check."""
    return components_win(components(counts), melds, golds, wild, seven_pairs)


def components_win(parts: Sequence[Component], melds: int = 0, golds: int = 0, wild: str = "any",
                   seven_pairs: bool = True) -> bool:
    """``is_win`` of a hand given as its four components (``components``)."""
    if wild not in WILDS:
        _check_wild(wild)
    m, p, s, h = parts
    total = m.tiles + p.tiles + s.tiles + h.tiles + golds
    if total % 3 != 2:
        return False
    if _golds_needed(m, p, s, h, wild) <= golds:
        return True
    return seven_pairs and not melds and total == 14 and _pairs_complete(m, p, s, h, golds, wild)


def standard_readings(counts: Sequence[int]) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
    """Every distinct reading of a gold-less hand as one pair plus sets:
    ``(pair index, sorted (("chow", i) | ("pung", i), ...))``; a chow i is i, i+1, i+2."""
    if sum(counts) % 3 != 2:
        return []
    out: set[tuple[int, tuple[tuple[str, int], ...]]] = set()
    work = list(counts)
    for pair in range(34):
        if work[pair] < 2:
            continue
        work[pair] -= 2
        for sets in _set_readings(work, 0):
            out.add((pair, tuple(sorted(sets))))
        work[pair] += 2
    return sorted(out)


def _set_readings(work: list[int], start: int) -> list[list[tuple[str, int]]]:
    i = start
    while i < 34 and not work[i]:
        i += 1
    if i == 34:
        return [[]]
    found: list[list[tuple[str, int]]] = []
    if work[i] >= 3:
        work[i] -= 3
        found += [[("pung", i)] + rest for rest in _set_readings(work, i)]
        work[i] += 3
    if i < 27 and i % 9 <= 6 and work[i + 1] and work[i + 2]:
        work[i] -= 1
        work[i + 1] -= 1
        work[i + 2] -= 1
        found += [[("chow", i)] + rest for rest in _set_readings(work, i)]
        work[i] += 1
        work[i + 1] += 1
        work[i + 2] += 1
    return found


# ---------------------------------------------------------------------------------------------
# Shanten: draws still needed - 1 (0 = ready, -1 = complete)

_CONV: dict[int, int] = {}


def _conv(a: int, b: int) -> int:
    """The table of two components together (max-plus over how the slots are shared)."""
    key = a << 20 | b
    found = _CONV.get(key)
    if found is not None:
        return found
    x, y = _TABLES[a], _TABLES[b]
    out = [NEG] * 10
    for k in range(5):
        plain = with_pair = NEG
        for i in range(k + 1):
            j = k - i
            v = x[i] + y[j]
            if v > plain:
                plain = v
            v = x[5 + i] + y[j]
            if v > with_pair:
                with_pair = v
            v = x[i] + y[5 + j]
            if v > with_pair:
                with_pair = v
        out[k] = plain
        out[5 + k] = with_pair if with_pair >= 0 else NEG
    found = _CONV[key] = _intern(tuple(out))
    return found


_FINAL: dict[tuple[int, int, int, int, bool], int] = {}


def _final(suits: int, honors: int, slots: int, golds: int, suited: bool) -> int:
    """Fewest draws to complete, given the suits' and honors' tables."""
    key = (suits, honors, slots, golds, suited)
    found = _FINAL.get(key)
    if found is not None:
        return found
    s, h = _TABLES[suits], _TABLES[honors]
    best = INF
    for kh in range(slots + 1):
        ks = slots - kh
        for mh, ms in ((3 * kh - h[kh], 3 * ks + 2 - s[5 + ks]),       # pair slot in the suits
                       (3 * kh + 2 - h[5 + kh], 3 * ks - s[ks]),       # pair slot in the honors
                       (3 * kh - h[kh], 3 * ks + 2 - s[ks])):          # pair slot still empty
            need = mh + max(0, ms - golds) if suited else max(0, mh + ms - golds)
            if need < best:
                best = need
    _FINAL[key] = best
    return best


def _standard(m: Component, p: Component, s: Component, h: Component, melds: int, golds: int, wild: str) -> int:
    slots = 4 - melds
    if slots < 0:
        raise ValueError(f"at most 4 melds, not {melds}")
    suits = _conv(_conv(m.table, p.table), s.table)
    return _final(suits, h.table, slots, golds, wild == "suited") - 1


def _seven_pairs(m: Component, p: Component, s: Component, h: Component, golds: int, wild: str) -> int:
    return _pairs_shanten(m.pairs + p.pairs + s.pairs + h.pairs, m.singles + p.singles + s.singles,
                          h.singles, golds, wild)


def _pairs_shanten(pairs: int, suited_singles: int, honor_singles: int, golds: int, wild: str) -> int:
    """Seven pairs' shanten from the hand's pairs and odd tiles (suited, honors) and its golds."""
    slots = 7 - min(7, pairs)
    if wild == "suited":
        single_s, single_h = suited_singles, honor_singles
    else:
        single_s, single_h = suited_singles + honor_singles, 0
    x = min(single_s, golds, slots)          # a gold beside a natural single: a pair
    slots -= x
    golds -= x
    single_s -= x
    y = min(golds // 2, slots)               # two golds: a pair
    slots -= y
    golds -= 2 * y
    z = min(slots, golds + single_s + single_h)   # one own tile, one draw
    return z + 2 * (slots - z) - 1


def shanten_standard(counts: Sequence[int], melds: int = 0, golds: int = 0, wild: str = "any") -> int:
    """Shanten towards (4 - melds) sets plus a pair."""
    _check_wild(wild)
    return _standard(*components(counts), melds, golds, wild)


def shanten_seven_pairs(counts: Sequence[int], golds: int = 0, wild: str = "any") -> int:
    """Shanten towards seven pairs (four of a kind are two pairs)."""
    _check_wild(wild)
    return _seven_pairs(*components(counts), golds, wild)


def shanten(counts: Sequence[int], melds: int = 0, golds: int = 0, wild: str = "any",
            seven_pairs: bool = True) -> int:
    """The lower of the standard and (with no melds) seven-pairs shanten; -1 = complete."""
    return components_shanten(components(counts), melds, golds, wild, seven_pairs)


def components_shanten(parts: Sequence[Component], melds: int = 0, golds: int = 0, wild: str = "any",
                       seven_pairs: bool = True) -> int:
    """``shanten`` of a hand given as its four components (a hand followed tile by tile steps
    between them with ``Component.more`` / ``less``: the analyzer's draw-and-discard table)."""
    _check_wild(wild)
    m, p, s, h = parts
    best = _standard(m, p, s, h, melds, golds, wild)
    if seven_pairs and melds == 0 and best > -1:
        sp = _seven_pairs(m, p, s, h, golds, wild)
        if sp < best:
            best = sp
    return best


def draws_shanten(parts: Sequence[Component], melds: int = 0, golds: int = 0, wild: str = "any",
                  seven_pairs: bool = True) -> list[int]:
    """Every draw of a hand at once: 35 shanten, after one more tile of each kind (0..33, into its
    component: ``components_shanten`` of ``part.more(i)``) and, last, after one more gold. The
    improving tiles (ukeire) of a hand are the draws below its own shanten."""
    _check_wild(wild)
    slots = 4 - melds
    if slots < 0:
        raise ValueError(f"at most 4 melds, not {melds}")
    suited = wild == "suited"
    pairs7 = seven_pairs and melds == 0
    m, p, s, h = parts
    pairs = m.pairs + p.pairs + s.pairs + h.pairs
    single_s, single_h = m.singles + p.singles + s.singles, h.singles
    tables = [m.table, p.table, s.table]
    out: list[int] = []
    for comp, part in enumerate(parts):
        for i in range(len(part.key)):
            more = part.more(i)
            if comp == 3:
                suits, honors = _conv(_conv(tables[0], tables[1]), tables[2]), more.table
            else:
                t = list(tables)
                t[comp] = more.table
                suits, honors = _conv(_conv(t[0], t[1]), t[2]), h.table
            best = _final(suits, honors, slots, golds, suited) - 1
            if pairs7 and best > -1:
                gained = more.singles - part.singles
                sp = _pairs_shanten(pairs + more.pairs - part.pairs, single_s + (gained if comp < 3 else 0),
                                    single_h + (gained if comp == 3 else 0), golds, wild)
                if sp < best:
                    best = sp
            out.append(best)
    out.append(components_shanten(parts, melds, golds + 1, wild, seven_pairs))
    return out


def near(counts: Sequence[int]) -> list[bool]:
    """Kinds held, or suited kinds within two of a held tile of their suit: the only draws that can
    join a held tile in a set or pair (an isolated new tile never completes more than a held one would)."""
    found = [c > 0 for c in counts]
    for k in range(HONOR_BASE):
        if counts[k]:
            pos = k % 9
            for d in (-2, -1, 1, 2):
                if 0 <= pos + d <= 8:
                    found[k + d] = True
    return found


# ---------------------------------------------------------------------------------------------
# Waits

def waits(counts: Sequence[int], melds: int = 0, golds: int = 0, wild: str = "any",
          seven_pairs: bool = True) -> list[int]:
    """Kinds (0..33) whose next copy completes a hand one tile short (standard or seven pairs).

    A kind is listed even if the hand already holds all four copies (callers filter by copies left).
    """
    _check_wild(wild)
    if (sum(counts) + golds) % 3 != 1:
        raise ValueError(f"waits needs a hand one tile short of complete (3n+1 tiles), not {sum(counts) + golds}")
    return components_waits(components(counts), melds, golds, wild, seven_pairs)


def components_waits(parts: Sequence[Component], melds: int = 0, golds: int = 0, wild: str = "any",
                     seven_pairs: bool = True) -> list[int]:
    """``waits`` of a hand given as its four components (3n+1 tiles with the golds, unchecked)."""
    _check_wild(wild)
    recs = list(parts)
    pairs7 = seven_pairs and melds == 0 and sum(r.tiles for r in recs) + golds == 13
    if pairs7:
        odd_s = recs[0].singles + recs[1].singles + recs[2].singles
        odd_h = recs[3].singles
    found: list[int] = []
    for comp in range(4):
        saved = recs[comp]
        for i, held in enumerate(saved.key):
            recs[comp] = saved.more(i)
            ok = _golds_needed(recs[0], recs[1], recs[2], recs[3], wild) <= golds
            if not ok and pairs7:
                flip = -1 if held & 1 else 1
                if comp == 3 and wild == "suited":
                    ok = odd_h + flip == 0 and odd_s <= golds
                elif comp == 3 or wild == "any":
                    ok = odd_s + odd_h + flip <= golds
                else:
                    ok = odd_h == 0 and odd_s + flip <= golds
            if ok:
                found.append(9 * comp + i)
        recs[comp] = saved
    return found
