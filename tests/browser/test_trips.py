"""A round of play costs the trips to the engine worker its moves need (issue 32): the player's
discard and each bot's move, one request each. Before, every new state asked the engine for a
save of the whole match (a second trip per move) and, with hints on, the hint (a third): 8 trips a
round at least, 12 with hints. Now a move's answer brings the save and the hint along
(py_engine/bridge.py KEEPING), and the match kept in the browser is still the latest moment."""
from __future__ import annotations

import json
from collections import Counter

from pagehelp import click_discard, idle, open_game

COUNT_CALLS = """
window.__calls = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message && message.type === "call") window.__calls.push(message.method);
  return post.call(this, message, ...rest);
};
"""


def test_a_round_costs_one_trip_a_move_with_its_save_and_hints(page, site, console_errors):
    page.add_init_script(COUNT_CALLS)
    open_game(page, site, "variant=xinyu&seed=11&lang=en&speed=instant&hints=1")
    for _ in range(3):  # three rounds: the player's discard, then the bots up to the player's next turn
        s = idle(page)
        assert s["human"] and not s["over"]
        page.evaluate("window.__calls = []")
        click_discard(page, s["legal"])
        s = idle(page)
        calls = Counter(page.evaluate("window.__calls"))
        if s["over"]:
            break
        assert set(calls) <= {"act", "bot_step"}, calls
        assert calls["act"] == 1 and calls["bot_step"] >= 3, calls
        # the saved match is this very moment, and the hint panel shows this turn's hint
        slots = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('mahjong.match.'))")
        assert len(slots) == 1, slots  # this match's own key (keep/saves.js)
        kept = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(slots[0])})"))["save"]
        state = page.evaluate("window.mahjong.state()")
        assert len(kept["hands"][-1]["actions"]) == state["history_length"]
        page.wait_for_selector("#hints:not([hidden])")
    assert console_errors == []
