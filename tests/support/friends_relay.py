"""Real relays on loopback for the friends tests: amqtt (PyPI, pinned in pyproject's test extras),
an MQTT 3.1.1 broker with a WebSocket listener, the protocol a room speaks to public brokers
(web/friends/mqtt.js), and a second implementation, Debian's mosquitto (tests/run.sh installs it).
Each relay is its own process, so a test can stop one dead mid-hand. (Debian bookworm's mosquitto
2.0.11 opens its WebSocket listener only beside a plain one and with `socket_domain ipv4`: alone,
it says "Unable to start any listening sockets".)"""
from __future__ import annotations

import importlib.util
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

AVAILABLE = importlib.util.find_spec("amqtt") is not None
MOSQUITTO = shutil.which("mosquitto") or next((p for p in ("/usr/sbin/mosquitto",) if Path(p).exists()), None)


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


def wait_listening(port: int, process: subprocess.Popen, what: str) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        if process.poll() is not None:
            break
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on {port}")


class Mosquitto:
    """One Debian mosquitto broker on 127.0.0.1: MQTT over WebSocket (`url`, `port`) beside a plain
    MQTT listener (`plain_port`), anonymous, keeping nothing."""

    def __init__(self, folder: Path) -> None:
        if not MOSQUITTO:
            raise RuntimeError("mosquitto is missing: tests/run.sh installs it (apt-get install mosquitto)")
        self.port, self.plain_port = free_port(), free_port()
        self.url = f"ws://127.0.0.1:{self.port}/mqtt"
        folder.mkdir(parents=True, exist_ok=True)
        self.config = folder / f"mosquitto-{self.port}.conf"
        self.config.write_text(
            "per_listener_settings false\nallow_anonymous true\npersistence false\nlog_dest stdout\n"
            f"listener {self.plain_port} 127.0.0.1\nsocket_domain ipv4\n"
            f"listener {self.port} 127.0.0.1\nprotocol websockets\nsocket_domain ipv4\n", encoding="utf-8")
        self.log = open(folder / f"mosquitto-{self.port}.log", "wb")
        self.process: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)], stdout=self.log, stderr=subprocess.STDOUT)
        wait_listening(self.port, self.process, "mosquitto")

    def stop(self) -> None:
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
