"""How an error message quotes the input it refuses: short, whatever was sent.

A 1 MB string or a list nested 3,000 deep comes back as a few dozen characters (a plain
``repr`` would return the whole megabyte, or raise RecursionError on the deep list).
"""
from __future__ import annotations

import reprlib
from typing import Any

_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3        # nested containers beyond this show as [...] / {...}
_SHORT.maxstring = 60
_SHORT.maxother = 60
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 6
_SHORT.maxlong = 40


def quote(value: Any) -> str:
    """``repr(value)`` cut to at most about 80 characters; never raises."""
    try:
        text = _SHORT.repr(value)
    except Exception:  # a caller's object whose __repr__ fails still gets a message
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."
