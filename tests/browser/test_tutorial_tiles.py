"""Hand diagrams (issue 14): tiles.html and <mj-hand> draw with the game's tile art and never load
Pyodide; alt text in the page's language; sizes, themes, SVG / PNG downloads, errors pointed at."""
from __future__ import annotations

import re
from pathlib import Path

from pagehelp import shot

ENGINE_FILES = ("pyodide", "engine-worker", ".whl", "engine.json", "micropip")

HOST_PAGE = """<!doctype html><html lang="zh-Hans"><head><meta charset="utf-8"><title>A blog</title>
<link rel="icon" href="data:,"><script type="module" src="{src}mj-hand.js"></script></head>
<body style="font:16px sans-serif;margin:8px">
<p>正文里的牌： <mj-hand id="a" tiles="123m456p789s11z|pong 7z" gold="5m" size="30"></mj-hand></p>
<p lang="en">An English paragraph: <mj-hand id="b" tiles="5z5z|concealed_kong 9s|flowers 1f" size="60" theme="dark" download></mj-hand></p>
<p><mj-hand id="bad" tiles="123m45q6p" lang="en"></mj-hand></p>
</body></html>
"""


def engine_requests(page) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url) if any(f in r.url for f in ENGINE_FILES) else None)
    return seen


def host(site, name: str = "blog.html") -> str:
    root = Path(site.dist).parent
    (root / name).write_text(HOST_PAGE.format(src="/mahjong/"), encoding="utf-8")
    return site.url.replace("/mahjong/", f"/{name}")


def shadow(page, sel: str, inner: str) -> str:
    return f"document.querySelector('{sel}').shadowRoot.querySelector('{inner}')"


def test_tiles_page_draws_with_no_request_for_pyodide(page, site, console_errors, output_path):
    seen = engine_requests(page)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url + "tiles.html#123m456p789s11z5m|pong%207z|gold%205m?lang=en&size=30")
    page.wait_for_function(f"() => !!{shadow(page, '#hand', 'canvas')}")
    label = page.evaluate(f"{shadow(page, '#hand', 'canvas')}.getAttribute('aria-label')")
    assert label.startswith("Hand: 1 Characters, 2 Characters, 3 Characters, 4 Dots")
    assert "pong of Red Dragon" in label and label.endswith("gold: 5 Characters")
    page.wait_for_timeout(300)
    assert seen == [], seen
    shot(page, output_path, "tiles-phone")
    assert console_errors == []


def test_mj_hand_elements_in_a_host_page(page, site, console_errors, output_path):
    seen = engine_requests(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(host(site))
    page.wait_for_function(f"() => !!{shadow(page, '#b', 'canvas')}")
    # alt text in each element's own language (the nearest lang attribute)
    a = page.evaluate(f"{shadow(page, '#a', 'canvas')}.getAttribute('aria-label')")
    assert a.startswith("手牌：一万、二万、三万、四饼") and "碰红中" in a and a.endswith("金：五万")
    b = page.evaluate(f"{shadow(page, '#b', 'canvas')}.getAttribute('aria-label')")
    assert b == "Hand: White Dragon, White Dragon; concealed kong of 9 Bamboo; flowers: Spring"
    # sized by attribute: a tile width of 60 makes a wider drawing than 30 per tile
    wa = page.evaluate(f"{shadow(page, '#a', 'canvas')}.getBoundingClientRect().width")
    wb = page.evaluate(f"{shadow(page, '#b', 'canvas')}.getBoundingClientRect().width")
    assert wa / 17 < wb / 7
    # an impossible string is pointed at, in the reader's language, and the text kept
    bad = page.evaluate(f"{shadow(page, '#bad', '.error')}.textContent")
    assert "“q” is not part of the notation" in bad and "123m45q6p" in bad
    assert page.evaluate(f"{shadow(page, '#bad', 'mark')}.textContent") == "q"
    shot(page, output_path, "blog-desktop")
    assert seen == [], seen
    assert console_errors == []


def test_svg_and_png_downloads_use_the_same_tile_art(page, site, console_errors):
    page.goto(host(site))
    page.wait_for_function(f"() => !!{shadow(page, '#b', 'button')}")
    with page.expect_download() as info:
        page.evaluate(f"{shadow(page, '#b', 'button')}.click()")
    svg = Path(info.value.path()).read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "<title>Hand: White Dragon" in svg
    assert svg.count("<path") > 40 and "linearGradient" in svg
    # the SVG is a valid image the browser draws
    ok = page.evaluate("""async (svg) => {
        const img = new Image();
        img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
    }""", svg)
    assert ok[0] > 300 and ok[1] > 60
    with page.expect_download() as info:
        page.evaluate(f"{shadow(page, '#b', 'button:nth-of-type(2)')}.click()")
    png = Path(info.value.path()).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert console_errors == []


def test_tiles_page_in_an_iframe_posts_its_height(page, site, console_errors):
    root = Path(site.dist).parent
    (root / "frame.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'></head><body>"
        "<script>window.got=[];addEventListener('message',e=>{if(e.data&&e.data.source==='mahjong')got.push(e.data)})</script>"
        f"<iframe id='f' src='{site.url}tiles.html#11223344556677m?theme=dark&amp;size=50' width='900' height='100'></iframe>"
        "</body></html>", encoding="utf-8")
    page.goto(site.parent_url.replace("parent.html", "frame.html"))
    page.wait_for_function("() => window.got.some(m => m.type === 'height')")
    msg = [m for m in page.evaluate("window.got") if m["type"] == "height"][-1]
    assert msg["detail"]["page"] == "tiles"
    assert 70 <= msg["detail"]["height"] <= 200
    assert console_errors == []


ATTRIBUTES_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Attributes</title>
<link rel="icon" href="data:,"><script type="module" src="/mahjong/mj-hand.js"></script></head><body>
<mj-hand id="small" tiles="123m" size="8"></mj-hand>
<mj-hand id="huge" tiles="123m" size="400"></mj-hand>
<mj-hand id="word" tiles="123m" size="big" theme="blue" lang="fr"></mj-hand>
<mj-hand id="empty" tiles=""></mj-hand>
<mj-hand id="none"></mj-hand>
</body></html>"""


def test_an_attribute_out_of_range_is_clamped_visibly_and_named_in_the_console(page, site, console_errors):
    """Issue 37: size="8" was silently drawn at 36 (the size an author would think was asked for), an
    empty `tiles` drew nothing at all. Now an out-of-range size is drawn at the nearest end of its
    range, anything not understood is named in one console warning with the range it takes, and an
    empty hand is said in the diagram's place."""
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    root = Path(site.dist).parent
    (root / "attributes.html").write_text(ATTRIBUTES_PAGE, encoding="utf-8")
    page.goto(site.url.replace("/mahjong/", "/attributes.html"))
    page.wait_for_function(f"() => !!{shadow(page, '#word', 'canvas')} && !!{shadow(page, '#none', '.error')}")
    width = lambda sel: page.evaluate(f"{shadow(page, sel, 'canvas')}.getBoundingClientRect().width")  # noqa: E731
    ratio = 12 / 160
    assert abs(width("#small") / width("#huge") - ratio) < 0.02, (width("#small"), width("#huge"))
    assert abs(width("#word") / width("#huge") - 36 / 160) < 0.02
    said = "\n".join(warnings)
    for expected in ('<mj-hand size="8">: size is a tile\'s width in px from 12 to 160; drawn at 12',
                     '<mj-hand size="400">: size is a tile\'s width in px from 12 to 160; drawn at 160',
                     '<mj-hand size="big">: size is a tile\'s width in px from 12 to 160; drawn at 36',
                     '<mj-hand theme="blue">: theme is one of transparent, light, dark; drawn transparent',
                     '<mj-hand lang="fr">: lang is one of zh-Hans, zh-Hant, en; drawn in en',
                     '<mj-hand tiles="">: tiles is empty'):
        assert expected in said, said
    assert len(warnings) == 7, warnings  # once each (the empty and the missing tiles one each)
    for sel in ("#empty", "#none"):
        assert page.evaluate(f"{shadow(page, sel, '.error')}.textContent") == "Cannot read the hand: no tiles are given"
    # drawn again (an attribute changed), nothing is said twice
    page.evaluate("document.getElementById('small').setAttribute('theme', 'dark')")
    page.wait_for_timeout(100)
    assert len(warnings) == 7, warnings
    assert console_errors == []


DIAGRAMS_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Diagrams</title>
<link rel="icon" href="data:,"><script type="module" src="/mahjong/v1/mj-hand.js"></script></head>
<body style="font:16px sans-serif;margin:8px">
<p><mj-hand id="claimed" size="36" download
  tiles="123m456p78s|win 9s from left|pong 7z from left|kong 1z from across|added_kong 5p from right|gold 5m hidden"></mj-hand></p>
<p><mj-hand id="seat" size="36" tiles="xxxxxxxxxx|pong 7z from right|pond 19m*5z3px1s2s3s4s*5s" lang="zh-Hant"></mj-hand></p>
<div id="box" style="width:320px"><mj-hand id="wrapped" size="30" tiles="123456789m12345p|pong 7z|kong 1m|gold 5m"></mj-hand></div>
<p><mj-hand id="rows" size="24" rows="2" tiles="123456789m12345p|pong 7z|kong 1m from left|gold 5m"></mj-hand></p>
</body></html>"""


def test_diagrams_say_enough_from_the_pinned_script(page, site, console_errors, output_path):
    """Issue 37: no claimed tile turned (nor from whom), no face-down tile but a concealed kong's, no
    gap before the winning tile, no wrapping (a long hand shrank to 16 px tiles), no pond, and an
    mj-hand.js whose chunks change every build. Here from v1/mj-hand.js (one file, docs/embedding.md)."""
    root = Path(site.dist).parent
    (root / "diagrams.html").write_text(DIAGRAMS_PAGE, encoding="utf-8")
    page.set_viewport_size({"width": 900, "height": 700})
    page.goto(site.url.replace("/mahjong/", "/diagrams.html"))
    page.wait_for_function("() => ['#claimed', '#seat', '#wrapped', '#rows'].every((s) => !!document.querySelector(s).shadowRoot?.querySelector('canvas'))")
    alt = lambda sel: page.evaluate(f"{shadow(page, sel, 'canvas')}.getAttribute('aria-label')")  # noqa: E731
    assert alt("#claimed") == ("Hand: 1 Characters, 2 Characters, 3 Characters, 4 Dots, 5 Dots, 6 Dots, 7 Bamboo, 8 Bamboo; "
                               "winning tile: 9 Bamboo, from the left; pong of Red Dragon, from the left; kong of East Wind, "
                               "from across; added kong of 5 Dots, from the right; gold: 5 Characters")
    assert alt("#seat").startswith("手牌：暗牌、暗牌") and "碰紅中（下家打出）" in alt("#seat")
    assert "牌河：一萬、九萬（被拿走）、白板" in alt("#seat")
    # wrapped to its box; asked for two rows, two rows
    box = page.evaluate("document.getElementById('box').getBoundingClientRect().width")
    wrapped = page.evaluate(f"{shadow(page, '#wrapped', 'canvas')}.getBoundingClientRect()")
    assert wrapped["width"] <= box and wrapped["height"] > 3 * 30 * 1.4, wrapped
    # the canvas keeps its tiles' size (30 px wide: no shrinking to fit)
    assert page.evaluate(f"{shadow(page, '#wrapped', 'canvas')}.width / (window.devicePixelRatio || 1)") == wrapped["width"]
    rows = page.evaluate(f"{shadow(page, '#rows', 'canvas')}.getBoundingClientRect().height")
    assert 2 * 24 * 1.4 < rows < 3 * 24 * 1.4
    # the box narrower: drawn again to it
    page.evaluate("document.getElementById('box').style.width = '200px'")
    page.wait_for_function(f"() => {shadow(page, '#wrapped', 'canvas')}.getBoundingClientRect().width <= 200")
    shot(page, output_path, "diagrams")
    # the SVG download turns the claimed tiles as the canvas does
    with page.expect_download() as info:
        page.evaluate(f"{shadow(page, '#claimed', 'button')}.click()")
    svg = Path(info.value.path()).read_text(encoding="utf-8")
    turned = re.findall(r'transform="matrix\((-?[\d.]+) (-?[\d.]+) ', svg)
    assert any(abs(float(b)) > 0.1 for _, b in turned), "no turned tile in the SVG"
    assert console_errors == []
