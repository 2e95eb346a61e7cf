"""Play with friends (issue 49): people on their own browser contexts at one table, through a real
relay on loopback (Debian's mosquitto, MQTT over WebSocket: friends_relay.py), by taps. The host's
page runs the engine and referees; a friend's page holds only its own seat's tiles."""
from __future__ import annotations

import json
import time

import pytest

from friends_relay import AVAILABLE, Relay
from pagehelp import shot

pytestmark = pytest.mark.skipif(not AVAILABLE, reason="amqtt is missing: tests/run.sh installs the test extras")

HOST_READY_MS = 120_000
STATE = "() => { const f = window.mahjongFriends; const s = f && f.view.state; return s ? {seat: s.seat, human: s.human_to_move, " \
        "legal: s.legal_actions, over: s.is_over, at: s.history_length, hands: s.hands, gold: s.gold, flowers: s.flowers, " \
        "variant: s.variant, waiting: s.waiting_for} : null; }"
HAND_TILES = "() => window.mahjongFriends.renderer.handRects.map(r => ({x: r.x + r.w / 2, y: r.y + r.h / 2, code: r.code}))"
LOG = "() => [...document.querySelectorAll('#fr-log p')].map(p => p.textContent)"


@pytest.fixture
def relays(tmp_path):
    started = [Relay(tmp_path / "relays"), Relay(tmp_path / "relays")]
    yield started
    for relay in started:
        relay.close()


def person(browser, site, phone=False, lang="en"):
    """A fresh profile: a phone (390x844, touch) or a desktop (1280x800), in `lang`."""
    if phone:
        context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True,
                                      is_mobile=True, locale=lang)
    else:
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=lang)
    context.add_init_script("window.mahjongTestNoSnapshot = true;")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return context, page


def tap(page, selector):
    box = page.locator(selector).bounding_box()
    assert box, selector
    if page.context.pages and page.viewport_size["width"] < 500:
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        page.click(selector)


def host_room(page, site, relays, *, variant="xinyu", clock="0", deal=None, lang="en", name="Mei"):
    """The host creates a room by taps: its name, the relays (this test's), the rules; returns the link."""
    if deal is not None:
        page.add_init_script(f"window.mahjongFriendsDeal = {json.dumps(deal)};")
    page.goto(site.url + f"friends.html?lang={lang}")
    page.fill("#fr-name", name)
    page.click(".fr-relays summary")
    page.fill("#fr-relays", "\n".join(r.url for r in relays))
    tap(page, "#fr-relays-save")
    page.select_option("#fr-variant", variant)
    page.select_option("#fr-clock", clock)
    page.select_option("#fr-level", "easy")
    tap(page, "#fr-create")
    page.wait_for_selector("#fr-link", timeout=20_000)
    return page.input_value("#fr-link")


def join(page, link, name):
    page.goto(link)
    page.fill("#fr-name", name)
    tap(page, "#fr-sit")


def wait_seated(host, names):
    host.wait_for_function("(names) => names.every((n) => [...document.querySelectorAll('#fr-seatlist .name')]"
                           ".some((e) => e.textContent === n))", arg=names, timeout=30_000)


def start(host):
    host.wait_for_function("() => !!window.mahjongFriends.room.channel", timeout=10_000)
    tap(host, "#fr-start")


def wait_state(page, predicate="s => !!s", timeout=HOST_READY_MS):
    page.wait_for_function(f"() => {{ const s = ({STATE})(); return !!s && ({predicate})(s); }}", timeout=timeout)
    return page.evaluate(STATE)


def tap_discard(page, legal):
    """Select a legal tile of the hand on the canvas, then tap it again: a discard."""
    tiles = page.evaluate(HAND_TILES)
    choices = [t for t in tiles if f"discard {t['code']}" in legal]
    assert choices, (tiles, legal)
    tile = choices[-1]
    page.mouse.click(tile["x"], tile["y"])
    page.mouse.click(tile["x"], tile["y"])
    return f"discard {tile['code']}"


def tap_button(page, kind):
    """A claim button by its kind (pong, win, pass, ...): the page's own <button>."""
    buttons = page.locator(f"#actions button[data-action^='{kind}']")
    buttons.first.click()


def play_turn(page, prefer=("win", "pong", "kong", "pass")):
    """One decision by taps, if this seat is to act; returns the action or None."""
    s = page.evaluate(STATE)
    if not s or s["over"] or not s["human"]:
        return None
    legal = s["legal"]
    for kind in prefer:
        if any(a == kind or a.startswith(kind + " ") for a in legal) and not any(a.startswith("discard ") for a in legal) \
                or (kind == "win" and "win" in legal):
            try:
                tap_button(page, kind)
            except Exception:
                return None
            page.wait_for_function("(at) => { const s = window.mahjongFriends.view.state; return !s.human_to_move || s.history_length !== at; }",
                                   arg=s["at"], timeout=20_000)
            return kind
    if any(a.startswith("discard ") for a in legal):
        action = tap_discard(page, legal)
        page.wait_for_function("(at) => { const s = window.mahjongFriends.view.state; return !s.human_to_move || s.history_length !== at; }",
                               arg=s["at"], timeout=20_000)
        return action
    return None


def play_to_end(pages, timeout_s=240, between=None):
    """Everyone plays by taps until the hand is over on every page."""
    deadline = time.monotonic() + timeout_s
    moves = 0
    while time.monotonic() < deadline:
        if all((page.evaluate(STATE) or {}).get("over") for page in pages):
            return moves
        acted = False
        for page in pages:
            if play_turn(page):
                moves += 1
                acted = True
                if between:
                    between(moves)
        if not acted:
            time.sleep(0.1)
    raise AssertionError("the hand did not end in time")


# --- the tests ------------------------------------------------------------------------------------

CLAIM_DEAL = {
    "variant": "xinyu",
    "dealer": 0,
    "hands": ["19m19p19s12345677z", "55z123m456p789s11s", "147m258p369s1234z", "258m369p147s5677z"],
}


def test_a_claim_between_two_people_and_their_tiles_stay_their_own(browser, site, relays, output_path):
    """The host discards the red dragon by taps; the friend, holding a pair of it, is offered the
    pong and takes it by a tap; each page holds only its own seat's tiles; the refusals are named."""
    host_ctx, host = person(browser, site)
    friend_ctx, friend = person(browser, site, phone=True, lang="zh-Hans")
    try:
        link = host_room(host, site, relays, deal=CLAIM_DEAL)
        assert "#room=" in link and "relays=" in link
        join(friend, link, "Lan")
        wait_seated(host, ["Mei", "Lan"])
        shot(host, output_path, "host-room-1280")
        shot(friend, output_path, "friend-room-390")
        start(host)
        s = wait_state(host, "s => s.human && s.legal.includes('discard 5z')")
        host.wait_for_timeout(300)
        tiles = host.evaluate(HAND_TILES)
        red = next(t for t in tiles if t["code"] == "5z")
        host.mouse.click(red["x"], red["y"])
        host.mouse.click(red["x"], red["y"])
        f = wait_state(friend, "s => s.human && s.legal.includes('pong')")
        assert f["seat"] == 1
        # the friend's page holds its own tiles only: every other hand is hidden
        assert [h is None for h in f["hands"]] == [True, False, True, True]
        shot(friend, output_path, "friend-claim-390")
        tap_button(friend, "pong")
        wait_state(host, "s => s.waiting.includes(1) && s.at >= 2")
        melds = host.evaluate("() => window.mahjongFriends.view.state.melds[1]")
        assert melds and melds[0]["type"] == "pong", melds
        # the friend now discards by taps; the host sees it
        f = wait_state(friend, "s => s.human && s.legal.some(a => a.startsWith('discard '))")
        played = tap_discard(friend, f["legal"])
        tile = played.split(" ")[1]
        host.wait_for_function("(t) => window.mahjongFriends.view.state.discards[1].some(d => d.tile === t)", arg=tile)
        # an action for another seat, sealed by the friend's own key: refused, named, nothing changed
        before = host.evaluate(STATE)["at"]
        friend.evaluate("() => { const r = window.mahjongFriends.room; return r.channel.send(r.hostId, 'act', "
                        "{action: 'pass', seat: 2, at: r.state.history_length, hand: r.state.match.hand_number}); }")
        host.wait_for_function("() => [...document.querySelectorAll('#fr-log p')].some(p => p.textContent.includes('another seat'))")
        friend.wait_for_function("() => [...document.querySelectorAll('#fr-log p')].some(p => p.textContent.includes('没有被接受'))")
        # out of turn: refused by the engine, named
        friend.evaluate("() => { const r = window.mahjongFriends.room; return r.channel.send(r.hostId, 'act', "
                        "{action: 'discard 1m', at: r.state.history_length, hand: r.state.match.hand_number}); }")
        host.wait_for_function("() => [...document.querySelectorAll('#fr-log p')].some(p => p.textContent.includes('not allowed now'))")
        assert host.evaluate(STATE)["at"] >= before
        shot(host, output_path, "host-table-1280")
        assert not host.errors and not friend.errors, (host.errors, friend.errors)
    finally:
        for page in (host, friend):
            print(page.evaluate(LOG), page.errors)
        host_ctx.close()
        friend_ctx.close()
