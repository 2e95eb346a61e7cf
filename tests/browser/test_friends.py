"""Play with friends (issue 49): people on their own browser contexts at one table, through a real
relay on loopback (Debian's mosquitto, MQTT over WebSocket: friends_relay.py), by taps. The host's
page runs the engine and referees; a friend's page holds only its own seat's tiles."""
from __future__ import annotations

import json
import time

import pytest

from friends_relay import AVAILABLE, Eavesdropper, Relay  # tests/support
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


def phone(page) -> bool:
    return page.viewport_size["width"] < 500


def tap_at(page, x, y):
    """A finger on a phone, the mouse on a desktop."""
    if phone(page):
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def tap(page, selector):
    locator = page.locator(selector).first
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box, selector
    tap_at(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


#: A test's deal, with nothing in the built site: the host page's engine worker is handed the position
#: with its new_match (the site has no hook for it; a friend's page checks such a deal and says it is
#: not the seed's).
DEAL_SCRIPT = """(() => {
  const deal = %s;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === "call" && message.method === "new_match") {
      const request = JSON.parse(message.json);
      request.args.position = deal;
      message = { ...message, json: JSON.stringify(request) };
    }
    return post.call(this, message, ...rest);
  };
})();"""


def host_room(page, site, relays, *, variant="xinyu", clock="0", deal=None, lang="en", name="Mei"):
    """The host creates a room by taps: its name, the relays (this test's), the rules; returns the link."""
    if deal is not None:
        page.add_init_script(DEAL_SCRIPT % json.dumps(deal))
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
    tap_at(page, tile["x"], tile["y"])
    page.wait_for_timeout(60)
    tap_at(page, tile["x"], tile["y"])
    return f"discard {tile['code']}"


def tap_button(page, kind):
    """A claim button by its kind (pong, win, pass, ...): the page's own <button>."""
    tap(page, f"#actions button[data-action^='{kind}']")


MOVED = "(at) => { const s = window.mahjongFriends.view.state; return !s.human_to_move || s.history_length !== at; }"


def play_turn(page):
    """One decision by taps, if this seat is to act: a win when offered, else a pass on a claim,
    else a discard (the tile drawn, or the last one); returns the action or None."""
    s = page.evaluate(STATE)
    if not s or s["over"] or not s["human"]:
        return None
    legal = s["legal"]
    try:
        if "win" in legal:
            tap_button(page, "win")
        elif "pass" in legal:
            tap_button(page, "pass")
        elif any(a.startswith("discard ") for a in legal):
            tap_discard(page, legal)
        else:
            tap_button(page, legal[0].split(" ")[0])
        page.wait_for_function(MOVED, arg=s["at"], timeout=20_000)
    except Exception as error:  # the table moved under the tap (a claim resolved): look again
        print("tap missed:", error.__class__.__name__, legal)
        return None
    return legal


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
    """The host discards the white dragon by taps; the friend, holding a pair of it, is offered the
    pong and takes it by a tap; each page holds only its own seat's tiles; the refusals are named."""
    host_ctx, host = person(browser, site)
    friend_ctx, friend = person(browser, site, phone=True, lang="zh-Hans")
    try:
        link = host_room(host, site, relays, deal=CLAIM_DEAL)
        assert "#room=" in link and "relays=" in link
        # the friend types the room code the host reads out (their own relay list set to this room's)
        code = host.text_content("#fr-code-shown")
        friend.goto(site.url + "friends.html")
        friend.fill("#fr-name", "Lan")
        friend.click(".fr-relays summary")
        friend.fill("#fr-relays", "\n".join(r.url for r in relays))
        tap(friend, "#fr-relays-save")
        friend.fill("#fr-code", code.lower())
        tap(friend, "#fr-join")
        friend.wait_for_selector("#fr-sit")
        assert friend.input_value("#fr-name") == "Lan"
        tap(friend, "#fr-sit")
        wait_seated(host, ["Mei", "Lan"])
        shot(host, output_path, "host-room-1280")
        shot(friend, output_path, "friend-room-390")
        start(host)
        wait_state(host, "s => s.human && s.legal.includes('discard 5z')")
        host.wait_for_timeout(300)
        tiles = host.evaluate(HAND_TILES)
        white = next(t for t in tiles if t["code"] == "5z")
        host.mouse.click(white["x"], white["y"])
        host.mouse.click(white["x"], white["y"])
        f = wait_state(friend, "s => s.human && s.legal.includes('pong')")
        assert f["seat"] == 1
        # the host's discard said in the friend's screen-reader region, as the solo page says it
        friend.wait_for_function("() => document.getElementById('fr-sr').textContent.includes('Mei')")
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
        # a quick phrase, said on every page in its reader's language
        tap(friend, "#fr-phrases button[data-phrase='nice']")
        host.wait_for_function("() => [...document.querySelectorAll('#fr-log p.said')].some(p => p.textContent === 'Lan: Nice one!')")
        friend.wait_for_function("() => [...document.querySelectorAll('#fr-log p.said')].some(p => p.textContent === 'Lan: 打得好！')")
        # the phrase buttons rest a moment after a tap; a page that sends a flood anyway is heard a
        # few times (the seat's burst, one already spent above), not ten
        assert friend.is_disabled("#fr-phrases button[data-phrase='hello']")
        friend.evaluate("() => { for (let i = 0; i < 10; i++) window.mahjongFriends.room.say('hello'); }")
        host.wait_for_function("() => [...document.querySelectorAll('#fr-log p.said')].some(p => p.textContent === 'Lan: Hello!')")
        host.wait_for_timeout(1500)
        hellos = [line for line in host.evaluate(LOG) if line == "Lan: Hello!"]
        assert 1 <= len(hellos) <= 2, host.evaluate(LOG)
        shot(host, output_path, "host-table-1280")
        # on a desktop the log stands in the room the board leaves at its left, clear of every seat's
        # tiles (it covered the right seat's hand until its lines faded)
        room = host.evaluate("() => { const L = window.mahjongFriends.renderer.layout; "
                             "const b = document.getElementById('fr-log').getBoundingClientRect(); "
                             "return {left: b.left, right: b.right, height: b.height, board: L.cx - L.halfW}; }")
        assert room["height"] > 0 and 0 <= room["left"] and room["right"] <= room["board"], room
        # the room's card opens again over the table (it could not once the hand was dealt): the
        # friend's seats, the host's link and QR code for someone who dropped; back to the table
        assert friend.text_content("#fr-room-open") == "房间"
        tap(friend, "#fr-room-open")
        friend.wait_for_selector("#fr-card:not([hidden]) #fr-seatlist li[data-seat='1']")
        shot(friend, output_path, "friend-room-again-390")
        tap(friend, "#fr-hide")
        friend.wait_for_selector("#fr-card", state="hidden")
        tap(host, "#fr-room-open")
        host.wait_for_selector("#fr-card:not([hidden]) #fr-qr svg")
        assert host.input_value("#fr-link") == link
        tap(host, "#fr-hide")
        host.wait_for_selector("#fr-card", state="hidden")
        assert not host.errors and not friend.errors, (host.errors, friend.errors)
    finally:
        for page in (host, friend):
            print(page.evaluate(LOG), page.errors)
        host_ctx.close()
        friend_ctx.close()


def test_four_people_play_a_longyan_hand_with_flowers_and_a_gold_one_dropping_and_returning(browser, site, relays, output_path):
    """Issue 49's 'done when': four people, two on phones and two on desktops, in three languages,
    play a Longyan hand to its settlement through the local relay, by taps; one closes their page
    mid-hand (a bot plays for them meanwhile) and comes back from the link to the same seat."""
    people = [person(browser, site, lang="en"), person(browser, site, phone=True, lang="zh-Hans"),
              person(browser, site, phone=True, lang="zh-Hant"), person(browser, site, lang="en")]
    (host_ctx, host), *friends = people
    pages = [host] + [page for _, page in friends]
    try:
        link = host_room(host, site, relays, variant="longyan", clock="20", name="Mei")
        for (_, page), name in zip(friends, ["兰", "竹", "<i>Ana</i>"]):
            join(page, link, name)
        wait_seated(host, ["Mei", "兰", "竹", "<i>Ana</i>"])
        # a name is text on every page, never markup
        assert host.locator("#fr-seatlist i, #fr-seats i").count() == 0
        start(host)
        for page in pages:
            wait_state(page)
        s = host.evaluate(STATE)
        assert s["variant"] == "longyan" and s["gold"], s
        # (flowers set aside at the deal: the deal is everyone's seed, and about one deal in forty
        # deals no flower, so the test asks for the flowers' place at each seat, not for a flower)
        assert len(s["flowers"]) == 4, s["flowers"]
        # each page holds its own seat's tiles and no other
        for seat, page in enumerate(pages):
            mine = page.evaluate(STATE)
            assert mine["seat"] == seat
            assert [h is not None for h in mine["hands"]] == [i == seat for i in range(4)], (seat, mine["hands"])
        shot(pages[1], output_path, "phone-zh-Hans-390")
        shot(pages[3], output_path, "desktop-en-1280")

        dropped = {}

        def drop_and_return(moves):
            # the zh-Hant phone leaves after a few moves, and comes back a few moves later
            context, page = friends[1]
            if moves == 6 and not dropped:
                dropped["seat"] = page.evaluate(STATE)["seat"]
                page.close()
                host.wait_for_function("() => !!document.querySelector('.fr-chip.away[data-seat=\"2\"]')", timeout=30_000)
                # the other friends' pages are told too, in their language
                pages[1].wait_for_function("() => [...document.querySelectorAll('#fr-log p')].some(p => p.textContent === '竹 离开了。')",
                                           timeout=30_000)
                dropped["away"] = True
                pages[2] = None
            elif moves >= 10 and dropped.get("away") and pages[2] is None:
                again = context.new_page()
                again.errors = []
                again.on("pageerror", lambda error: again.errors.append(str(error)))
                again.goto(link)
                back = wait_state(again, timeout=60_000)
                assert back["seat"] == dropped["seat"]
                shot(again, output_path, "returned-zh-Hant-390")
                pages[2] = again
                host.wait_for_function("() => !document.querySelector('.fr-chip.away')", timeout=30_000)

        deadline = time.monotonic() + 300
        moves = 0
        while time.monotonic() < deadline:
            live = [p for p in pages if p is not None]
            if len(live) == 4 and all((p.evaluate(STATE) or {}).get("over") for p in live):
                break
            acted = False
            for page in live:
                if page.is_closed():
                    continue
                if play_turn(page):
                    moves += 1
                    acted = True
                    drop_and_return(moves)
                    break
            if not acted:
                time.sleep(0.1)
                if moves >= 6:
                    drop_and_return(max(moves, 10))
        else:
            raise AssertionError("the hand did not end in time")
        assert dropped.get("away") and pages[2] is not None
        assert host.locator(".fr-chip.away").count() == 0 and host.locator(f'.fr-chip[data-seat="{dropped["seat"]}"]').count() == 1
        for page in pages:
            page.wait_for_selector("[data-dialog='settle']", timeout=20_000)
        # each friend's page checks the deal once the hand is over, by its own engine, and says so
        for page, words in zip(pages[1:], ["发牌已核对", "發牌已核對", "Deal checked"]):
            page.wait_for_function("(w) => (document.getElementById('fr-deal')?.textContent ?? '').startsWith(w)", arg=words,
                                   timeout=180_000)
        shot(pages[1], output_path, "settlement-zh-Hans-390")
        shot(host, output_path, "settlement-en-1280")
        assert pages[1].locator("#settle-next").count() == 0  # a friend waits for the host's deal
        # the hand's replay, every hand face up, for a friend too
        # (on a phone the hand as held, the replay and the exports are folded under one line: opened first)
        if not pages[1].is_visible("#fr-replay"):
            tap(pages[1], "#settle .settle-details > summary")
        with friends[0][0].expect_page() as opened:
            tap(pages[1], "#fr-replay")
        viewer = opened.value
        viewer.wait_for_function("() => document.getElementById('rp-faceup')?.checked === true", timeout=30_000)
        assert "replay.html#r=" in viewer.url and "faces=up" in viewer.url
        viewer.close()
        # the host deals the next hand: everyone is at it, the settlement gone
        tap(host, "#settle-next")
        for page in pages:
            wait_state(page, "s => !s.over", timeout=30_000)
            page.wait_for_selector("[data-dialog='settle']", state="detached", timeout=10_000)
        assert {page.evaluate("() => window.mahjongFriends.view.state.match.hand_number") for page in pages} == {1}
        # "Play again" from the reopened room card: a new match in the same room, the same people,
        # a new seed from everyone's shares; the card gives the host the table back
        tap(host, "#fr-room-open")
        assert host.text_content("#fr-start") == "Play again"
        # mid-match it asks first: "No" leaves the match as it is
        tap(host, "#fr-start")
        tap(host, "#fr-again-no")
        assert host.locator("#fr-again-ask").count() == 0
        assert host.evaluate("() => window.mahjongFriends.view.state.match.hand_number") == 1
        tap(host, "#fr-start")
        tap(host, "#fr-again-yes")
        host.wait_for_selector("#fr-card", state="hidden")
        pages[1].wait_for_function("() => [...document.querySelectorAll('#fr-log p')].some(p => p.textContent === '房主开始了新的一场。')",
                                   timeout=30_000)
        for seat, page in enumerate(pages):
            page.wait_for_function("(seat) => { const s = window.mahjongFriends.view.state; return s.match.hand_number === 0 "
                                   "&& !s.is_over && s.seat === seat && s.history_length < 12; }", arg=seat, timeout=60_000)
        for page in pages:
            assert not page.errors, page.errors
    finally:
        for context, _ in people:
            context.close()


def refused_lines(page, words):
    return page.wait_for_function("(w) => [...document.querySelectorAll('#fr-log p.refused')].some(p => p.textContent.includes(w))",
                                  arg=words, timeout=20_000)


def play_moves(pages, n, timeout_s=60):
    deadline = time.monotonic() + timeout_s
    moves = 0
    while moves < n and time.monotonic() < deadline:
        acted = False
        for page in pages:
            if play_turn(page):
                moves += 1
                acted = True
        if not acted:
            time.sleep(0.1)
    assert moves >= n, f"only {moves} moves"


def test_strangers_read_nothing_tampering_is_refused_a_relay_dies_and_the_host_reloads(browser, site, relays, output_path):
    """A stranger subscribed to every topic of the relay sees only ciphertext; a replayed message and
    changed ones are refused, named; the relay in use dies and the next carries the room; the host
    reloads and resumes the match from its save, the friend playing on."""
    spy = Eavesdropper(relays[0].url)
    host_ctx, host = person(browser, site)
    friend_ctx, friend = person(browser, site, phone=True, lang="zh-Hant")
    try:
        link = host_room(host, site, relays, name="Mei", clock="10")
        join(friend, link, "Lan")
        wait_seated(host, ["Mei", "Lan"])
        start(host)
        wait_state(friend)
        play_moves([host, friend], 4)
        # the stranger: one topic, a hash; every payload opaque (no name, no tile, no action word)
        topics = {topic for topic, _ in spy.seen}
        assert len(topics) == 1 and next(iter(topics)).startswith("mjf1/"), topics
        assert len(spy.seen) > 10
        for _, payload in spy.seen:
            for word in (b"Mei", b"Lan", b"discard", b"hands", b"legal", b'"seat"'):
                assert word not in payload
        topic = next(iter(topics))
        host_id, friend_id = host.evaluate("() => window.mahjongFriends.room.hostId"), \
            friend.evaluate("() => window.mahjongFriends.room.device.id")
        to_host = [p for _, p in spy.seen if p[1] == 1 and p[2:10].hex() == host_id and p[10:18].hex() == friend_id]
        assert to_host
        # a replayed message: a copy (the relays may carry one twice), used once and not a refusal
        copies = host.evaluate("() => window.mahjongFriends.room.channel.copies")
        spy.publish(topic, to_host[-1])
        host.wait_for_function("(n) => window.mahjongFriends.room.channel.copies > n", arg=copies, timeout=20_000)
        # a changed byte: refused (cannot be opened)
        changed = bytearray(to_host[-1])
        changed[-5] ^= 1
        spy.publish(topic, bytes(changed))
        refused_lines(host, "could not be opened")
        # sealed for one pair, passed off as the room's: the room key does not open it
        passed_off = bytearray(to_host[-1])
        passed_off[1] = 0
        spy.publish(topic, bytes(passed_off))
        host.wait_for_function("() => [...document.querySelectorAll('#fr-log p.refused')].filter(p => p.textContent.includes('could not be opened')).length >= 2",
                               timeout=20_000)
        before = host.evaluate(STATE)["at"]
        # the relay in use dies: both pages move to the next, and play goes on
        relays[0].stop()
        for page in (host, friend):
            page.wait_for_function("(port) => document.getElementById('fr-relay').textContent.includes(':' + port)",
                                   arg=relays[1].port, timeout=30_000)
        play_moves([host, friend], 2)
        assert host.evaluate(STATE)["at"] > before
        # the host reloads: the match resumes from its save, the friend plays on
        at = host.evaluate(STATE)["at"]
        host.reload()
        wait_state(host, f"s => s.at >= {at}", timeout=HOST_READY_MS)
        friend.wait_for_function("() => !document.querySelector('.fr-chip.away')", timeout=30_000)
        play_moves([host, friend], 3)
        assert host.evaluate(STATE)["at"] > at
        # the friend lets the table's clock run out: the host's engine plays for them, and says so
        while not friend.evaluate(STATE)["human"]:
            play_turn(host)
            time.sleep(0.1)
        friend.wait_for_function("() => [...document.querySelectorAll('#fr-log p')].some(p => p.textContent.startsWith('時間到'))",
                                 timeout=20_000)
        shot(host, output_path, "host-after-reload-1280")
        shot(friend, output_path, "friend-after-reload-390")
        assert not host.errors and not friend.errors, (host.errors, friend.errors)
    finally:
        for page in (host, friend):
            print(page.evaluate(LOG) if not page.is_closed() else None, page.errors)
        spy.close()
        host_ctx.close()
        friend_ctx.close()


def test_a_host_on_a_long_turn_is_not_gone_a_host_gone_is_said_until_they_are_back_a_late_friend_sits(browser, site, relays, output_path):
    """With no clock, the host thinks over their first discard longer than the friend's 15 s: the
    friend's page must not say the host is gone (the host never answered a ping: it said so). Then
    the host's page closes: the friend's page says so, marks the host's seat away, and keeps saying
    it past the 12 s a notice lasts; the host opens the room again and the notice goes. Then a friend
    late to the table sits down mid-hand at a bot's seat."""
    host_ctx, host = person(browser, site)
    friend_ctx, friend = person(browser, site)
    late_ctx, late = person(browser, site, lang="zh-Hans")
    try:
        link = host_room(host, site, relays, clock="0")
        join(friend, link, "Lan")
        wait_seated(host, ["Mei", "Lan"])
        start(host)
        wait_state(host, "s => s.human")
        wait_state(friend)
        friend.wait_for_timeout(21_000)  # the host thinks: more than 15 s, no clock
        assert not any("cannot be heard" in line for line in friend.evaluate(LOG)), friend.evaluate(LOG)
        assert friend.query_selector(".fr-chip.away") is None
        host.close()
        friend.wait_for_selector("#fr-host-away", timeout=40_000)
        assert friend.text_content("#fr-host-away") == "The host cannot be heard; the game waits for them."
        friend.wait_for_selector(".fr-chip.away[data-seat='0']")
        friend.wait_for_timeout(13_000)  # longer than a notice lasts: this one lasts while it is true
        assert friend.is_visible("#fr-host-away")
        shot(friend, output_path, "friend-host-gone-1280")
        host = host_ctx.new_page()
        host.goto(link)
        friend.wait_for_selector("#fr-host-away", state="detached", timeout=60_000)
        friend.wait_for_function("() => [...document.querySelectorAll('#fr-log p')].some(p => p.textContent.includes('host is back'))")
        # (the host's page marks each friend away until it hears them again: a ping away)
        friend.wait_for_function("() => !document.querySelector('.fr-chip.away')", timeout=30_000)
        # a friend late to the table takes a bot's seat mid-hand (it said "full" once the match had
        # started): their own hand, the table unchanged, the seat waited for as a person's
        at = wait_state(host)["at"]
        join(late, link, "Zhu")
        # mid-match a seat is the host's to give: their page waits, the host's asks, one tap
        late.wait_for_selector("#fr-asked", timeout=30_000)
        assert "房主" in late.text_content("#fr-asked")
        host.wait_for_selector("#fr-card:not([hidden]) .fr-asking .fr-let", timeout=30_000)
        assert "Zhu" in host.text_content(".fr-asking")
        tap(host, ".fr-asking .fr-let")
        mine = wait_state(late, timeout=HOST_READY_MS)
        assert mine["seat"] == 2 and [h is not None for h in mine["hands"]] == [False, False, True, False], mine
        assert mine["at"] == at
        host.wait_for_function("() => document.querySelector('#fr-seats .fr-chip[data-seat=\"2\"] .name')?.textContent === 'Zhu'")
        assert host.evaluate("() => window.mahjongFriends.view.state.people") == [0, 1, 2]
        shot(late, output_path, "late-friend-1280")
    finally:
        print(friend.evaluate(LOG), friend.errors)
        host_ctx.close()
        friend_ctx.close()
        late_ctx.close()


def test_a_damaged_room_link_is_named_in_the_readers_language_and_the_page_stays_usable(page, site):
    page.goto(site.url + "friends.html?lang=zh-Hans#room=NOT-A-CODE")
    page.wait_for_selector(".fr-problem")
    assert "房间号不对" in page.text_content(".fr-problem")
    assert page.is_visible("#fr-create") and page.is_visible("#fr-join")
    page.goto(site.url + "friends.html?lang=en#room=0000000000000000.zz")
    page.wait_for_function("() => (document.querySelector('.fr-problem') || {}).textContent?.includes('damaged')")
