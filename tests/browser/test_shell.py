"""The page shell (web/shell/page.js, issue 32): every page takes its language from the query or
the hash alike, draws its tiles in that language's script, declares its color-scheme, and inside a
frame posts its height again whenever the host asks. Each was a line some page's own set-up had
forgotten (the replay read `lang` from the query only; the tutorial pages drew 万/东/发 in zh-Hant;
tiles.html declared no color-scheme and posted its height once)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest


# each page as a link asks for a language: in its hash (the form the page's own links use) and in
# its query
PAGES = {
    "tiles": ("tiles.html#123m1z6z?lang={lang}", "tiles.html?lang={lang}#123m1z6z"),
    "analyze": ("analyze.html#v=xinyu&h=123m&lang={lang}", "analyze.html?lang={lang}#v=xinyu&h=123m"),
    "puzzle": ("puzzle.html#set=xinyu&n=1&lang={lang}", "puzzle.html?lang={lang}#set=xinyu&n=1"),
    "replay": ("replay.html#lang={lang}", "replay.html?lang={lang}"),
    "help": ("help.html#lang={lang}", "help.html?lang={lang}"),
    "game": ("index.html#lang={lang}", "index.html?lang={lang}"),
    "learn": ("learn.html#rules=longyan&lesson=1&lang={lang}", "learn.html?lang={lang}#rules=longyan&lesson=1"),
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_page_opens_in_the_language_and_script_its_link_asks_for(page, site, console_errors, name):
    for form in PAGES[name]:
        for lang, script in (("zh-Hant", "hant"), ("zh-Hans", "hans"), ("en", "hans")):
            page.goto("about:blank")  # (a new hash alone would not load the page again)
            page.goto(site.url + form.format(lang=lang))
            page.wait_for_function("() => document.documentElement.dataset.tileScript")
            got = page.evaluate("[document.documentElement.lang, document.documentElement.dataset.tileScript]")
            assert got == [lang, script], (form, lang)
    assert console_errors == []


def faces(page, url: str) -> bytes:
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_function("() => document.querySelector('#hand').shadowRoot?.querySelector('canvas')")
    return page.locator("#hand").screenshot()


def test_a_diagram_draws_the_faces_of_its_language(page, site, console_errors, output_path):
    """万 东 发 in 简体 (and English), 萬 東 發 in 繁體: the diagram follows its language, as the game does."""
    hans = faces(page, site.url + "tiles.html#1m1z6z?lang=zh-Hans&download=0")
    hant = faces(page, site.url + "tiles.html#1m1z6z?lang=zh-Hant&download=0")
    en = faces(page, site.url + "tiles.html#1m1z6z?lang=en&download=0")
    assert hant != hans
    assert en == hans
    # a <mj-hand> on a host page takes its own language's faces, whatever the host page's
    root = Path(site.dist).parent
    (root / "host-script.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        "<script type='module' src='/mahjong/mj-hand.js'></script></head><body>"
        "<mj-hand id='hand' tiles='1m1z6z' lang='zh-Hant'></mj-hand></body></html>", encoding="utf-8")
    hosted = faces(page, site.url.replace("/mahjong/", "/host-script.html"))
    assert hosted != en
    assert console_errors == []


def test_each_page_declares_its_color_scheme(page, site, console_errors):
    """A frame whose color-scheme differs from its host's gets an opaque backdrop: tiles.html, on the
    host's background by default, takes either scheme; a theme asked for is the page's scheme."""
    scheme = "getComputedStyle(document.documentElement).colorScheme"
    for url, want in (("tiles.html#1m", "light dark"), ("tiles.html#1m?theme=dark", "dark"),
                      ("tiles.html#1m?theme=light", "light"), ("analyze.html#theme=dark", "dark"),
                      ("puzzle.html#theme=light", "light"), ("help.html", "light"), ("replay.html", "dark")):
        page.goto("about:blank")
        page.goto(site.url + url)
        page.wait_for_function("() => document.documentElement.dataset.tileScript")
        assert page.evaluate(scheme) == want, url
        assert page.evaluate("document.documentElement.classList.contains('dark')") == (want == "dark"), url
    assert console_errors == []


LATE_HOST = """<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'></head><body>
<iframe id='f' src='{src}' width='700' height='120'></iframe>
<script>
window.got = [];
window.listenLate = () => new Promise((resolve) => {{
  addEventListener('message', (e) => {{
    if (e.source === document.getElementById('f').contentWindow && e.data && e.data.type === 'height') {{
      got.push(e.data); resolve(e.data);
    }}
  }});
  document.getElementById('f').contentWindow.postMessage({{target: 'mahjong', method: 'height'}}, '*');
}});
</script></body></html>"""


@pytest.mark.parametrize("src", ["tiles.html#11223344556677m?size=40", "help.html"])
def test_a_host_that_listens_late_learns_the_height_by_asking(page, site, console_errors, src):
    root = Path(site.dist).parent
    name = f"late-{src.split('.')[0]}.html"
    (root / name).write_text(LATE_HOST.format(src=site.url + src), encoding="utf-8")
    page.goto(site.parent_url.replace("parent.html", name))  # another origin than the frame's
    page.frame_locator("#f").locator("html[data-tile-script]").wait_for(state="attached")
    page.wait_for_timeout(300)  # the frame's first posts are long gone: nobody listened
    message = page.evaluate("listenLate()")
    assert message["source"] == "mahjong"
    assert message["detail"]["page"] == src.split(".")[0]
    assert message["detail"]["height"] > 40
    assert console_errors == []


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
def test_the_rules_page_speaks_its_readers_language_only(page, site, console_errors, lang):
    """help.html's heading, title and play link had said "Rules · 规则 · 規則" and "Play · 开始 · 開始"
    on every page: now the reader's words; the language links name each language in itself."""
    catalog = json.loads((Path(__file__).resolve().parents[2] / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    page.goto(site.url + f"help.html?lang={lang}")
    page.wait_for_function("() => document.body.dataset.examples")
    got = page.evaluate("[document.title, document.querySelector('h1').textContent, document.getElementById('play').textContent]")
    assert got == [catalog["help"]["pageTitle"], catalog["help"]["pageTitle"], catalog["help"]["play"]]
    if lang != "en":
        assert not re.search("[A-Za-z]", "".join(got)), got
    page.click("nav a[href='#en']")  # the switch: the page's words follow
    page.wait_for_function("() => document.getElementById('play').textContent === '▶ Play'")
    assert console_errors == []


def test_an_empty_page_greets_with_how_to_use_it_not_an_error(page, site):
    """The analyzer opened empty showed the diagram's red "no tiles are given" and warned in the console
    twice, as if the reader had made a mistake; tiles.html opened bare did the same. Now the analyzer
    draws no diagram until there is a hand, and the bare diagram page says how to give one."""
    said: list[str] = []
    page.on("console", lambda m: said.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.goto(site.url + "analyze.html?lang=en")
    page.wait_for_function("() => document.body.textContent.includes('Type or pick a hand')")
    assert page.evaluate("!document.getElementById('diagram').shadowRoot.querySelector('.error, canvas')")
    page.fill("#hand", "123m")
    page.wait_for_function("() => document.getElementById('diagram').shadowRoot.querySelector('canvas')")
    page.fill("#hand", "")
    page.wait_for_function("() => !document.getElementById('diagram').shadowRoot.querySelector('canvas')")
    page.goto(site.url + "tiles.html?lang=zh-Hant")
    page.wait_for_function("() => !document.getElementById('usage').hidden")
    assert "tiles.html#123m456p789s11z" in page.text_content("#usage")
    assert page.evaluate("!document.getElementById('hand').shadowRoot.querySelector('.error, canvas')")
    assert said == [], said
    # an author's empty hand is still told (tests/browser/test_tutorial_tiles.py: tiles="")


@pytest.mark.parametrize("name", ["index.html", "replay.html"])
def test_the_loading_card_speaks_the_pages_language(page, site, console_errors, name):
    """The loading card said "麻将 Mahjong" on every page (written before a language is known): once the
    page has its language, its own word only."""
    page.goto(site.url + f"{name}?lang=zh-Hant")
    page.wait_for_function("() => document.querySelector('#boot h1').textContent === '麻將'")
    page.goto("about:blank")
    page.goto(site.url + f"{name}?lang=en")
    page.wait_for_function("() => document.querySelector('#boot h1').textContent === 'Mahjong'")
    assert console_errors == []
