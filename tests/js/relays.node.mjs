// The room's transport (web/friends/mqtt.js) against real brokers on loopback (Debian's
// mosquitto) and the bad network of tests/support/relay_proxy.py, in Node with its WebSocket
// (run by tests/js/test_relays.py: node --experimental-websocket --test). What a room needs of an
// MQTT client (issue 53, item 3): a relay gone silent without closing, or a half-open socket, is
// noticed within ~10 s; a lost relay is tried again with back-off and carries the room again;
// every relay of the list carries the room at once, a payload heard once however many relays
// bring it; "no relay can be reached" is known once each has been tried.
import test from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { createServer, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

const { Relays, connectBroker } = await import("../../web/friends/mqtt.js");

const PYTHON = process.env.PYTHON || "python3";
const MOSQUITTO = process.env.MOSQUITTO || "/usr/sbin/mosquitto";
const PROXY = new URL("../support/relay_proxy.py", import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), "relays-"));
/** @type {import("node:child_process").ChildProcess[]} */
const children = [];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = /** @type {any} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

async function listening(port) {
  for (let i = 0; i < 200; i++) {
    const ok = await new Promise((resolve) => {
      const s = new Socket();
      s.once("connect", () => { s.destroy(); resolve(true); });
      s.once("error", () => resolve(false));
      s.connect(port, "127.0.0.1");
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on ${port}`);
}

/** A mosquitto broker: its WebSocket url and port (a plain listener beside it, socket_domain ipv4). */
async function mosquitto() {
  const [port, plain] = [await freePort(), await freePort()];
  const config = join(folder, `mosquitto-${port}.conf`);
  writeFileSync(config, `per_listener_settings false\nallow_anonymous true\npersistence false\n` +
    `listener ${plain} 127.0.0.1\nsocket_domain ipv4\nlistener ${port} 127.0.0.1\nprotocol websockets\nsocket_domain ipv4\n`);
  const child = spawn(MOSQUITTO, ["-c", config], { stdio: "ignore" });
  children.push(child);
  await listening(port);
  return { port, url: `ws://127.0.0.1:${port}/mqtt`, child };
}

/** A relay_proxy.py in front of `port`: its url, and `say(command)` resolving on its answer. */
async function proxy(port) {
  const child = spawn(PYTHON, [PROXY, "--to", String(port)], { stdio: ["pipe", "pipe", "inherit"] });
  children.push(child);
  const lines = createInterface({ input: /** @type {any} */ (child.stdout) });
  /** @type {((line: string) => void)[]} */
  const waiting = [];
  lines.on("line", (line) => waiting.shift()?.(line));
  const first = await new Promise((resolve) => waiting.push(resolve));
  const own = Number(String(first).split(" ")[1]);
  const say = (/** @type {string} */ command) => new Promise((resolve) => {
    waiting.push(resolve);
    child.stdin?.write(command + "\n");
  });
  return { url: `ws://127.0.0.1:${own}/mqtt`, say };
}

/** @type {any[]} every Relays made, stopped at the end whatever happened */
const made = [];

/** A Relays with every status and payload it hears kept, time-stamped. */
function relays(urls, topic, timing = {}) {
  const log = { status: /** @type {any[]} */ ([]), got: /** @type {{text: string, relay: string}[]} */ ([]), reconnects: 0 };
  const r = new Relays(urls, topic, {
    onMessage: (payload, relay) => log.got.push({ text: new TextDecoder().decode(payload), relay }),
    onStatus: (s) => log.status.push({ ...s, t: Date.now() }),
    onReconnect: () => { log.reconnects += 1; },
  }, timing);
  made.push(r);
  return { r, log };
}

async function until(what, predicate, ms = 15_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (predicate()) return;
    await sleep(25);
  }
  throw new Error(`not in ${ms} ms: ${what}`);
}

const topic = () => `mjf1/test${Math.random().toString(16).slice(2)}`;
const send = (r, text) => r.send(new TextEncoder().encode(text));
const lastState = (log, url) => log.status.filter((s) => s.relay === url).at(-1)?.state;

test.after(() => {
  for (const r of made) r.stop();
  for (const child of children) child.kill("SIGKILL");
  rmSync(folder, { recursive: true, force: true });
});

test("the room's transport against real brokers and a bad network", { concurrency: true }, async (t) => {
  const [a, b] = await Promise.all([mosquitto(), mosquitto()]);

  await Promise.all([
    t.test("a relay gone silent without closing is left within 10 s, and carries the room again once it answers", async () => {
      const p = await proxy(a.port);
      const room = topic();
      const one = relays([p.url], room, { backoffMs: 300 });
      const other = relays([a.url], room);
      await Promise.all([one.r.start(), other.r.start()]);
      send(other.r, "before");
      await until("heard before", () => one.log.got.some((m) => m.text === "before"));
      await p.say("silent");
      const quiet = Date.now();
      await until("the silent relay left", () => lastState(one.log, p.url) !== "connected", 10_000);
      const left = one.log.status.at(-1);
      assert.ok(left.t - quiet < 10_000, `left after ${left.t - quiet} ms`);
      assert.equal(left.error, "no answer");
      assert.deepEqual(left.reached, []);
      // (the old client sent pings and never waited for their answer: it said connected for 60 s)
      await p.say("open");
      await until("back on the relay", () => lastState(one.log, p.url) === "connected");
      assert.equal(one.log.reconnects, 1);
      send(other.r, "after");
      await until("heard after", () => one.log.got.some((m) => m.text === "after"));
      one.r.stop();
      other.r.stop();
    }),

    t.test("a half-open socket (the relay's side gone, the page's kept open) is left within 10 s", async () => {
      const p = await proxy(b.port);
      const one = relays([p.url], topic());
      await one.r.start();
      await p.say("half-open");
      const cut = Date.now();
      await until("the half-open socket left", () => lastState(one.log, p.url) !== "connected", 10_000);
      assert.ok(Date.now() - cut < 10_000);
      one.r.stop();
    }),

    t.test("a relay that refuses is tried again with growing back-off, then carries the room", async () => {
      const p = await proxy(a.port);
      await p.say("refuse");
      const one = relays([p.url], topic(), { backoffMs: 200 });
      const started = one.r.start();
      await until("four attempts", () => one.log.status.filter((s) => s.state === "connecting").length >= 4, 20_000);
      const tries = one.log.status.filter((s) => s.state === "connecting").map((s) => s.t);
      const gaps = tries.slice(1).map((t, i) => t - tries[i]);
      // 200, 400, 800 ms, each within a quarter's jitter: every gap longer than the one before but one
      assert.ok(gaps[2] > gaps[0] * 1.5, `gaps ${gaps}`);
      assert.ok(one.log.status.every((s) => s.state !== "failed" || s.tried), "tried once failed");
      await p.say("open");
      assert.equal(await started, p.url);
      one.r.stop();
    }),

    t.test("every relay carries the room at once: heard once through two, met through either, and through the other when one goes silent", async () => {
      const pb = await proxy(b.port);
      const room = topic();
      const both = relays([a.url, pb.url], room);
      const onlyA = relays([a.url], room);
      const onlyB = relays([pb.url], room);
      await Promise.all([both.r.start(), onlyA.r.start(), onlyB.r.start()]);
      await until("both relays up", () => both.log.status.at(-1)?.reached.length === 2);
      // a person who reaches only one relay meets the one who reaches both
      send(onlyB.r, "from B's side");
      send(onlyA.r, "from A's side");
      await until("both heard", () => both.log.got.length >= 2);
      for (let i = 0; i < 20; i++) send(both.r, `move ${i}`);
      await until("twenty through each", () => onlyA.log.got.length >= 20 && onlyB.log.got.length >= 20);
      await sleep(300);
      // the same payload through two relays is heard once; our own never comes back
      assert.deepEqual(both.log.got.map((m) => m.text).sort(), ["from A's side", "from B's side"]);
      assert.equal(onlyA.log.got.length, 20);
      assert.equal(onlyB.log.got.length, 20);
      // an exact copy through the same relay is handed on (the room's numbers judge it: a replay is named)
      await pb.say("faults duplicate=1 direction=down");
      send(onlyA.r, "once");
      await until("once", () => both.log.got.some((m) => m.text === "once"));
      send(onlyB.r, "twice");
      await until("the copy", () => both.log.got.filter((m) => m.text === "twice").length === 2);
      assert.equal(both.log.got.filter((m) => m.text === "once").length, 1);
      await pb.say("faults");
      // B goes silent: the room goes on through A, and the page knows it reaches one relay of two
      await pb.say("silent");
      await until("B left", () => lastState(both.log, pb.url) !== "connected", 10_000);
      assert.deepEqual(both.log.status.at(-1).reached, [a.url]);
      assert.equal(both.log.reconnects, 0); // A carried the room throughout: nothing to catch up
      send(onlyA.r, "through A");
      await until("heard through A", () => both.log.got.some((m) => m.text === "through A"));
      for (const x of [both, onlyA, onlyB]) x.r.stop();
    }),

    t.test("no relay can be reached: known once each has been tried, within 10 s", async () => {
      const [x, y] = [await freePort(), await freePort()];
      const none = relays([`ws://127.0.0.1:${x}/mqtt`, `ws://127.0.0.1:${y}/mqtt`], topic());
      const begun = Date.now();
      none.r.start();
      await until("both tried", () => none.log.status.at(-1)?.tried === true, 10_000);
      const s = none.log.status.at(-1);
      assert.deepEqual(s.reached, []);
      assert.deepEqual(s.relays.map((v) => v.state).sort(), ["failed", "failed"]);
      assert.ok(Date.now() - begun < 10_000);
      // what was sent meanwhile waits for a relay
      send(none.r, "waiting");
      assert.equal(none.r.queue.length, 1);
      none.r.stop();
    }),

    t.test("a relay that never answers the connect times out (a black hole is not 'connecting' for ever)", async () => {
      const p = await proxy(a.port);
      await p.say("silent");
      await assert.rejects(connectBroker(p.url, topic(), { onMessage() {}, onClose() {}, timeoutMs: 1500 }), /timed out/);
    }),
  ]);
});
