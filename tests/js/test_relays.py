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


def mqtt_client(port: int, name: str):
    """A plain MQTT 3.1.1 client on a socket (CONNECT, then whatever the test sends): the proxy's counterpart."""
    import socket
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    ident = name.encode()
    body = b"\x00\x04MQTT\x04\x02\x00\x3c" + len(ident).to_bytes(2, "big") + ident
    sock.sendall(bytes([0x10, len(body)]) + body)
    assert sock.recv(4) == b"\x20\x02\x00\x00"
    return sock


def test_the_proxy_drops_duplicates_delays_and_reorders_whole_publish_messages():
    """tests/support/relay_proxy.py in front of mosquitto's plain listener: 300 numbered messages published
    straight to the broker reach a subscriber behind the proxy with some dropped, some twice and some out of
    order, every one whole (frame-aware: it never cuts a message), and nothing but what was sent."""
    import tempfile
    import time

    from friends_relay import Mosquitto
    from relay_proxy import RelayProxy, mqtt_packets

    with tempfile.TemporaryDirectory() as tmp:
        broker = Mosquitto(Path(tmp))
        proxy = RelayProxy(broker.plain_port, kind="mqtt")
        try:
            proxy.faults(drop=0.1, duplicate=0.2, delay=0.3, reorder=0.1, seed=5, direction="down")
            sub = mqtt_client(proxy.port, "sub")
            topic = b"t/proxy"
            body = b"\x00\x01" + len(topic).to_bytes(2, "big") + topic + b"\x00"
            sub.sendall(bytes([0x82, len(body)]) + body)
            assert sub.recv(5)[0] == 0x90  # SUBACK
            pub = mqtt_client(broker.plain_port, "pub")
            for i in range(300):
                payload = len(topic).to_bytes(2, "big") + topic + f"message {i:03d} ".encode() * 20
                pub.sendall(bytes([0x30]) + bytes([len(payload) & 127 | 128, len(payload) >> 7]) + payload)
            buffer, got = bytearray(), []
            sub.settimeout(0.5)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                try:
                    chunk = sub.recv(65536)
                except TimeoutError:
                    if len(got) >= 250:
                        break
                    continue
                buffer += chunk
                for packet in mqtt_packets(buffer):
                    assert packet[0] >> 4 == 3, packet[:4]
                    text = packet[-len(b"message 000 ") * 20:].decode()
                    assert text == text[:12] * 20, text  # whole, never cut or mixed
                    got.append(int(text[8:11]))
            assert set(got) <= set(range(300))
            assert 0 < 300 - len(set(got)) < 60, len(set(got))  # some dropped
            assert len(got) > len(set(got))  # some twice
            assert got != sorted(got)  # some overtaken
            assert proxy.stats["dropped"] and proxy.stats["duplicated"] and proxy.stats["reordered"]
        finally:
            proxy.close()
            broker.close()
