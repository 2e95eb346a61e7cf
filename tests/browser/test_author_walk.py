"""A tutorial author's walk across the pages (session 24): what they paste, read, share and open
again. Each test is a probe that found a seam: the analyzer's sentences in Chinese, a link that
lost its language after the first edit, a puzzle's verdict that said the verb twice."""
from __future__ import annotations

import re

from test_tutorial_pages import edit, open_analyzer, open_puzzle

LATIN = re.compile(r"[A-Za-z]{2,}")


def error_text(page) -> str:
    """The hand's error line, without the hand's own text (shown after it, marked)."""
    return page.evaluate("() => { const e = document.getElementById('hand-error');"
                         " return [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim(); }")


def test_the_analyzers_input_errors_read_as_sentences_in_each_language(page, site, console_errors):
    """A hand of the wrong length said "13 or 14" inside a Chinese sentence; a flower in the hand
    told the author to write "|flowers 春" (a tile's name is not notation)."""
    open_analyzer(page, site, "v=xinyu&lang=zh-Hans")
    edit(page, "123m456p789s11z")
    said = error_text(page)
    assert said == "有这些副露时手牌应为13或14张，不是11张", said
    edit(page, "123m456p789s11z|pong 7z|pong 6z")
    assert error_text(page) == "有这些副露时手牌应为7或8张，不是11张"
    page.select_option("#lang", "en")
    edit(page, "123m456p789s11z")
    assert error_text(page) == "With these melds the hand holds 13 or 14 tiles, not 11"
    page.select_option("#lang", "zh-Hant")
    page.select_option("#variant", "longyan")
    edit(page, "123m456p789s1z1f|gold 5m")
    said = error_text(page)
    assert said.startswith("花牌要補掉，不在手牌裡（春）") and "|flowers 春" not in said, said
    assert "|flowers" in said
    page.select_option("#lang", "en")
    edit(page, "123m456p789s1z1f|gold 5m")
    said = error_text(page)
    assert "Spring" in said and "|flowers Spring" not in said, said
    assert console_errors == []


def test_a_swim_the_hand_cannot_declare_says_why(page, site, console_errors):
    """A complete Longyan hand asked as a swim with no gold to swim on said only "This hand does
    not win": no reason at all."""
    open_analyzer(page, site, "v=longyan&h=11112222333344m%7Cgold%209m&win=swim&lang=en")
    page.wait_for_selector("#result[data-full=true] .verdict.no")
    why = page.text_content("#result .why")
    assert why == "No single swim here: it needs a winning hand whose pair is a gold and one other tile.", why
    page.select_option("#level", "2")
    page.wait_for_function("() => document.querySelector('#result .why')?.textContent.includes('two golds')")
    page.select_option("#lang", "zh-Hans")
    page.wait_for_function("() => document.querySelector('#result .why')?.textContent.startsWith('这里不能双游')")
    assert not LATIN.search(page.text_content("#result .why"))
    assert console_errors == []


def test_an_analyzer_link_keeps_its_language_and_look_after_an_edit(page, site, console_errors):
    """The hash the analyzer writes after each edit dropped `lang` and `theme`: the link copied from
    the address bar, or the page reloaded, opened in another language and look."""
    open_analyzer(page, site, "v=longyan&h=123456p789s111z5m5m%7Cgold%205m&win=swim&level=2&lang=zh-Hant&theme=dark")
    edit(page, "123456p789s111z5m9m|gold 5m")
    page.wait_for_function("() => location.hash.includes('5m9m')")
    assert "lang=zh-Hant" in page.url and "theme=dark" in page.url, page.url
    # the language the reader picks on the page is the link's from then on (over the query's)
    page.goto("about:blank")
    page.goto(site.url + "analyze.html?lang=zh-Hans#v=xinyu&h=11223344556677m")
    page.wait_for_function("() => window.analyzer && true")
    page.evaluate("window.analyzer.ready")
    page.select_option("#lang", "en")
    page.wait_for_function("() => location.hash.includes('lang=en')")
    link = page.url
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_function("() => window.analyzer && true")
    page.evaluate("window.analyzer.ready")
    page.wait_for_selector("#result[data-full=true] .verdict")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.text_content("#result .verdict") == "This hand wins"
    assert page.input_value("#hand") == "11223344556677m"
    assert console_errors == []


def test_a_puzzle_link_keeps_its_language_and_says_the_engines_choice_once(page, site, console_errors):
    """The puzzle page rewrote `#set=…&n=…&lang=zh-Hans` without its language; its verdict in
    Chinese said the verb twice ("引擎也打打东风")."""
    current = open_puzzle(page, site, "set=longyan&n=3&lang=zh-Hans&theme=dark")
    assert page.url.endswith("#set=longyan&n=3&lang=zh-Hans&theme=dark"), page.url
    page.click(f"#choices button[data-action='{current['answer']}']")
    said = page.text_content("#verdict p")
    assert said == "答对了：引擎也选了打东风。", said
    page.click("#retry")
    wrong = next(a for a in current["rows"] if a != current["answer"])
    page.wait_for_selector(f"#choices button[data-action='{wrong}']")
    page.click(f"#choices button[data-action='{wrong}']")
    said = page.text_content("#verdict p")
    assert said.startswith("引擎选的是打东风，不是打") and "打打" not in said, said
    page.select_option("#lang", "en")           # an action's name is a label: not inside an English sentence
    assert page.text_content("#verdict p").startswith("The engine's choice: Discard East Wind. Yours: Discard ")
    page.click("#retry")
    page.wait_for_selector(f"#choices button[data-action='{current['answer']}']")
    page.click(f"#choices button[data-action='{current['answer']}']")
    assert page.text_content("#verdict p") == "Right. The engine's choice too: Discard East Wind."
    page.select_option("#lang", "zh-Hant")
    page.click("#next")
    page.wait_for_function("() => window.puzzles.current().id === 'longyan-04'")
    assert page.url.endswith("#set=longyan&n=4&lang=zh-Hant&theme=dark"), page.url
    assert console_errors == []


def test_a_puzzles_choices_stand_in_the_hands_order_not_the_engines_ranking(page, site, console_errors):
    """The choice buttons came in the engine's ranked order: the first one was always the answer.
    A moment of the game made a puzzle (the share dialog's link) showed the swim first of all."""
    current = open_puzzle(page, site, "set=longyan&n=3&lang=en")
    buttons = page.eval_on_selector_all("#choices button", "bs => bs.map(b => b.dataset.action)")
    assert sorted(buttons) == sorted(current["rows"])
    assert buttons != current["rows"] and buttons[0] != current["answer"], buttons
    hand = page.eval_on_selector_all("#hand img.tile", "imgs => imgs.map(i => i.alt)")
    discards = [b for b in buttons if b.startswith("discard ")]
    names = page.eval_on_selector_all("#choices button", "bs => bs.filter(b => b.dataset.action.startsWith('discard ')).map(b => b.getAttribute('aria-label').replace(/^Discard /, ''))")
    assert [hand.index(n) for n in names] == sorted(hand.index(n) for n in names), (names, hand)
    assert buttons[:len(discards)] == discards       # the tiles first, the words (swim, kong, win) after
    assert console_errors == []


def test_a_damaged_replay_is_said_in_the_readers_language_and_its_link_keeps_the_language(page, site, console_errors):
    """On a Chinese page a replay file that is not JSON, a replay of no known form and one with an
    illegal action were reported with the engine's English ("not a mahjong replay (its 'format'
    …)", "seat 0 cannot act now"); the viewer's "copy replay link" left `lang` behind, so the link
    opened in another language."""
    from test_replay_viewer import SHOWN, bad_player_replay, link_for, open_viewer
    import json as _json
    notice = "() => window.mahjong.replay.notice()"
    open_viewer(page, site, query="lang=zh-Hans")
    files = [
        ("y.json", b"{not json", "这个文件不是回放：y.json 不是 JSON 文件"),
        ("x.json", b'{"a": 1}', "回放数据有误：内容不是游戏导出的格式"),
        ("z.json", _json.dumps({**bad_player_replay(), "variant": "riichi"}).encode(), "回放数据有误：内容不是游戏导出的格式"),
    ]
    for name, body, said in files:
        page.set_input_files("#rp-file", files=[{"name": name, "mimeType": "application/json", "buffer": body}])
        page.wait_for_function(f"() => window.mahjong.replay.notice() === {_json.dumps(said)}")
    data = bad_player_replay()
    data["hands"][0]["actions"][20] = [data["hands"][0]["actions"][20][0], "discard 9z"]
    page.goto(link_for(page, site, data) + "&lang=zh-Hant")
    page.wait_for_function(SHOWN, timeout=90_000)
    assert page.evaluate(notice) == "回放停在第 1 局第 21 步：記錄的這一步不合規則"
    assert page.evaluate("() => window.mahjong.replay.where()")["step"] == 20
    # the English page keeps the engine's own detail
    page.goto("about:blank")
    page.goto(link_for(page, site, data) + "&lang=en")
    page.wait_for_function(SHOWN, timeout=90_000)
    assert "stops at hand 1, action 21" in page.evaluate(notice) and "discard 9z" in page.evaluate(notice)
    # the link the viewer copies opens in the viewer's language
    page.goto("about:blank")
    open_viewer(page, site, query="lang=zh-Hant")
    page.set_input_files("#rp-file", files=[{"name": "good.json", "mimeType": "application/json",
                                             "buffer": _json.dumps(bad_player_replay()).encode()}])
    page.wait_for_function("() => window.mahjong.replay.where().steps > 0")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => window.mahjong.replay.where().step === 1")
    page.click("#rp-link")
    page.wait_for_function("() => location.hash.startsWith('#r=')")
    link = page.url
    assert "lang=zh-Hant" in link, link
    fresh = page.context.browser.new_context().new_page()
    fresh.goto(link)
    fresh.wait_for_function(SHOWN, timeout=90_000)
    assert fresh.evaluate("document.documentElement.lang") == "zh-Hant"
    assert fresh.evaluate("() => window.mahjong.replay.where()")["step"] == 1
    fresh.context.close()
    assert console_errors == []


def test_the_readmes_diagram_iframe_fits_its_own_height_on_another_origin(page, site, console_errors):
    """The author's guide's tiles.html snippet (docs/embedding.md), pasted as it is into a page of
    another origin: its frame was 80 px high for a diagram of 91 (the download buttons cut in half)."""
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[2] / "docs" / "embedding.md").read_text(encoding="utf-8")
    snippet = re.search(r'<iframe src="https://<user>\.github\.io/<repository>/(tiles\.html#[^"]+)"\s+'
                        r'width="(\d+)" height="(\d+)"', readme)
    assert snippet, "the author's guide's tiles.html iframe"
    src, width, height = snippet.group(1).replace("&amp;", "&"), int(snippet.group(2)), int(snippet.group(3))
    root = Path(site.dist).parent
    (root / "snippet.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'></head><body>"
        "<script>window.got=[];addEventListener('message',e=>{if(e.data&&e.data.source==='mahjong')got.push(e.data)})</script>"
        f"<iframe src='{site.url}{src}' width='{width}' height='{height}' style='border:0'></iframe></body></html>",
        encoding="utf-8")
    page.goto(site.parent_url.replace("parent.html", "snippet.html"))   # localhost: another origin than the site's
    page.wait_for_function("() => window.got.some(m => m.type === 'height' && m.detail.height > 40)")
    needed = max(m["detail"]["height"] for m in page.evaluate("window.got") if m["type"] == "height")
    assert needed <= height, f"the diagram needs {needed} px, the guide's frame gives {height}"
    assert console_errors == []


def test_seats_are_named_with_the_languages_own_brackets_and_colon(page, site, console_errors):
    """The analyzer's settlement and a puzzle's discards named seats "玩家1 (庄家)" and "玩家1 (你): ":
    English brackets and colon inside Chinese."""
    open_analyzer(page, site, "v=xinyu&h=11223344556677m&dealer=1&lang=zh-Hans")
    page.wait_for_selector("#result table.scores")
    names = page.eval_on_selector_all("#result table.scores tbody tr td:first-child", "tds => tds.map(td => td.textContent)")
    assert "玩家1（你、庄家）" in names, names
    assert not any("(" in n or ")" in n for n in names), names
    open_puzzle(page, site, "set=longyan&n=7&lang=zh-Hant")
    lines = page.eval_on_selector_all("#discards div div", "ds => ds.map(d => d.firstChild.textContent)")
    assert lines and all(line.endswith("：") and ":" not in line and "(" not in line for line in lines), lines
    assert any(line.endswith("（你）：") for line in lines), lines
    assert console_errors == []


ENGLISH_WORD = re.compile(r"\b(?!(?:JSON|SVG|PNG)\b)[A-Za-z]{3,}\b")
NAMED = """() => [...document.querySelectorAll('[aria-label],[title],[alt],[placeholder]')]
    .filter(e => !e.closest('[hidden]') && !e.closest('[lang="en"]'))
    .map(e => ['aria-label', 'title', 'alt', 'placeholder'].map(a => e.getAttribute(a)).filter(Boolean).join(' | '))"""


def test_what_a_screen_reader_hears_on_the_authors_pages_is_in_the_pages_language(page, site, console_errors):
    """The language menus of analyze.html, puzzle.html and learn.html were named "Language" on a Chinese page;
    the replay viewer's table was named with the game's "Enter discards; the claim buttons follow"
    (nothing is played there) and its progress bar "Loading the game engine"."""
    from test_replay_viewer import SHOWN
    for path in ("analyze.html#lang=zh-Hant&v=longyan&h=123m456p789s1z5m4p4p3s%7Cgold%205m",
                 "puzzle.html#set=longyan&n=7&lang=zh-Hant", "replay.html?lang=zh-Hant", "tiles.html#123m%7Cgold%205m?lang=zh-Hant",
                 "learn.html#lang=zh-Hant"):
        page.goto("about:blank")
        page.goto(site.url + path)
        if path.startswith("analyze"):
            page.wait_for_function("() => window.analyzer && true")
            page.evaluate("window.analyzer.ready")
        elif path.startswith("puzzle"):
            page.wait_for_function("() => window.puzzles && true")
            page.evaluate("window.puzzles.ready")
        elif path.startswith("replay"):
            page.wait_for_function(SHOWN, timeout=90_000)
        elif path.startswith("learn"):
            page.wait_for_function("() => window.learn && true")
            page.wait_for_selector("#lang option", state="attached")
        english = [n for n in page.evaluate(NAMED) if ENGLISH_WORD.search(n)]
        assert english == [], (path, english)
    assert console_errors == []


def test_a_replay_link_past_the_replays_end_says_what_it_shows(page, site, console_errors):
    """A replay link with a hand or an action the replay does not have (an author editing
    `&hand=` or `&step=` by hand) opened another moment with no word."""
    from test_replay_viewer import SHOWN, bad_player_replay, link_for
    data = bad_player_replay()
    steps = len(data["hands"][0]["actions"])
    link = link_for(page, site, data, hand=0, step=3)
    for hash_tail, said, where in (
            ("&hand=7&step=3&lang=zh-Hans", "这个回放没有第 8 局（共 1 局）：显示第 1 局。", 3),
            ("&hand=0&step=999&lang=en", f"Hand 1 has no action 999 (it has {steps}): its end is shown.", steps),
            ("&hand=0&step=3&lang=en", "", 3)):
        page.goto("about:blank")
        page.goto(link.split("&hand=")[0] + hash_tail)
        page.wait_for_function(SHOWN, timeout=90_000)
        assert page.evaluate("() => window.mahjong.replay.notice()") == said, hash_tail
        assert page.evaluate("() => window.mahjong.replay.where()")["step"] == where
    assert console_errors == []


def test_the_rules_and_the_replay_send_their_reader_to_the_game_in_their_language(page, site, console_errors):
    """A tutorial links help.html?lang=zh-Hant; its "▶ 開始" (and the replay viewer's "back to the
    game") opened index.html bare: a reader whose browser speaks English got the game in English."""
    from test_replay_viewer import SHOWN
    context = page.context.browser.new_context(locale="en-US")
    reader = context.new_page()
    reader.goto(site.url + "help.html?lang=zh-Hant")
    reader.wait_for_function("() => document.getElementById('play').textContent === '▶ 開始'")
    reader.click("nav a[href='#zh-Hans']")
    reader.wait_for_function("() => document.documentElement.lang === 'zh-Hans'")
    reader.click("#play")
    reader.wait_for_url("**/index.html?lang=zh-Hans")
    assert reader.evaluate("document.documentElement.lang") == "zh-Hans"
    reader.goto(site.url + "replay.html?lang=zh-Hant")
    reader.wait_for_function(SHOWN, timeout=90_000)
    assert reader.get_attribute("#rp-game", "href").endswith("index.html?lang=zh-Hant")
    context.close()
    assert console_errors == []


def test_next_after_an_authors_longyan_puzzle_is_a_longyan_puzzle(page, site, console_errors):
    """"Next puzzle" after an author's own Longyan puzzle (a link, or a game's moment) opened
    Xinyu's puzzle 1: another rule set than the page was teaching."""
    from pagehelp import base64url
    position = {"variant": "longyan", "dealer": 0, "gold": "5m",
                "hands": ["123m456p789s111z5m9p", "1378m1378p1378s2z", "2468m2468p2468s3z", "1469m1469p1469s7z"],
                "wall": "4z4z4z6z6z6z"}
    current = open_puzzle(page, site, "p=" + base64url({"position": position, "note": "Swim?"}) + "&lang=en")
    assert current["id"] == "custom"
    page.click("#next")
    page.wait_for_function("() => window.puzzles.current().id === 'longyan-01' || window.puzzles.current().id === 'xinyu-01'")
    assert page.evaluate("window.puzzles.current().id") == "longyan-01"
    assert page.input_value("#set") == "longyan"
    page.wait_for_function("() => location.hash.startsWith('#set=longyan&n=1')")
    assert console_errors == []


def test_the_replays_step_line_reads_as_chinese(page, site, console_errors):
    """The replay viewer's line for each action put a space inside Chinese ("下家：打出 南风")."""
    from test_replay_viewer import SHOWN, bad_player_replay, link_for
    data = bad_player_replay()
    page.goto(link_for(page, site, data, step=1) + "&lang=zh-Hans")
    page.wait_for_function(SHOWN, timeout=90_000)
    line = page.evaluate("document.getElementById('rp-label').value")   # an <output>
    assert re.fullmatch(r"1/\d+ · [^ ]+：打出[^ ]+", line), line
    assert console_errors == []


def test_a_puzzle_position_the_engine_refuses_is_said_in_chinese_on_a_chinese_page(page, site, console_errors):
    """An author's puzzle whose position the engine refuses showed the engine's English inside
    the Chinese sentence ("牌局无法使用（position: …）")."""
    from pagehelp import base64url
    link = "p=" + base64url({"position": {"variant": "longyan", "hands": ["1m"]}})
    open_puzzle(page, site, link + "&lang=zh-Hans")
    said = page.text_content("#notice")
    assert said == "这个题目链接有误：牌局无法使用（详情见浏览器的控制台）。", said
    page.goto("about:blank")
    open_puzzle(page, site, link + "&lang=en")
    said = page.text_content("#notice")
    assert said.startswith("This puzzle link is broken: its position cannot be played (") and "console" not in said, said
    assert console_errors == []
