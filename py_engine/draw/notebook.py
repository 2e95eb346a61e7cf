"""A hand, a position and a settlement that show themselves in Jupyter (_repr_svg_, _repr_html_).

    Hand("123m456p789s11z|pong 7z from left|gold 5m", lang="zh-Hans")
    Position(game)              # every seat's hand, melds, flowers and pond, as `seat` may see them
    Settlement(game)            # a finished hand: the winner's hand, its category and the payments

They read the engine's documented dicts (Game.observation, Game.result: API.md, OBSERVATION.md),
so a notebook shows what the page shows, in the reader's language, with the page's tile art.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Protocol

from ..teach.words import LANGS, say, tile_name
from .faces import esc
from .notation import Discard, Drawn, HandSpec, Meld, NotationError, format_hand, parse_hand
from .svg import SIZE, alt_text, check_spec, hand_svg

__all__ = ["Hand", "Position", "Settlement", "seat_spec"]

#: whom a claimed tile came from, by (giver - owner) % 4 (web/table/draw.js)
_RELATIVE = {1: "right", 2: "across", 3: "left"}


class _GameLike(Protocol):
    def observation(self, seat: int | None) -> Any: ...

    @property
    def result(self) -> dict[str, Any] | None: ...


def _check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGS)})")
    return lang


class Hand:
    """A hand in the notation of <mj-hand>, drawn where it is shown (a notebook, `str(hand.svg())`)."""

    def __init__(self, notation: str | HandSpec, *, size: float = SIZE["none"], theme: str = "transparent",
                 lang: str = "en", rows: int = 0, max_width: float | None = None) -> None:
        lang = _check_lang(lang)
        try:
            self.spec = parse_hand(notation) if isinstance(notation, str) else check_spec(notation)
        except NotationError as error:
            error.lang = lang  # a notebook shows the error's sentence, in the reader's language
            raise
        self.size, self.theme, self.lang, self.rows, self.max_width = size, theme, lang, rows, max_width
        self.svg()  # a bad hand or option is said now, not when first shown

    @property
    def notation(self) -> str:
        return format_hand(self.spec)

    def svg(self) -> str:
        return hand_svg(self.spec, size=self.size, theme=self.theme, lang=self.lang, rows=self.rows,
                        max_width=self.max_width)

    def alt(self) -> str:
        return alt_text(self.spec, self.lang)

    def __repr__(self) -> str:
        return f"Hand({self.notation!r})"

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        return f'<figure class="mj-hand" style="margin:0">{self.svg()}</figure>'


def seat_spec(observation: dict[str, Any], seat: int, *, pond: bool = True) -> HandSpec:
    """One seat of an observation as a hand diagram: its concealed tiles (face down where the viewer
    may not see them), the tile it just drew apart, its melds with the claimed tile turned toward
    its giver, its flowers, the gold, and its discards."""
    hand = observation["hands"][seat]
    codes = list(hand) if hand is not None else ["back"] * observation["hand_counts"][seat]
    drawn = None
    if observation.get("drawn") and observation.get("drawn_seat") == seat and hand is not None \
            and observation["drawn"] in codes:
        codes.remove(observation["drawn"])
        drawn = Drawn(observation["drawn"])
    melds = []
    for m in observation["melds"][seat]:
        giver = m.get("from")
        source = _RELATIVE.get((giver - seat) % 4) if giver is not None and m["type"] != "concealed_kong" else None
        if m["tile"] is None:  # another seat's concealed kong, before the hand is over
            melds.append(Meld("concealed_kong", "back"))
        else:
            melds.append(Meld(m["type"], m["tile"], source))
    discards = [Discard(d["tile"] or "back", bool(d.get("claimed"))) for d in observation["discards"][seat]] if pond else []
    gold = observation.get("gold")
    return HandSpec(hand=codes, melds=melds, drawn=drawn, flowers=list(observation["flowers"][seat]), gold=gold,
                    gold_shown=False, pond=discards)


def _seat_name(observation: dict[str, Any], seat: int, lang: str, viewer: int | None | str = "observation") -> str:
    """A seat's name and wind, as the page says it: from the viewer's seat (你, 下家, 对家, 上家), or
    for a spectator (下方, 右方, 上方, 左方); Position and Settlement name seats alike."""
    if viewer == "observation":
        viewer = observation.get("seat")
    who = say(lang, f"seat.{(seat - viewer) % 4}") if isinstance(viewer, int) else say(lang, f"seat.spectator.{seat}")
    return say(lang, "seat.withWind", seat=who, wind=say(lang, f"wind.{observation['seat_winds'][seat]}"))


class Position:
    """A table as one seat sees it (`seat`; None: a spectator; every hand once it is over), each seat
    a row: its name and wind, then its hand, melds, flowers and discards; the gold beside."""

    def __init__(self, game: _GameLike | dict[str, Any], seat: int | None = 0, *, size: float = 28,
                 lang: str = "en") -> None:
        self.observation = game if isinstance(game, dict) else game.observation(seat)
        self.size = size
        self.lang = _check_lang(lang)

    def rows(self) -> list[tuple[str, HandSpec]]:
        obs = self.observation
        return [(_seat_name(obs, s, self.lang), seat_spec(obs, s)) for s in range(4)]

    def _repr_html_(self) -> str:
        try:
            return self._html()
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"not an observation as Game.observation gives it: {error!r}"[:300]) from None

    def _html(self) -> str:
        lang = self.lang
        out = [f'<div class="mj-position" lang="{esc(lang)}">']
        gold = self.observation.get("gold")
        if gold:
            out.append(f"<p>{hand_svg(f'|gold {gold}', size=self.size, lang=lang)} "
                       f"{esc(say(lang, 'alt.gold', tile=tile_name(gold, lang)))}</p>")
        for name, spec in self.rows():
            if spec.is_empty and not spec.pond:
                out.append(f"<p><b>{esc(name)}</b></p>")
                continue
            shown = spec if not spec.is_empty else HandSpec(pond=spec.pond)
            out.append(f'<p><b>{esc(name)}</b><br>{hand_svg(shown, size=self.size, lang=lang)}</p>')
        out.append("</div>")
        return "".join(out)


def _signed(n: object) -> str:
    """A change of score: +12, -4, 0 (anything but a whole number written as it is, escaped where shown)."""
    return f"{n:+d}" if type(n) is int else str(n)


class Settlement:
    """A finished hand: each winner's hand (the winning tile outlined, apart), its category,
    patterns and multiplier, then every payment and each seat's change, in the reader's language."""

    def __init__(self, game: _GameLike, seat: int | None = 0, *, size: float = 32, lang: str = "en") -> None:
        if game.result is None:
            raise ValueError("the hand is not over: a settlement needs game.result")
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
            raise ValueError(f"seat is the reader's seat, 0-3, or None (a spectator), not {seat!r}"[:200])
        self.result: dict[str, Any] = game.result
        self.observation = game.observation(None)  # once over, every hand is shown
        self.seat = seat  # whom the seats are named from, as Position names them
        self.size = size
        self.lang = _check_lang(lang)

    def winner_spec(self, win: dict[str, Any]) -> HandSpec:
        seat = win["seat"]
        spec = seat_spec(self.observation, seat, pond=False)
        from_seat = self.result.get("discarder")
        concealed = parse_hand(win["hand"]).hand
        drawn = None
        if win.get("tile"):
            left = Counter(concealed)
            if left[win["tile"]]:
                concealed.remove(win["tile"])
                source = _RELATIVE.get((from_seat - seat) % 4) if from_seat is not None and from_seat != seat else None
                drawn = Drawn(win["tile"], True, source)
        gold = self.observation.get("gold")
        return HandSpec(hand=concealed, melds=spec.melds, drawn=drawn, flowers=spec.flowers, gold=gold,
                        gold_shown=bool(gold))

    def _name(self, seat: int) -> str:
        return _seat_name(self.observation, seat, self.lang, self.seat)

    def _repr_html_(self) -> str:
        try:
            return self._html()
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"not a result as Game.result gives it: {error!r}"[:300]) from None

    def _html(self) -> str:
        lang, result = self.lang, self.result
        out = [f'<div class="mj-settlement" lang="{esc(lang)}">']
        if not result["wins"]:
            out.append(f"<p>{esc(say(lang, 'settle.drawn'))}</p>")
        for win in result["wins"]:
            head = say(lang, "settle.winner", seat=self._name(win["seat"]))
            category = say(lang, f"category.{win['category']}")
            patterns = [say(lang, f"pattern.{p}") for p in win.get("patterns", [])]
            if "pattern_multipliers" in win:
                measure = say(lang, "settle.total", m=win["multiplier"])
            elif win.get("base") is not None:
                measure = say(lang, "settle.base", b=win["base"])
            else:
                measure = say(lang, "settle.fixed")
            line = say(lang, "alt.sep").join([category, *patterns])
            out.append(f"<p><b>{esc(head)}</b> — {esc(line)} · {esc(measure)}<br>"
                       f"{hand_svg(self.winner_spec(win), size=self.size, lang=lang)}</p>")
        rows = []
        for p in result["payments"]:
            reason = say(lang, f"payment.{p['reason']}")
            if p.get("tile"):
                reason = say(lang, "payment.ofTile", reason=reason, tile=tile_name(p["tile"], lang))
            rows.append(f"<tr><td>{esc(self._name(p['from']))}</td><td>{esc(self._name(p['to']))}</td>"
                        f"<td>{esc(p['amount'])}</td><td>{esc(reason)}</td></tr>")
        if rows:
            head = "".join(f"<th>{esc(say(lang, f'settle.{k}'))}</th>" for k in ("from", "to", "amount", "reason"))
            out.append(f"<table><caption>{esc(say(lang, 'settle.payments'))}</caption><tr>{head}</tr>{''.join(rows)}</table>")
        else:
            out.append(f"<p>{esc(say(lang, 'settle.noPayments'))}</p>")
        deltas = "".join(f"<tr><td>{esc(self._name(s))}</td><td>{esc(_signed(result['deltas'][s]))}</td>"
                         f"<td>{esc(result['scores'][s])}</td></tr>" for s in range(4))
        head = "".join(f"<th>{esc(say(lang, f'settle.{k}'))}</th>" for k in ("player", "delta", "score"))
        out.append(f"<table><tr>{head}</tr>{deltas}</table></div>")
        return "".join(out)

