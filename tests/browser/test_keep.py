"""Keep the matches (issues 15, 33) in Chromium: each saved after every action under its own key
and offered after a reload, exported and imported with the same scores, a corrupt save reported
and set aside, full storage said once and never hiding that the save is older."""
from __future__ import annotations

import json

from pagehelp import TABLE_UP, click_discard, idle, open_game, shot

SHOWN = "() => window.mahjong.replay && window.mahjong.replay.shown.then(() => true)"
# The kept matches' records ({kind, link, at, behind, save}) by key.
SLOTS = """() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('mahjong.match.'))
    .map(k => [k, JSON.parse(localStorage.getItem(k))]))"""
# Resolves once the newest kept save holds `n` actions in its last hand.
SAVED_UP_TO = """(n) => { const saves = Object.keys(localStorage).filter(k => k.startsWith('mahjong.match.'))
    .map(k => JSON.parse(localStorage.getItem(k))).sort((a, b) => b.at - a.at);
    return saves.length && saves[0].save.hands.at(-1).actions.length === n }"""


def test_reload_offers_to_continue_exactly_where_it_was(page, site, console_errors, output_path):
    open_game(page, site, "variant=longyan&timer=0&lang=en&speed=instant&level=hard")
    moves = 0
    while True:
        s = idle(page)
        if s["over"]:  # a bot won (the deal is not seeded): the save is tested in the next hand
            assert not s["matchOver"], s
            page.evaluate("() => window.mahjong.nextHand()")
            continue
        if moves == 3:
            break
        if any(a.startswith("discard ") for a in s["legal"]):
            click_discard(page, s["legal"])
        else:                                                   # a claim window
            page.evaluate("(a) => window.mahjong.act(a)", "pass")
        moves += 1
    before = page.evaluate("() => window.mahjong.state()")
    # the save has caught up with the table: as many actions as the hand's history
    page.wait_for_function(SAVED_UP_TO, arg=before["history_length"])
    page.reload()
    page.wait_for_selector("#resume-continue", timeout=90_000)
    shot(page, output_path, "resume-offer")
    page.click("#resume-continue")
    page.wait_for_function(TABLE_UP)
    idle(page)
    after = page.evaluate("() => window.mahjong.state()")
    assert after == before
    assert after["level"] == "hard" and after["variant"] == "longyan"
    s = idle(page)
    assert s["human"], s
    if any(a.startswith("discard ") for a in s["legal"]):       # and the match plays on
        click_discard(page, s["legal"])
    else:                                                       # a claim window: pass it
        page.evaluate("(a) => window.mahjong.act(a)", "pass")
    s = idle(page)
    assert s["human"] or s["over"], s  # (a bot may win off that discard: the deal is not seeded)
    assert console_errors == []


def test_export_then_import_gives_the_same_final_scores(page, site, console_errors, output_path, tmp_path):
    open_game(page, site, "variant=xinyu&lang=en&speed=instant&hands=1")
    while True:
        s = idle(page)
        if s["over"]:
            break
        page.evaluate("(a) => window.mahjong.act(a)", s["legal"][-1] if "pass" not in s["legal"] else "pass")
    final = page.evaluate("() => window.mahjong.state().result.scores")
    page.wait_for_selector("#settle-export", timeout=30_000)
    shot(page, output_path, "settlement-buttons")
    with page.expect_download() as info:
        page.click("#settle-export")
    path = tmp_path / "match.json"
    info.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["format"] == "mahjong-replay" and data["hands"][0]["result"]["scores"] == final
    page.goto(site.url + "replay.html?lang=en")
    page.wait_for_function(SHOWN, timeout=90_000)
    opened = page.evaluate("() => window.mahjong.replay.opened()")
    page.set_input_files("#rp-file", str(path))
    page.wait_for_function(f"() => window.mahjong.replay.opened() === {opened + 1}")
    assert page.evaluate("() => window.mahjong.replay.notice()") == ""
    page.wait_for_function("() => window.mahjong.state() && window.mahjong.replay.where().hand === 0")
    page.keyboard.press("End")
    page.wait_for_selector("#rp-settle:not([hidden])")
    assert page.evaluate("() => window.mahjong.state().result.scores") == final
    assert console_errors == []


def test_watch_this_hand_again_opens_the_viewer(page, site, console_errors, output_path):
    open_game(page, site, "variant=xinyu&lang=en&speed=instant&hands=2")
    while not (s := idle(page))["over"]:
        page.evaluate("(a) => window.mahjong.act(a)", "pass" if "pass" in s["legal"] else s["legal"][-1])
    page.wait_for_selector("#settle-watch", timeout=30_000)
    history = page.evaluate("() => window.mahjong.state().match")
    for width, height in ((390, 844), (844, 390), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        shot(page, output_path, f"settlement-{width}x{height}")
    page.click("#settle-watch")
    page.wait_for_url("**/replay.html#r=*", timeout=30_000)
    page.wait_for_function(SHOWN, timeout=90_000)
    assert page.evaluate("() => window.mahjong.replay.where().step") == 0
    page.keyboard.press("End")
    page.wait_for_selector("#rp-settle:not([hidden])")
    assert page.evaluate("() => window.mahjong.state().result.deltas") == history["results"][0]["deltas"]
    page.keyboard.press("Escape")
    page.click("#rp-game")                                       # back to the game: the match goes on
    page.wait_for_selector("#resume-continue", timeout=90_000)
    page.click("#resume-continue")
    page.wait_for_function(TABLE_UP)
    assert page.evaluate("() => window.mahjong.state().match.hand_number") == 0
    assert console_errors == []


def test_a_corrupt_save_is_reported_set_aside_and_a_new_match_starts(page, site, console_errors, output_path):
    open_game(page, site, "lang=en&speed=instant")
    page.evaluate("() => localStorage.setItem('mahjong.save', '{\"format\": \"mahjong-replay\", \"version\": 1, broken')")
    page.reload()
    page.wait_for_function(TABLE_UP, timeout=90_000)
    page.wait_for_selector("#banner[data-kind=notice]")
    assert "could not be read" in page.inner_text("#banner")
    kept = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('mahjong.save.aside.'))
        .map(k => localStorage.getItem(k))""")
    assert kept == ['{"format": "mahjong-replay", "version": 1, broken']
    s = idle(page)
    assert s["human"] and not s["over"]                            # a playable new match
    click_discard(page, s["legal"])
    # a save the engine cannot resume (an illegal action in it): reported, set aside too
    page.wait_for_function("""() => Object.keys(localStorage).some(k => k.startsWith('mahjong.match.'))""")
    # changed as the next page starts, before its scripts: the bots of this one go on playing and
    # saving until it is gone, and could write a good save over one changed now
    page.add_init_script("""(() => { if (sessionStorage.getItem('test.corrupted')) return;
        const key = Object.keys(localStorage).find(k => k.startsWith('mahjong.match.'));
        const r = JSON.parse(localStorage.getItem(key));
        r.save.hands[0].actions[0][1] = 'discard 9z'; localStorage.setItem(key, JSON.stringify(r));
        sessionStorage.setItem('test.corrupted', '1'); })()""")
    page.reload()
    page.click("#resume-continue", timeout=90_000)
    page.wait_for_selector("#banner[data-kind=notice]")
    assert "could not be read" in page.inner_text("#banner")
    page.wait_for_function(TABLE_UP)
    assert idle(page)["human"]
    shot(page, output_path, "corrupt-save")
    asides = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('mahjong.save.aside.')).length")
    assert asides == 2
    assert console_errors == []


def test_deal_of_the_day_compares_the_total_with_the_bots_on_the_same_walls(page, site, console_errors, output_path):
    open_game(page, site, "daily&hands=1&variant=xinyu&lang=en&speed=instant&level=normal")  # (a first match is easy: issue 48)
    today = page.evaluate("() => Number(new Date().toISOString().slice(0, 10).replace(/-/g, ''))")
    state = page.evaluate("() => window.mahjong.state()")
    assert state["match"]["seed"] == today and state["match"]["hands"] == 1
    while not (s := idle(page))["over"]:
        page.evaluate("(a) => window.mahjong.act(a)", "pass" if "pass" in s["legal"] else s["legal"][0])
    mine = page.evaluate("() => window.mahjong.state().result.deltas[0]")
    page.click("#settle-compare", timeout=30_000)
    page.wait_for_selector("table.compare[data-done=true]", timeout=120_000)
    shot(page, output_path, "compare")
    assert page.inner_text("#compare-you") == str(mine)
    totals = [int(page.inner_text(f"#compare-{k}")) for k in ("normal", "hard")]
    # the engine's own figure for the same deal with each bot in seat 0
    from py_engine import Match, bots
    for level, shown in zip(("normal", "hard"), totals):
        game = Match("xinyu", hands=1, seed=today).game
        while not game.is_over:
            seat = game.waiting_for[0]
            game.apply(seat, bots.choose(game, seat, level if seat == 0 else "normal"))
        assert game.result["deltas"][0] == shown, level
    # the same deal from the settings dialog's button: a new match on today's walls
    ended = page.evaluate("() => window.mahjong.state().history_length")
    page.click("#compare button.primary")
    page.click("#settle-peek")                                    # the table behind the final standings
    page.click("#tb-settings")
    page.click("#set-daily")
    page.wait_for_function("(n) => window.mahjong.state().history_length < n && !window.mahjong.state().is_over", arg=ended)
    again = page.evaluate("() => window.mahjong.state().match")
    assert again["seed"] == today and again["hands"] == 1 and again["hand_number"] == 0
    assert console_errors == []
