"""A real relay on loopback for the friends tests: amqtt (PyPI, pinned in pyproject's test extras),
an MQTT 3.1.1 broker with a WebSocket listener, the protocol a room speaks to public brokers
(web/friends/mqtt.js). Each relay is its own process, so a test can stop one dead mid-hand.
(Debian bookworm's mosquitto 2.0.11 opens no WebSocket listener here: "Unable to start any
listening sockets".)"""
from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import time
from pathlib import Path

AVAILABLE = importlib.util.find_spec("amqtt") is not None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Relay:
    """One amqtt broker listening for MQTT over WebSocket on 127.0.0.1."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}/mqtt"
        folder.mkdir(parents=True, exist_ok=True)
        self.config = folder / f"relay-{self.port}.yaml"
        self.config.write_text(
            "---\nlisteners:\n  default:\n    type: ws\n"
            f"    bind: 127.0.0.1:{self.port}\n"
            "plugins:\n  amqtt.plugins.authentication.AnonymousAuthPlugin:\n    allow_anonymous: true\n",
            encoding="utf-8")
        self.log = open(folder / f"relay-{self.port}.log", "wb")
        self.process: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "amqtt.scripts.broker_script", "-c", str(self.config)],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError(f"the relay did not listen on {self.port}")

    def stop(self) -> None:
        """The relay dies: its process is killed, its connections drop."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(5)
        self.process = None

    def close(self) -> None:
        self.stop()
        self.log.close()


class Eavesdropper:
    """A stranger on the relay (as a relay's operator is): an MQTT client subscribed to every
    topic, keeping every payload it sees, and able to publish (a replay, a forgery)."""

    def __init__(self, url: str) -> None:
        import asyncio
        import threading

        self.url = url
        self.seen: list[tuple[str, bytes]] = []
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        if not self.ready.wait(20):
            raise RuntimeError("the eavesdropper could not connect")

    def _run(self) -> None:
        import asyncio
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._listen())

    async def _listen(self) -> None:
        from amqtt.client import MQTTClient
        from amqtt.mqtt.constants import QOS_0
        self.client = MQTTClient(config={"auto_reconnect": False})
        await self.client.connect(self.url)
        await self.client.subscribe([("#", QOS_0)])
        self.ready.set()
        while True:
            try:
                message = await self.client.deliver_message()
            except Exception:
                return
            if message is None:
                return
            self.seen.append((message.topic, bytes(message.data)))

    def publish(self, topic: str, payload: bytes) -> None:
        import asyncio
        from amqtt.mqtt.constants import QOS_0
        asyncio.run_coroutine_threadsafe(self.client.publish(topic, payload, qos=QOS_0), self.loop).result(10)

    def close(self) -> None:
        import asyncio
        try:
            asyncio.run_coroutine_threadsafe(self.client.disconnect(), self.loop).result(5)
        except Exception:
            pass
