"""The room's transport in Node against real brokers (Debian's mosquitto) and the bad network of
tests/support/relay_proxy.py: tests/js/relays.node.mjs, run with Node's WebSocket (a flag on Node
20; on by default from 22). Apart from tests/js/*.test.mjs (test_page_js.py): it needs mosquitto
and Python beside Node, and takes ~15 s of real time (a silent relay is noticed by its clock)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from friends_relay import MOSQUITTO  # tests/support

ROOT = Path(__file__).resolve().parents[2]


def test_the_transport_notices_dead_relays_and_carries_a_room_on_every_relay_at_once():
    node = shutil.which("node")
    if not node:
        pytest.fail("node is missing: tests/run.sh installs the page's tools")
    if not MOSQUITTO:
        pytest.fail("mosquitto is missing: tests/run.sh installs it")
    done = subprocess.run([node, "--experimental-websocket", "--test", "tests/js/relays.node.mjs"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHON": sys.executable, "MOSQUITTO": MOSQUITTO})
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
