"""What a hostile link or embedding page can do to the game: nothing but get a clear refusal.

Each test reruns a figure of issue 12 that was not zero on main (a dead page from a link, ...).
"""
from __future__ import annotations

import base64

from pagehelp import idle, open_game


def nested_link(depth: int) -> str:
    """A position whose hands are lists nested `depth` deep, as a `position` parameter
    (written out by hand: Python's json cannot encode it)."""
    text = '{"variant": "xinyu", "hands": ' + "[" * depth + "]" * depth + "}"
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def test_a_position_nested_3000_deep_is_refused_with_a_notice_not_a_dead_page(page, site, console_errors):
    """On main this link left an empty table forever: the worker's message could not be cloned."""
    link = nested_link(3000)
    assert len(link) > 8000
    open_game(page, site, f"position={link}&lang=en&speed=instant")
    page.wait_for_selector("#banner[data-kind=notice]")
    text = page.text_content("#banner")
    assert "position" in text and "deeper than" in text, text
    s = idle(page)
    assert s["variant"] == "xinyu" and not s["over"]
    assert console_errors == []
