"""Issue 48 section 4, the words a newcomer read wrong, each checked in the three languages: the help's
worked examples name seats by their winds (not "2号位", counted from 0) and scores by seat (not a
Python list), seven pairs named once (not 将 seven times), melds among the sets read; the help
honours a dark theme; the settlement's "Read as" holds the exposed melds, Xinyu's arithmetic says
where the 2 comes from and says the multiplier once, "对家（南）（点炮）" reads as a sentence; the
hints open without 向听数; the table's centre speaks the page's language; the resume dialog says
which score is the player's; the deal of the day is named on the table; "Tap" only on a touch
screen, and a lesson names buttons only where there are some."""
from __future__ import annotations

import pytest

from pagehelp import base64url, discard_and_keep, idle, open_game, shot

LANGS = ("en", "zh-Hans", "zh-Hant")

# Xinyu, the player deals with a melded pong of the White dragon and a self-draw win in hand.
MELDED = {"variant": "xinyu", "dealer": 0, "melds": [["pong 6z"], [], [], []],
          "hands": ["123456m12355p", "1112223334445z", "6667778889995s", "4666777888999p"]}
# Longyan, the dealer (Left) discards the South wind, which the player waits on.
DEALER_DISCARDS = {"variant": "longyan", "dealer": 3, "gold": "9p",
                   "hands": ["123m456p789s1112z", "258m369p147s3z4z6z7z", "369m147p258s3z4z6z7z", "147m258p369s2z3z4z6z7z"],
                   "history": [[3, "discard 2z"], [0, "pass"]]}

HELP = {
    "en": {"wins": "West wins", "dealer": "East (dealer)", "deltas": "Scores of the hand: East -2, South -2, West +6, North -2",
           "seven": "seven pairs", "pair": "pair", "meld": "pong (melded)"},
    "zh-Hans": {"wins": "西家胡", "dealer": "东家（庄家）", "deltas": "本局得分：东家 -2，南家 -2，西家 +6，北家 -2",
                "seven": "七小对", "pair": "将", "meld": "碰"},
    "zh-Hant": {"wins": "西家胡", "dealer": "東家（莊家）", "deltas": "本局得分：東家 -2，南家 -2，西家 +6，北家 -2",
                "seven": "七小對", "pair": "將", "meld": "碰"},
}


def test_the_helps_worked_examples_name_seats_and_sets_as_a_player_would(page, site, console_errors, output_path):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site.url + "help.html")
    page.wait_for_function("() => document.body.dataset.examples", timeout=30_000)
    for lang in LANGS:
        want = HELP[lang]
        heads = page.eval_on_selector_all(f"#{lang} .example h4", "xs => xs.map(x => x.textContent)")
        assert want["wins"] in heads[0], heads
        text = page.inner_text(f"#{lang} .examples") if page.locator(f"#{lang} .examples").count() else \
            " ".join(page.eval_on_selector_all(f"#{lang} .example", "xs => xs.map(x => x.textContent)"))
        assert "号位" not in text and "號位" not in text and "Seat " not in text, text
        deltas = page.eval_on_selector_all(f"#{lang} .example .deltas", "xs => xs.map(x => x.textContent)")
        assert deltas[0] == want["deltas"], deltas
        assert not any("[" in d for d in deltas), deltas
        # the first example's pong of Red is one of its sets, labelled as a meld
        first = page.eval_on_selector_all(f"#{lang} .example:nth-of-type(1) .reading .set-name", "xs => xs.map(x => x.textContent)")
        names = page.evaluate("""(lang) => [...document.querySelectorAll(`#${lang} .example`)].map((e) =>
            [...e.querySelectorAll('.reading .set-name')].map((x) => x.textContent))""", lang)
        assert want["meld"] in names[0], names[0]
        assert len(names[0]) == 5, names[0]  # three runs, the pair, the melded pong
        # seven pairs: named once, no "pair" seven times
        sevens = [n for n in names if want["seven"] in n]
        assert sevens and all(n == [want["seven"]] for n in sevens), names
        del first
        # the dealer is named as such where a dealer pays or wins
        assert any(want["dealer"] in x for x in page.eval_on_selector_all(f"#{lang} .example", "xs => xs.map(x => x.textContent)"))
    shot(page, output_path, "help-light")
    # a dark theme asked for (or the reader's preference) is honoured
    page.goto(site.url + "help.html?theme=dark#zh-Hans")
    page.wait_for_function("() => document.body.dataset.examples", timeout=30_000)
    page.locator("#zh-Hans .example").first.scroll_into_view_if_needed()
    shot(page, output_path, "help-dark")
    lum = page.evaluate("""() => { const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
        const [ir, ig, ib] = getComputedStyle(document.body).color.match(/\\d+/g).map(Number);
        const [er, eg, eb] = getComputedStyle(document.querySelector('#zh-Hans .example')).backgroundColor.match(/\\d+/g).map(Number);
        return [r + g + b, ir + ig + ib, er + eg + eb]; }""")
    assert lum[0] < 200 and lum[1] > 500 and lum[2] < 250, lum
    page.emulate_media(color_scheme="dark")
    page.goto(site.url + "help.html")
    assert page.evaluate("() => document.documentElement.classList.contains('dark')")
    assert console_errors == []


SETTLE = {
    "en": {"meld": "pong (melded)", "sum": "total multiplier M = 1; a self-draw is paid 2 × M by each, so each pays 2",
           "discarder": "Discard win, with base b = 1: the others pay b = 1 each, Left (East), the dealer who discarded it, pays 2b + 1 = 3"},
    "zh-Hans": {"meld": "碰", "sum": "总倍数 M = 1；自摸每家付 2 × M，即每家付 2",
                "discarder": "胡牌，底分 b = 1：其他人各付 b = 1，上家（东）是庄家又点炮，付 2b + 1 = 3"},
    "zh-Hant": {"meld": "碰", "sum": "總倍數 M = 1；自摸每家付 2 × M，即每家付 2",
                "discarder": "胡牌，底分 b = 1：其他人各付 b = 1，上家（東）是莊家又點炮，付 2b + 1 = 3"},
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_settlement_reads_the_melds_says_the_multiplier_once_and_names_the_discarder_plainly(page, site, console_errors, output_path, lang):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, f"position={base64url(MELDED)}&hands=1&speed=instant&lang={lang}")
    page.click('#actions button[data-action="win"]')
    page.wait_for_selector("#settle .arithmetic", timeout=15_000)
    names = page.eval_on_selector_all("#settle .reading .set-name", "xs => xs.map(x => x.textContent)")
    assert names[-1] == SETTLE[lang]["meld"] and len(names) == 5, names  # four sets and the pair, the pong among them
    assert page.text_content("#settle .arithmetic") == SETTLE[lang]["sum"]
    assert page.locator("#settle .line.total").count() == 0  # the multiplier is said in the arithmetic only
    shot(page, output_path, f"xinyu-{lang}")
    open_game(page, site, f"position={base64url(DEALER_DISCARDS)}&speed=instant&lang={lang}")
    page.click('#actions button[data-action="win"]')
    page.wait_for_selector("#settle .arithmetic", timeout=15_000)
    assert page.text_content("#settle .arithmetic") == SETTLE[lang]["discarder"]
    assert "）（" not in page.inner_text("#settle")
    assert console_errors == []


TABLE = {
    "en": {"winds": {"E", "S", "W", "N"}, "daily": "Deal of the day", "you": "You 0", "away": "away from ready"},
    "zh-Hans": {"winds": {"东", "南", "西", "北"}, "daily": "每日一局", "you": "你 0", "away": "步听牌"},
    "zh-Hant": {"winds": {"東", "南", "西", "北"}, "daily": "每日一局", "you": "你 0", "away": "步聽牌"},
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_speaks_the_pages_language_and_names_what_is_whose(page, site, console_errors, output_path, lang):
    """The centre's winds, the hints' first line, the deal of the day on the status line, and the
    resume dialog's scores by seat."""
    want = TABLE[lang]
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, site, f"variant=xinyu&seed=5&hints=1&speed=instant&lang={lang}")
    s = idle(page)
    while not s["human"]:
        s = idle(page)
    assert set(page.evaluate("() => window.mahjong._renderer.windLabels")) == want["winds"]
    page.wait_for_selector("#hints:not([hidden]) .line")
    hints = page.inner_text("#hints")
    assert "向听" not in hints and "向聽" not in hints and "Tiles from ready" not in hints, hints
    first = page.eval_on_selector_all("#hints .line", "xs => xs.map(x => x.textContent)")
    assert first and want["away"] in " ".join(first), first
    # the resume dialog: which score is the player's
    discard_and_keep(page, 2)
    page.reload()
    page.wait_for_selector("#resume-continue", timeout=90_000)
    row = page.inner_text(".saves li span")
    assert want["you"] in row, row
    shot(page, output_path, f"resume-{lang}")
    page.click("#resume-new")
    page.wait_for_function("() => window.mahjong && window.mahjong.state && window.mahjong.state()")
    # the deal of the day, named on the table
    page.goto(site.url + f"?daily&hands=1&variant=xinyu&lang={lang}&speed=instant")
    page.wait_for_function("() => window.mahjong && window.mahjong.state && window.mahjong.state()", timeout=90_000)
    assert page.inner_text("#status").startswith(want["daily"]), page.inner_text("#status")
    assert console_errors == []


def test_a_lesson_says_click_on_a_desktop_tap_on_a_phone_and_buttons_only_where_there_are_some(browser, site, output_path):
    words = {"discard": "{verb} a tile to discard it.", "discardOr": "{verb} a tile to discard it, or choose an action below.",
             "actOnly": "Choose one of the actions below."}
    seen = set()
    for touch in (False, True):
        verb = "Tap" if touch else "Click"
        context = browser.new_context(viewport={"width": 390 if touch else 1280, "height": 844 if touch else 800},
                                      has_touch=touch, is_mobile=touch)
        page = context.new_page()
        try:
            for lesson, step in ((2, 4), (5, 2), (5, 3), (7, 2)):
                page.goto(site.url + f"learn.html#rules=longyan&lesson={lesson}&step={step}&lang=en")
                page.reload()
                page.wait_for_function("() => window.learn && true")
                page.evaluate("window.learn.ready")
                page.wait_for_selector("#hand button")
                page.wait_for_function("() => document.querySelector('#prompt').textContent")
                tiles = page.locator("#hand button:not([disabled])").count()
                buttons = page.locator("#choices button").count()
                kind = "actOnly" if not tiles else "discardOr" if buttons else "discard"
                seen.add(kind)
                assert page.inner_text("#prompt") == words[kind].format(verb=verb), (lesson, step, kind)
                shot(page, output_path, f"lesson-{lesson}-{step}-{verb}")
        finally:
            context.close()
    assert "discard" in seen and len(seen) >= 2, seen
