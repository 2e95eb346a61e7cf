"""A bad network in front of a real relay (issue 53): a loopback TCP proxy that understands MQTT,
over WebSocket (the room's transport) or plain, so that it can act on whole MQTT messages.

    proxy = RelayProxy(relay.port)            # ws://127.0.0.1:<proxy.port>/mqtt reaches the relay
    proxy.faults(drop=0.1, duplicate=0.2, delay=3.0, reorder=0.1, seed=7)   # on PUBLISH messages
    proxy.silent()      # stops forwarding, both ways, every socket kept open (a relay gone silent)
    proxy.half_open()   # the relay's side closed (the broker sees the client gone), the page's kept
                        # open and unanswered (a half-open socket after a network change)
    proxy.refuse()      # new connections closed at once (a relay this person cannot reach)
    proxy.open()        # forwards again (sockets given up stay given up: their clients closed them)

Faults apply to PUBLISH packets, in both directions unless `direction` says "down" (relay to page)
or "up" (page to relay); every other packet (CONNACK, SUBACK, PINGRESP...) passes in order, so a
proxy with faults is a lossy relay, not a dead one. Delays are uniform in [0, delay] s, so messages
also overtake each other; `reorder` holds a message back until the next one has gone (or 1 s).

As a process, for tests outside Python (tests/js/relays.node.mjs):

    python tests/support/relay_proxy.py --to 1883 [--kind ws|mqtt]

prints "port N", then reads one command a line (silent, half-open, refuse, open,
faults drop=0.1 duplicate=0.2 delay=3 reorder=0.1 seed=1 direction=both, stats, quit) and answers
each with a line ("ok", or the stats as JSON) once it is in force.
"""
from __future__ import annotations

import asyncio
import heapq
import itertools
import json
import os
import random
import sys
import threading

PUBLISH = 3


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def mqtt_packets(buffer: bytearray) -> list[bytes]:
    """The whole MQTT packets at the start of `buffer` (removed from it)."""
    out = []
    while len(buffer) >= 2:
        length, mult, i = 0, 1, 1
        while True:
            if i >= len(buffer):
                return out
            byte = buffer[i]
            length += (byte & 127) * mult
            mult *= 128
            i += 1
            if not byte & 128:
                break
            if i > 4:
                raise ValueError("malformed MQTT length")
        if len(buffer) < i + length:
            return out
        out.append(bytes(buffer[:i + length]))
        del buffer[:i + length]
    return out


def ws_frame(opcode: int, payload: bytes, masked: bool) -> bytes:
    """One WebSocket frame, final; a page's (client's) frames are masked (RFC 6455 §5.3)."""
    head = bytearray([0x80 | opcode])
    n = len(payload)
    flag = 0x80 if masked else 0
    if n < 126:
        head.append(flag | n)
    elif n < 1 << 16:
        head.append(flag | 126)
        head += n.to_bytes(2, "big")
    else:
        head.append(flag | 127)
        head += n.to_bytes(8, "big")
    if masked:
        mask = os.urandom(4)
        head += mask
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes(head) + payload


async def read_ws_frame(reader: asyncio.StreamReader) -> tuple[int, bool, bytes]:
    """(opcode, final, payload unmasked) of the next WebSocket frame."""
    b0, b1 = await reader.readexactly(2)
    n = b1 & 127
    if n == 126:
        n = int.from_bytes(await reader.readexactly(2), "big")
    elif n == 127:
        n = int.from_bytes(await reader.readexactly(8), "big")
    mask = await reader.readexactly(4) if b1 & 0x80 else None
    payload = await reader.readexactly(n)
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return b0 & 15, bool(b0 & 0x80), payload


class Pipe:
    """One direction of one connection: whole MQTT packets out, each when it is due."""

    def __init__(self, proxy: "RelayProxy", writer: asyncio.StreamWriter, kind: str, masked: bool, name: str) -> None:
        self.proxy, self.writer, self.kind, self.masked, self.name = proxy, writer, kind, masked, name
        self.due: list[tuple[float, int, bytes]] = []
        self.order = itertools.count()
        self.wake = asyncio.Event()
        self.held: bytes | None = None
        self.task = asyncio.get_running_loop().create_task(self.run())

    def raw(self, data: bytes) -> None:
        if not self.writer.is_closing():
            self.writer.write(data)

    def out(self, packet: bytes) -> None:
        self.raw(ws_frame(2, packet, self.masked) if self.kind == "ws" else packet)

    def put(self, packet: bytes) -> None:
        """A packet from the other side: forwarded, or dropped, copied, delayed, held back."""
        p = self.proxy
        now = asyncio.get_running_loop().time()
        if packet[0] >> 4 != PUBLISH or self.name not in p.directions:
            self.schedule(now, packet)
            return
        rng = p.rng
        if rng.random() < p.drop:
            p.stats["dropped"] += 1
            return
        copies = 2 if rng.random() < p.duplicate else 1
        p.stats["duplicated"] += copies - 1
        for _ in range(copies):
            if p.reorder and self.held is None and rng.random() < p.reorder:
                self.held = packet
                p.stats["reordered"] += 1
                asyncio.get_running_loop().call_later(1.0, self.release, packet)  # overtaken, not lost, if no other follows
                continue
            delay = rng.uniform(0, p.delay) if p.delay else 0.0
            if delay:
                p.stats["delayed"] += 1
            self.schedule(now + delay, packet)
            if self.held is not None:
                held, self.held = self.held, None
                self.schedule(now + delay, held)
        p.stats["forwarded"] += 1

    def release(self, packet: bytes) -> None:
        if self.held is packet:
            self.held = None
            self.schedule(asyncio.get_running_loop().time(), packet)

    def schedule(self, at: float, packet: bytes) -> None:
        heapq.heappush(self.due, (at, next(self.order), packet))
        self.wake.set()

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            if not self.due:
                self.wake.clear()
                await self.wake.wait()
                continue
            at = self.due[0][0]
            wait = at - loop.time()
            if wait > 0:
                self.wake.clear()
                try:
                    await asyncio.wait_for(self.wake.wait(), wait)
                except asyncio.TimeoutError:
                    pass
                continue
            _, _, packet = heapq.heappop(self.due)
            if self.proxy.mode == "open":
                self.out(packet)
                await self.writer.drain()


class RelayProxy:
    """A proxy on 127.0.0.1 in front of the relay at `upstream_port`, in its own thread."""

    def __init__(self, upstream_port: int, kind: str = "ws", port: int | None = None) -> None:
        self.upstream_port, self.kind = upstream_port, kind
        self.port = port or free_port()
        self.url = f"ws://127.0.0.1:{self.port}/mqtt" if kind == "ws" else f"mqtt://127.0.0.1:{self.port}"
        self.mode = "open"
        self.drop = self.duplicate = self.delay = self.reorder = 0.0
        self.directions = {"down", "up"}
        self.rng = random.Random(0)
        self.stats = {"connections": 0, "forwarded": 0, "dropped": 0, "duplicated": 0, "delayed": 0, "reordered": 0}
        self.conns: list[dict] = []
        self.loop = asyncio.new_event_loop()
        started = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(started,), daemon=True)
        self.thread.start()
        if not started.wait(10):
            raise RuntimeError("the proxy did not start")

    # --- the controls (from any thread) ---------------------------------------------------------

    def _call(self, fn) -> None:
        done = threading.Event()

        def run():
            fn()
            done.set()
        self.loop.call_soon_threadsafe(run)
        done.wait(10)

    def faults(self, drop: float = 0.0, duplicate: float = 0.0, delay: float = 0.0, reorder: float = 0.0,
               seed: int = 0, direction: str = "both") -> None:
        def set_():
            self.drop, self.duplicate, self.delay, self.reorder = drop, duplicate, delay, reorder
            self.rng = random.Random(seed)
            self.directions = {"down", "up"} if direction == "both" else {direction}
        self._call(set_)

    def silent(self) -> None:
        self._call(lambda: setattr(self, "mode", "silent"))

    def refuse(self) -> None:
        self._call(lambda: setattr(self, "mode", "refuse"))

    def open(self) -> None:
        self._call(lambda: setattr(self, "mode", "open"))

    def half_open(self) -> None:
        def cut():
            self.mode = "silent"
            for conn in self.conns:
                conn["up"].close()  # the broker sees the client gone; the page's socket stays open
        self._call(cut)

    def close(self) -> None:
        def stop():
            for conn in self.conns:
                conn["up"].close()
                conn["down"].close()
            self.server.close()
        try:
            self._call(stop)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)

    # --- the proxy --------------------------------------------------------------------------------

    def _run(self, started: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", self.port))
        started.set()
        self.loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.mode == "refuse":
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        except OSError:
            writer.close()
            return
        self.stats["connections"] += 1
        conn = {"up": up_writer, "down": writer}
        self.conns.append(conn)
        try:
            if self.kind == "ws":
                request = await reader.readuntil(b"\r\n\r\n")
                # no permessage-deflate: the proxy reads each frame's MQTT bytes as they are
                lines = [line for line in request.split(b"\r\n") if not line.lower().startswith(b"sec-websocket-extensions:")]
                up_writer.write(b"\r\n".join(lines))
                writer.write(await up_reader.readuntil(b"\r\n\r\n"))
            to_page = Pipe(self, writer, self.kind, masked=False, name="down")
            to_relay = Pipe(self, up_writer, self.kind, masked=True, name="up")
            from_page = asyncio.ensure_future(self._pump(reader, to_relay))
            from_relay = asyncio.ensure_future(self._pump(up_reader, to_page))
            await asyncio.wait([from_page, from_relay], return_when=asyncio.FIRST_COMPLETED)
            up_writer.close()
            if self.mode == "silent":  # a silent relay keeps the page's socket open until the page closes it
                await from_page
            from_relay.cancel()
            for pipe in (to_page, to_relay):
                pipe.task.cancel()
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()
            up_writer.close()
            if conn in self.conns:
                self.conns.remove(conn)

    async def _pump(self, reader: asyncio.StreamReader, pipe: Pipe) -> None:
        """Read one side, whole MQTT packets to the other; what comes while silent is swallowed."""
        buffer = bytearray()
        try:
            while True:
                if self.kind == "ws":
                    opcode, _final, payload = await read_ws_frame(reader)
                    if opcode == 8:  # close: passed on, and this side is done
                        if self.mode == "open":
                            pipe.raw(ws_frame(8, payload, pipe.masked))
                        return
                    if opcode in (9, 10):  # ping, pong
                        if self.mode == "open":
                            pipe.raw(ws_frame(opcode, payload, pipe.masked))
                        continue
                else:
                    payload = await reader.read(65536)
                    if not payload:
                        return
                if self.mode != "open":
                    continue
                buffer += payload
                for packet in mqtt_packets(buffer):
                    pipe.put(packet)
        except (OSError, asyncio.IncompleteReadError, ValueError):
            return


def main() -> None:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--to", type=int, required=True, help="the relay's port on 127.0.0.1")
    parser.add_argument("--kind", choices=("ws", "mqtt"), default="ws")
    args = parser.parse_args()
    proxy = RelayProxy(args.to, args.kind)
    print(f"port {proxy.port}", flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, rest = words[0], words[1:]
        if command == "quit":
            break
        if command == "stats":
            print(json.dumps(proxy.stats), flush=True)
            continue
        if command == "faults":
            values = dict(word.split("=", 1) for word in rest)
            direction = values.pop("direction", "both")
            proxy.faults(**{k: (int(v) if k == "seed" else float(v)) for k, v in values.items()}, direction=direction)
        else:
            {"silent": proxy.silent, "half-open": proxy.half_open, "refuse": proxy.refuse, "open": proxy.open}[command]()
        print("ok", flush=True)
    proxy.close()


if __name__ == "__main__":
    main()
