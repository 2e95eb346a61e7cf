// The room's transport: MQTT 3.1.1 over a WebSocket to public brokers (docs/friends.md), the
// small part of it a room needs: connect, subscribe to one topic, publish at QoS 0, keep alive.
// Our own client rather than mqtt.js: the packets are few and fixed (MQTT 3.1.1 §3), and the
// browser build of mqtt.js brings Node's stream and buffer shims for none of them. What mqtt.js
// does that a room needs is here too, and tested against real brokers behind a proxy that goes
// silent (tests/js/relays.node.mjs): a keep-alive whose answer is waited for (a relay that goes
// silent without closing, or a half-open socket, is left within ~8 s), reconnection with
// back-off, a bound on what a broker may send. A room is carried by every relay of its list that
// answers at once (Relays below): each payload is published to all of them and read from all,
// the second copy of a payload through another relay dropped, so one person who cannot reach one
// relay still meets the others on another. Nothing here reads what it carries: payloads are
// sealed before they get here (seal.js).

const CONNECT = 1, CONNACK = 2, PUBLISH = 3, SUBSCRIBE = 8, SUBACK = 9, PINGREQ = 12, PINGRESP = 13, DISCONNECT = 14;
/** What the broker is told (it drops a client not heard for 1.5 times this); we ping far more often,
 * but a tab in the background may have its timers run once a minute: the broker waits longer. */
const KEEPALIVE_S = 60;
/** A ping this often (ms), and its answer waited for this long: a silent relay is left within ~8 s. */
const PING_MS = 3000;
const ANSWER_MS = 4000;
/** The largest packet a broker may send us: a room's messages are a few KB (a state deflated). */
export const MAX_PACKET = 1 << 20;
const enc = new TextEncoder();
const dec = new TextDecoder();

/** A string as MQTT writes it: two bytes of length, then UTF-8. @param {string} s */
function mqttString(s) {
  const bytes = enc.encode(s);
  const out = new Uint8Array(2 + bytes.length);
  out[0] = bytes.length >> 8;
  out[1] = bytes.length & 255;
  out.set(bytes, 2);
  return out;
}

/** One packet: its fixed header (type, flags, remaining length) and body. @param {number} type @param {number} flags @param {Uint8Array[]} parts */
export function packet(type, flags, parts) {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const header = [(type << 4) | flags];
  let n = length;
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 128;
    header.push(byte);
  } while (n > 0);
  const out = new Uint8Array(header.length + length);
  out.set(header, 0);
  let at = header.length;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The whole packets at the start of `buffer`: [{type, flags, body}], and the bytes left over (a
 * packet may arrive over several WebSocket messages). A packet longer than `max` is refused
 * before its bytes are waited for (a broker cannot make the page hold a 256 MB buffer).
 * @param {Uint8Array} buffer
 */
export function readPackets(buffer, max = MAX_PACKET) {
  const packets = [];
  let at = 0;
  for (;;) {
    if (buffer.length - at < 2) break;
    let length = 0, mult = 1, i = at + 1, done = false;
    for (; i < buffer.length && i < at + 5; i++) {
      length += (buffer[i] & 127) * mult;
      mult *= 128;
      if (!(buffer[i] & 128)) {
        done = true;
        i++;
        break;
      }
    }
    if (!done) {
      if (i >= at + 5) throw new Error("malformed MQTT length");
      break;
    }
    if (length > max) throw new Error("MQTT packet too large");
    if (buffer.length - i < length) break;
    packets.push({ type: buffer[at] >> 4, flags: buffer[at] & 15, body: buffer.subarray(i, i + length) });
    at = i + length;
  }
  return { packets, rest: buffer.subarray(at) };
}

/**
 * One connection to one broker, subscribed to `topic`; resolves once subscribed, rejects when it
 * cannot be (refused, closed, or `timeoutMs` passed). Once up, it pings every `pingMs` and waits
 * `answerMs` for the answer: a relay that stops answering is closed and `onClose` hears it.
 * @param {string} url  ws:// or wss://
 * @param {string} topic
 * @param {{onMessage: (payload: Uint8Array) => void, onClose: (why: string) => void, timeoutMs?: number,
 *   pingMs?: number, answerMs?: number}} handlers
 * @returns {Promise<{url: string, publish: (payload: Uint8Array) => boolean, close: () => void}>}
 */
// long: one socket's life from connect to close, its handlers sharing that connection's state (buffer, ready, closed, ping)
export function connectBroker(url, topic, { onMessage, onClose, timeoutMs = 6000, pingMs = PING_MS, answerMs = ANSWER_MS }) {
  // long: the same socket's life, as the promise it settles (subscribed, or refused, closed, timed out)
  return new Promise((resolve, reject) => {
    /** @type {WebSocket} */
    let ws;
    try {
      ws = new WebSocket(url, ["mqtt"]);
    } catch (error) {
      reject(error);
      return;
    }
    ws.binaryType = "arraybuffer";
    let buffer = new Uint8Array(0);
    let ready = false;
    let closed = false;
    let keepAlive = /** @type {any} */ (0);
    let pingSent = 0; // when the ping waiting for its answer was sent (0: none waits)
    let lastPing = 0;
    const timer = setTimeout(() => fail(new Error("timed out")), timeoutMs);
    const send = (/** @type {Uint8Array} */ bytes) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(bytes);
    };
    /** @param {Error} error */
    function fail(error) {
      clearTimeout(timer);
      clearInterval(keepAlive);
      if (!ready) reject(error);
      if (!closed) {
        closed = true;
        try { ws.close(); } catch { /* already closing */ }
        if (ready) onClose(error.message);
      }
    }
    function tick() {
      const now = Date.now();
      if (pingSent && now - pingSent >= answerMs) fail(new Error("no answer"));
      else if (!pingSent && now - lastPing >= pingMs) {
        pingSent = lastPing = now;
        send(packet(PINGREQ, 0, []));
      }
    }
    ws.onopen = () => {
      const id = "mj" + Math.random().toString(36).slice(2, 12);
      const header = new Uint8Array([...mqttString("MQTT"), 4, 0x02, 0, KEEPALIVE_S]); // level 4, clean session
      send(packet(CONNECT, 0, [header, mqttString(id)]));
    };
    ws.onmessage = (event) => {
      if (closed) return; // a socket already given up: what it still says is not heard
      const bytes = new Uint8Array(event.data);
      const joined = new Uint8Array(buffer.length + bytes.length);
      joined.set(buffer, 0);
      joined.set(bytes, buffer.length);
      let read;
      try {
        read = readPackets(joined);
      } catch (error) {
        fail(/** @type {Error} */ (error));
        return;
      }
      buffer = read.rest.slice();
      for (const p of read.packets) {
        if (p.type === CONNACK) {
          if (p.body[1] !== 0) {
            fail(new Error(`refused (code ${p.body[1]})`));
            return;
          }
          send(packet(SUBSCRIBE, 2, [new Uint8Array([0, 1]), mqttString(topic), new Uint8Array([0])]));
        } else if (p.type === SUBACK) {
          if (p.body[2] === 0x80) {
            fail(new Error("subscription refused"));
            return;
          }
          ready = true;
          clearTimeout(timer);
          lastPing = Date.now();
          keepAlive = setInterval(tick, Math.min(1000, pingMs, answerMs));
          resolve({
            url,
            publish: (/** @type {Uint8Array} */ payload) => {
              if (closed || ws.readyState !== WebSocket.OPEN) return false;
              send(packet(PUBLISH, 0, [mqttString(topic), payload]));
              return true;
            },
            close: () => {
              if (closed) return;
              closed = true;
              clearInterval(keepAlive);
              send(packet(DISCONNECT, 0, []));
              ws.close();
            },
          });
        } else if (p.type === PUBLISH && ready) {
          const topicLength = (p.body[0] << 8) | p.body[1];
          const qos = (p.flags >> 1) & 3;
          const start = 2 + topicLength + (qos ? 2 : 0);
          if (dec.decode(p.body.subarray(2, 2 + topicLength)) === topic) onMessage(p.body.slice(start));
        } else if (p.type === PINGRESP) {
          pingSent = 0;
        }
        // nothing else is asked for: ignored
      }
    };
    ws.onerror = () => fail(new Error("could not connect"));
    ws.onclose = () => fail(new Error("closed"));
  });
}

/**
 * Two 32-bit hashes of a payload and its length: the key of a payload in the window of those
 * heard (an exact copy of one through another relay). Not a secret's hash: a payload is sealed
 * under a fresh nonce, so nobody can make one that passes for a payload not yet sent.
 * @param {Uint8Array} bytes
 */
export function payloadKey(bytes) {
  let a = 0x811c9dc5, b = 0x9747b28c;
  for (let i = 0; i < bytes.length; i++) {
    a = Math.imul(a ^ bytes[i], 0x01000193);
    b = Math.imul(b ^ bytes[i], 0x5bd1e995) ^ (b >>> 15);
  }
  return `${bytes.length}.${a >>> 0}.${b >>> 0}`;
}

/** How many payloads heard are kept to drop the copies from another relay. */
const WINDOW = 4096;
/** Back-off between attempts at one relay (ms): 1 s, 2 s, 4 s … up to 15 s, with a quarter's jitter. */
const BACKOFF_MS = 1000, BACKOFF_MAX_MS = 15_000;
/** At most this many payloads wait while no relay carries the room (sent once one does). */
const QUEUE = 256;

/**
 * @typedef {"connecting" | "connected" | "lost" | "failed"} RelayState
 * @typedef {{url: string, state: RelayState, error?: string}} RelayView
 * @typedef {{relay: string, state: RelayState, error?: string, relays: RelayView[], reached: string[], tried: boolean}} RelayStatus
 *   one relay's news, and the whole list's: which relays carry the room now, and whether each has
 *   been tried once (until then, none reached is not yet "no relay can be reached")
 */

/**
 * The room's relays: every one of `urls` that answers carries the room at once. A payload sent
 * goes to each relay connected; one heard is handed on once (its copy through another relay is
 * dropped; a copy through the same relay is handed on: the room's sequence numbers judge it). A
 * relay lost or never reached is tried again, with back-off, for as long as the room is open.
 * `onStatus` hears each relay's news with the whole list's state (RelayStatus); `onReconnect`
 * hears when the room is carried again after no relay carried it; `onMessage` every payload on
 * the topic, and the relay it came through.
 */
export class Relays {
  /**
   * @param {string[]} urls @param {string} topic
   * @param {{onMessage: (payload: Uint8Array, relay: string) => void, onStatus: (s: RelayStatus) => void, onReconnect?: () => void}} handlers
   * @param {{timeoutMs?: number, pingMs?: number, answerMs?: number, backoffMs?: number}} [timing]
   */
  constructor(urls, topic, handlers, timing = {}) {
    this.urls = [...new Set(urls)];
    this.topic = topic;
    this.h = handlers;
    this.timing = timing;
    /** @type {Array<{url: string, state: RelayState, error?: string, link: any, tries: number, tried: boolean, retry: any}>} */
    this.relays = this.urls.map((url) => ({ url, state: "connecting", link: null, tries: 0, tried: false, retry: 0 }));
    this.stopped = false;
    this.everConnected = false;
    /** @type {Uint8Array[]} sent while no relay carried the room: sent once one does */
    this.queue = [];
    /** @type {Map<string, number>} each payload heard lately, and the relays (bits) it came through */
    this.heard = new Map();
    /** @type {((url: string | null) => void)[]} start()'s callers, waiting for the first relay */
    this.waiting = [];
  }

  /** Connect to every relay; resolves with the first that answers (the others keep being tried). */
  start() {
    const first = new Promise((resolve) => this.waiting.push(resolve));
    for (const r of this.relays) this.attempt(r);
    return first;
  }

  /** The relays carrying the room now. */
  reached() {
    return this.relays.filter((r) => r.state === "connected").map((r) => r.url);
  }

  /** The whole list's state (what the page says). @returns {Omit<RelayStatus, "relay" | "state" | "error">} */
  status() {
    return {
      relays: this.relays.map(({ url, state, error }) => (error ? { url, state, error } : { url, state })),
      reached: this.reached(),
      tried: this.relays.every((r) => r.tried),
    };
  }

  /** @param {{url: string, state: RelayState, error?: string}} r */
  tell(r) {
    this.h.onStatus({ relay: r.url, state: r.state, ...(r.error ? { error: r.error } : {}), ...this.status() });
  }

  /** One attempt at one relay; on failure, the next after its back-off. @param {any} r */
  async attempt(r) {
    if (this.stopped) return;
    r.state = "connecting";
    delete r.error;
    this.tell(r);
    const index = this.relays.indexOf(r);
    try {
      r.link = await connectBroker(r.url, this.topic, {
        onMessage: (payload) => this.heardFrom(index, payload),
        onClose: (why) => this.lost(r, why),
        ...this.timing,
      });
    } catch (error) {
      r.tried = true;
      r.state = "failed";
      r.error = String(/** @type {any} */ (error)?.message ?? error);
      this.tell(r);
      this.later(r);
      return;
    }
    if (this.stopped) {
      r.link.close();
      return;
    }
    const again = this.everConnected && this.reached().length === 0;
    r.tried = true;
    r.tries = 0;
    r.state = "connected";
    this.everConnected = true;
    this.tell(r);
    for (const payload of this.queue.splice(0)) r.link.publish(payload);
    for (const resolve of this.waiting.splice(0)) resolve(r.url);
    if (again) this.h.onReconnect?.();
  }

  /** The next attempt at `r`, after its back-off. @param {any} r */
  later(r) {
    if (this.stopped) return;
    const base = this.timing.backoffMs ?? BACKOFF_MS;
    const delay = Math.min(BACKOFF_MAX_MS, base * 2 ** r.tries) * (0.75 + Math.random() / 2);
    r.tries = Math.min(r.tries + 1, 10);
    r.retry = setTimeout(() => this.attempt(r), delay);
  }

  /** @param {any} r @param {string} why */
  lost(r, why) {
    r.link = null;
    if (this.stopped) return;
    r.state = "lost";
    r.error = why;
    this.tell(r);
    this.later(r);
  }

  /** A payload through relay `index`: handed on unless it is a copy through another relay. @param {number} index @param {Uint8Array} payload */
  heardFrom(index, payload) {
    const key = payloadKey(payload);
    const bit = 2 ** index;
    const through = this.heard.get(key);
    if (through !== undefined) {
      this.heard.set(key, through | bit);
      if (!(through & bit)) return; // the same payload through another relay: heard already
    } else {
      this.heard.set(key, bit);
      if (this.heard.size > WINDOW) this.heard.delete(this.heard.keys().next().value ?? "");
    }
    this.h.onMessage(payload, this.urls[index]);
  }

  /** Publish a sealed payload on every relay carrying the room (kept until one does). @param {Uint8Array} payload */
  send(payload) {
    let sent = false;
    for (const r of this.relays) if (r.link && r.link.publish(payload)) sent = true;
    if (sent) {
      // our own payload comes back through each relay: the copies through all but one are dropped
      this.heard.set(payloadKey(payload), 0);
    } else {
      this.queue.push(payload);
      if (this.queue.length > QUEUE) this.queue.shift();
    }
  }

  stop() {
    this.stopped = true;
    for (const r of this.relays) {
      clearTimeout(r.retry);
      r.link?.close();
      r.link = null;
    }
    for (const resolve of this.waiting.splice(0)) resolve(null);
  }
}
