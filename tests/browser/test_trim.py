"""The site ships only the standard library a boot and a match import (tools/site_bytecode.py):
a whole hand of each rule set, with the hints panel on and asked at every turn, plays on it
with no engine failure and no console error."""
from __future__ import annotations

import pytest

from pagehelp import idle, open_game


@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_the_trimmed_site_plays_a_hand_with_hints(page, site, console_errors, variant):
    open_game(page, site, f"variant={variant}&hints=1&speed=instant&lang=en&level=hard")
    page.evaluate(f"""() => window.mahjong.newGame({{variant: "{variant}", seed: 8, level: "hard",
                                                     hints: true, hands: 1, options: {{timer: 0}}}})""")
    hinted = 0
    for _ in range(200):
        s = idle(page)
        if s["over"]:
            break
        answer = page.evaluate("() => window.mahjong._call('hint')")
        assert answer["ok"] and answer["hint"], answer
        hinted += 1
        choice = answer["hint"].get("suggested") or s["legal"][-1]
        page.evaluate("(a) => window.mahjong.act(a)", choice if choice in s["legal"] else s["legal"][-1])
    else:
        pytest.fail("the hand did not end")
    assert hinted >= 3
    position = page.evaluate("() => window.mahjong._call('position')")
    assert position["ok"], position
    assert page.evaluate("() => window.mahjong.state().result") is not None
    assert console_errors == []
