#!/usr/bin/env python3
"""A table of friends through a relay (issue 49), and through two at once (issue 53): a move's time
from one device's tap to the others' redraw, and the bytes a hand sends.

    python bench/friends.py [--relays 1,2] [--hands 1] [--people 4] [--variant xinyu] [--chromium /usr/bin/chromium]

`--relays 1,2` (the default) plays the same table twice, through one relay (amqtt) and then
through two at once (amqtt and Debian's mosquitto: every page publishes on both and reads from
both, a copy through the second dropped), and prints the two side by side; `--relays 2` only the
second.

Builds dist/, starts a real MQTT-over-WebSocket relay on loopback (amqtt, as the tests do:
tests/support/friends_relay.py), opens one browser context per person (the host first: its page
runs the engine), creates the room and seats everyone through the pages, then plays whole hands by
taps on the canvas and the claim buttons (a win when offered, else a pass, else the tile drawn).
For each person's move it takes the time from the tap (the page's `timing.sent`) to the frame
that drew the new table on every other page (`drawn`), all on the machine's one clock
(performance.timeOrigin + now). Bytes are the sealed payloads each page published (the relay
sends each to every subscriber of the room's topic). A loopback relay has no network in it: add
a public broker's round trip (tens to hundreds of ms) for a real table. Figures only, no verdict.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))

from served_site import CHROMIUM, Site  # noqa: E402
from friends_relay import Mosquitto, Relay  # noqa: E402

STATE = """() => { const f = window.mahjongFriends; const s = f && f.view.state;
  return s ? {human: s.human_to_move, legal: s.legal_actions, over: s.is_over, at: s.history_length} : null; }"""
TILES = "() => window.mahjongFriends.renderer.handRects.map(r => ({x: r.x + r.w / 2, y: r.y + r.h / 2, code: r.code}))"
MOVED = "(at) => { const s = window.mahjongFriends.view.state; return !s.human_to_move || s.history_length !== at; }"


def tap_move(page) -> dict | None:
    """One decision by taps if this page is to act; the moment it was sent from."""
    s = page.evaluate(STATE)
    if not s or s["over"] or not s["human"]:
        return None
    legal = s["legal"]
    kind = "win" if "win" in legal else "pass" if "pass" in legal else None
    if kind:
        page.click(f"#actions button[data-action^='{kind}']")
    else:
        tiles = [t for t in page.evaluate(TILES) if f"discard {t['code']}" in legal]
        if not tiles:
            return None
        page.mouse.click(tiles[-1]["x"], tiles[-1]["y"])
        page.mouse.click(tiles[-1]["x"], tiles[-1]["y"])
    page.wait_for_function(MOVED, arg=s["at"], timeout=30_000)
    return page.evaluate("() => window.mahjongFriends.timing.sent")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--relays", default="1,2", help="the runs: how many relays at once in each (1, 2 or 1,2)")
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--people", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--variant", default="xinyu")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args()
    runs = [int(n) for n in args.relays.split(",")]
    print(f"load average before: {os.getloadavg()}")
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        started = [Relay(Path(tmp))]
        try:
            if max(runs) > 1:
                started.append(Mosquitto(Path(tmp)))
            with Site(chromium=args.chromium) as site:
                for n in runs:
                    print(f"--- through {n} relay{'s' if n > 1 else ''} at once: {', '.join(r.url for r in started[:n])}")
                    figures[n] = run(site, [r.url for r in started[:n]], args)
        finally:
            for relay in started:
                relay.close()
    if len(figures) > 1:
        print("tap -> redraw on another device (ms):")
        for n, f in figures.items():
            print(f"  {n} relay{'s' if n > 1 else ' '}: p50 {f['p50']:.0f}, p95 {f['p95']:.0f}, max {f['max']:.0f} "
                  f"({f['samples']} samples); each page received ~{f['received_kb']:.0f} KB per hand")
    print(f"load average after: {os.getloadavg()}")


def run(site: Site, relays: list[str], args: argparse.Namespace) -> dict:
    contexts = [site.browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(args.people)]
    pages = [c.new_page() for c in contexts]
    host = pages[0]
    host.goto(site.url("friends.html?lang=en"))
    host.fill("#fr-name", "P1")
    host.click(".fr-relays summary")
    host.fill("#fr-relays", "\n".join(relays))
    host.click("#fr-relays-save")
    host.select_option("#fr-variant", args.variant)
    host.select_option("#fr-clock", "0")
    host.click("#fr-create")
    host.wait_for_selector("#fr-link")
    link = host.input_value("#fr-link")
    for i, page in enumerate(pages[1:], 2):
        page.goto(link)
        page.fill("#fr-name", f"P{i}")
        page.click("#fr-sit")
    host.wait_for_function("(n) => document.querySelectorAll('#fr-seatlist li').length === 4 && "
                           "[...document.querySelectorAll('#fr-seatlist .mark')].filter(m => m.textContent.includes('connected')).length === n",
                           arg=args.people - 1, timeout=60_000)
    host.click("#fr-start")
    delays: list[float] = []
    for hand in range(args.hands):
        if hand:
            host.click("#settle-next")
        for page in pages:
            page.wait_for_function("(h) => { const s = window.mahjongFriends.view.state; return s && s.match.hand_number === h && !s.is_over; }",
                                   arg=hand, timeout=120_000)
        started = time.perf_counter()
        moves = 0
        while not all((p.evaluate(STATE) or {}).get("over") for p in pages):
            acted = False
            for i, page in enumerate(pages):
                sent = tap_move(page)
                if not sent:
                    continue
                acted = True
                moves += 1
                for j, other in enumerate(pages):
                    if j == i:
                        continue
                    other.wait_for_function("(at) => window.mahjongFriends.drawn.some(d => d.at > at)", arg=sent["at"], timeout=30_000)
                    t = other.evaluate("(at) => window.mahjongFriends.drawn.find(d => d.at > at).t", sent["at"])
                    delays.append(t - sent["t"])
            if not acted:
                time.sleep(0.05)
        print(f"hand {hand + 1}: {moves} moves by people in {time.perf_counter() - started:.1f} s")
        host.wait_for_selector("[data-dialog='settle']", timeout=30_000)
    sent = [p.evaluate("() => window.mahjongFriends.room.channel.sentBytes") for p in pages]
    received = [p.evaluate("() => window.mahjongFriends.room.channel.receivedBytes") for p in pages]
    delays.sort()
    print(f"people: {args.people}, bots: {4 - args.people}, rule set: {args.variant}, hands: {args.hands}")
    print(f"tap -> redraw on another device (ms, {len(delays)} samples): p50 {statistics.median(delays):.0f}, "
          f"p95 {delays[int(len(delays) * 0.95) - 1]:.0f}, max {delays[-1]:.0f}")
    per_hand = sum(sent) / args.hands
    print(f"bytes published per hand: {per_hand / 1024:.0f} KB (host {sent[0] / args.hands / 1024:.0f} KB, "
          f"each friend ~{statistics.mean(sent[1:]) / args.hands / 1024:.1f} KB); "
          f"received by each page ~{statistics.mean(received) / args.hands / 1024:.0f} KB (the relay fans every payload out; "
          f"a copy through a second relay is dropped before it is counted)")
    for c in contexts:
        c.close()
    return {"p50": statistics.median(delays), "p95": delays[int(len(delays) * 0.95) - 1], "max": delays[-1],
            "samples": len(delays), "received_kb": statistics.mean(received) / args.hands / 1024}


if __name__ == "__main__":
    main()
