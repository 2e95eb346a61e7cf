"""A link to this moment of a hand opens it again; a swim (游金) played through its button."""
from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from pagehelp import base64url, click_discard, idle, open_game, shot

# Longyan, gold 5m: the player (the dealer) holds sets + a gold + 9p: a single swim is legal.
SWIM_POSITION = {
    "variant": "longyan", "dealer": 0, "gold": "5m",
    "hands": ["123m456p789s111z5m9p", "1378m1378p1378s2z", "2468m2468p2468s3z", "1469m1469p1469s7z"],
    "wall": "4z4z4z6z6z6z",
}


def test_a_link_to_this_moment_opens_the_same_hand(page, site, console_errors, output_path):
    open_game(page, site, "variant=xinyu&seed=9&lang=en&speed=instant")
    for _ in range(3):                       # play a few turns so the link carries a history
        s = idle(page)
        click_discard(page, s["legal"])
    s = idle(page)
    before = page.evaluate("() => window.mahjong.state()")
    page.click("#tb-share")
    page.wait_for_selector("#share-link")
    shot(page, output_path, "share")
    link = page.input_value("#share-link")
    query = parse_qs(urlparse(link).query)
    assert query["variant"] == ["xinyu"] and "position" in query
    assert link.startswith(site.url)          # the page's own address, under its sub-path
    page.keyboard.press("Escape")

    fresh = page.context.new_page()
    fresh.goto(link)
    fresh.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())",
                            timeout=90_000)
    after = idle(fresh) and fresh.evaluate("() => window.mahjong.state()")
    assert after["hands"][0] == before["hands"][0]
    assert after["discards"] == before["discards"]
    assert after["legal_actions"] == before["legal_actions"]
    fresh.close()
    assert console_errors == []


def test_a_swim_is_declared_with_its_button_and_wins_on_the_next_draw(page, site, console_errors, output_path):
    open_game(page, site, f"position={base64url(SWIM_POSITION)}&lang=zh-Hans&speed=instant&level=normal")
    s = idle(page)
    assert "swim 9p" in s["legal"]
    # the prompt says which tile a swim discards (it read "单游 九饼", as if the swim were of 9 Dots)
    assert page.text_content("#prompt .say") == "轮到你：胡、单游（打九饼），或把一张牌点两次打出"
    button = page.locator('#actions button[data-action="swim 9p"]')
    assert button.is_visible()
    button.click()
    s = idle(page)
    state = page.evaluate("() => window.mahjong.state()")
    assert state["swims"][0] == 1
    assert s["legal"] == ["win"]              # the swim's draw wins whatever it is
    shot(page, output_path, "swimming")
    page.click('#actions button[data-action="win"]')
    page.wait_for_selector("#settle", timeout=15_000)
    shot(page, output_path, "swim-settlement")
    result = page.evaluate("() => window.mahjong.state().result")
    assert result["wins"][0]["category"] == "swim_single"
    assert result["deltas"] == [24, -8, -8, -8]
    assert "单游" in page.text_content("#settle")
    assert console_errors == []
