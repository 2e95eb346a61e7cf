// What the room's protocol needs to run in Node (tests/js/friends-room.test.mjs): a fake clock that
// runs the timers in order as fast as the page's crypto allows, an in-memory relay that drops,
// copies, delays and reorders as a bad network does (seeded), and the real engine in a Python
// process (py_engine/bridge.py's `call`, one client per page: no fake rules).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { setImmediate as realImmediate } from "node:timers/promises";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** A clock whose time moves only when told; its timers run in time order. */
export class FakeClock {
  constructor(start = 1_800_000_000_000) {
    this.t = start;
    this.next = 1;
    /** @type {Map<number, {at: number, f: () => void, every: number}>} */
    this.timers = new Map();
  }
  now() { return this.t; }
  setTimeout(f, ms) { const id = this.next++; this.timers.set(id, { at: this.t + Math.max(0, ms || 0), f, every: 0 }); return id; }
  setInterval(f, ms) { const id = this.next++; this.timers.set(id, { at: this.t + ms, f, every: ms }); return id; }
  clearTimeout(id) { this.timers.delete(id); }
  clearInterval(id) { this.timers.delete(id); }

  /** Runs every timer due by now + ms, one at a time in time order, the clock moved to each; the real
   * work each starts (crypto, the engine's answers) finishes before the clock moves on. */
  async advance(ms) {
    const end = this.t + ms;
    await settle();
    for (;;) {
      let due = null;
      for (const [id, timer] of this.timers) if (timer.at <= end && (!due || timer.at < due[1].at)) due = [id, timer];
      if (!due) break;
      const [id, timer] = due;
      this.t = Math.max(this.t, timer.at);
      if (timer.every) timer.at += timer.every;
      else this.timers.delete(id);
      timer.f();
      await settle();
    }
    this.t = end;
  }
}

const engines = new Set();
/** The channels (wire.js) whose sealing and opening the clock waits for. */
const channels = new Set();
export function watch(channel) {
  channels.add(channel);
}
export function unwatch(channel) {
  channels.delete(channel);
}

/** Lets promises and the thread pool (WebCrypto, CompressionStream) catch up: every channel's messages
 * sealed and sent, opened and handed on, and the engine's answers in, before the clock moves. */
export async function settle(rounds = 3) {
  for (let quiet = 0; quiet < rounds;) {
    await realImmediate();
    let busy = false;
    for (const e of engines) {
      while (e.waiting.length) {
        busy = true;
        await new Promise((r) => e.idle.push(r));
      }
    }
    for (const ch of channels) {
      const { inbox, outbox } = ch;
      await Promise.all([inbox, outbox]);
      if (ch.inbox !== inbox || ch.outbox !== outbox) busy = true;
    }
    quiet = busy ? 0 : quiet + 1;
  }
}

/** A seeded random number generator (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One topic's relay in memory: every payload published reaches every subscriber (the sender too, as
 * MQTT does), each copy on its own: dropped with `drop`, sent twice with `copy`, delayed up to
 * `delay` ms (so overtaken by later ones). `log` keeps every payload each subscriber received.
 */
export class LossyRelay {
  constructor(clock, { seed = 1, drop = 0, copy = 0, delay = 0 } = {}) {
    this.clock = clock;
    this.random = rng(seed);
    this.o = { drop, copy, delay };
    /** @type {Set<any>} */
    this.subscribers = new Set();
    this.published = 0;
    this.delivered = 0;
  }

  /** A Channel's transport (wire.js `transport`): the handlers get what the relay carries to them. */
  transport(name) {
    return (handlers) => {
      const sub = { name, handlers, received: [], on: false };
      return {
        start: async () => {
          sub.on = true;
          if (handlers.channel) watch(handlers.channel);
          this.subscribers.add(sub);
          return "memory://relay";
        },
        stop: () => { sub.on = false; this.subscribers.delete(sub); if (handlers.channel) unwatch(handlers.channel); },
        send: (payload) => this.publish(payload),
        sub,
      };
    };
  }

  publish(payload) {
    this.published += 1;
    for (const sub of this.subscribers) {
      if (this.random() < this.o.drop) continue;
      const copies = this.random() < this.o.copy ? 2 : 1;
      for (let i = 0; i < copies; i++) {
        const bytes = new Uint8Array(payload);
        this.clock.setTimeout(() => {
          if (!sub.on) return;
          this.delivered += 1;
          sub.received.push(bytes);
          sub.handlers.onMessage(bytes);
        }, Math.floor(this.random() * this.o.delay));
      }
    }
  }
}

/** The real engine (py_engine/bridge.py) in a Python process; `client(name)` is one page's engine. */
export class EngineProcess {
  constructor() {
    const code = [
      "import sys, json",
      "from py_engine import bridge",
      "for line in sys.stdin:",
      "    client, request = line.rstrip('\\n').split('\\t', 1)",
      "    sys.stdout.write(bridge.call(request, client).replace('\\n', ' ') + '\\n')",
      "    sys.stdout.flush()",
    ].join("\n");
    this.child = spawn(process.env.PYTHON ?? "python3", ["-c", code], {
      cwd: ROOT, env: { ...process.env, PYTHONPATH: ROOT }, stdio: ["pipe", "pipe", "inherit"],
    });
    this.waiting = [];
    this.idle = [];
    engines.add(this);
    this.buffer = "";
    this.calls = 0;
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk) => {
      this.buffer += chunk;
      let i;
      while ((i = this.buffer.indexOf("\n")) >= 0) {
        const line = this.buffer.slice(0, i);
        this.buffer = this.buffer.slice(i + 1);
        this.waiting.shift()?.(JSON.parse(line));
        if (!this.waiting.length) for (const r of this.idle.splice(0)) r();
      }
    });
  }

  /** @param {string} client @param {string} method @param {any} args */
  call(client, method, args = {}) {
    this.calls += 1;
    const clean = JSON.parse(JSON.stringify(args)); // undefined fields left out, as the page's engine does
    return new Promise((resolve, reject) => {
      this.waiting.push((answer) => {
        if (answer.ok) {
          const { ok, ...rest } = answer;
          resolve(rest);
        } else reject(Object.assign(new Error(answer.error), { kind: answer.kind, legal: answer.legal }));
      });
      this.child.stdin.write(`${client}\t${JSON.stringify({ method, args: clean })}\n`);
    });
  }

  /** One page's engine, in the shape host.js takes. */
  client(name) {
    return { call: (method, args) => this.call(name, method, args), newMatch: () => {}, start: () => {} };
  }

  close() {
    engines.delete(this);
    this.child.stdin.end();
    this.child.kill();
  }
}

/** A storage in memory (what a browser keeps). */
export class MemoryStorage {
  constructor() { this.map = new Map(); }
  getItem(k) { return this.map.has(k) ? this.map.get(k) : null; }
  setItem(k, v) { this.map.set(k, String(v)); }
  removeItem(k) { this.map.delete(k); }
}
