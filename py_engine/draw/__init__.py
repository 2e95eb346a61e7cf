"""Hands drawn in Python, with the page's own tile art: SVG for Markdown sites and notebooks.

    from py_engine.draw import hand_svg, Hand
    hand_svg("123m456p789s11z|pong 7z from left|gold 5m", size=36, lang="zh-Hans")
    Hand("1234m|concealed_kong 9s|flowers 1f5f")      # shows itself in Jupyter

The notation is <mj-hand>'s (notation.py), the faces are faces.json's (the file the page paints
from), the layout is the page's (layout.py). No dependency: the Markdown extension
(py_engine.draw.markdown) needs Markdown, installed by the `markdown` extra. docs/drawing.md.
"""
from __future__ import annotations

from .notation import HandSpec, NotationError, format_hand, parse_hand
from .notebook import Hand, Position, Settlement
from .svg import SIZE, THEMES, alt_text, hand_svg, script_of

__all__ = ["Hand", "HandSpec", "NotationError", "Position", "SIZE", "Settlement", "THEMES", "alt_text",
           "format_hand", "hand_svg", "parse_hand", "script_of"]
