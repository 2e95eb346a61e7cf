"""The engine's version, as pyproject.toml gives it (the page's trimmed standard library has no
importlib.metadata to read it from the wheel); a replay records it. Imports nothing."""
from __future__ import annotations

__version__ = "0.1.0"
