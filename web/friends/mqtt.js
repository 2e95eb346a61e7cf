// The room's transport: MQTT 3.1.1 over a WebSocket to a public broker (docs/friends.md), the
// small part of it a room needs: connect, subscribe to one topic, publish at QoS 0, keep alive.
// Our own ~150 lines rather than mqtt.js: the packets are few and fixed (MQTT 3.1.1 §3), and the
// browser build of mqtt.js brings Node's stream and buffer shims for none of them. Relays are
// tried in order; when the one in use fails, the next takes over (Relays below). Nothing here
// reads what it carries: payloads are sealed before they get here (seal.js).

const CONNECT = 1, CONNACK = 2, PUBLISH = 3, SUBSCRIBE = 8, SUBACK = 9, PINGREQ = 12, PINGRESP = 13, DISCONNECT = 14;
const KEEPALIVE_S = 30;
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
 * packet may arrive over several WebSocket messages).
 * @param {Uint8Array} buffer
 */
export function readPackets(buffer) {
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
    if (buffer.length - i < length) break;
    packets.push({ type: buffer[at] >> 4, flags: buffer[at] & 15, body: buffer.subarray(i, i + length) });
    at = i + length;
  }
  return { packets, rest: buffer.subarray(at) };
}

/**
 * One connection to one broker, subscribed to `topic`; resolves once subscribed, rejects when it
 * cannot be (refused, closed, or `timeoutMs` passed).
 * @param {string} url  ws:// or wss://
 * @param {string} topic
 * @param {{onMessage: (payload: Uint8Array) => void, onClose: () => void, timeoutMs?: number}} handlers
 */
// long: one socket's life from connect to close, its handlers sharing that connection's state (buffer, ready, closed, ping)
export function connectBroker(url, topic, { onMessage, onClose, timeoutMs = 6000 }) {
  // long: the same socket's life, as the promise it settles (subscribed, or refused, closed, timed out)
  return new Promise((resolve, reject) => {
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
    let ping = 0;
    const timer = setTimeout(() => fail(new Error("timed out")), timeoutMs);
    const send = (/** @type {Uint8Array} */ bytes) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(bytes);
    };
    function fail(error) {
      clearTimeout(timer);
      clearInterval(ping);
      if (!ready) reject(error);
      if (!closed) {
        closed = true;
        try { ws.close(); } catch { /* already closing */ }
        if (ready) onClose();
      }
    }
    ws.onopen = () => {
      const id = "mj" + Math.random().toString(36).slice(2, 12);
      const header = new Uint8Array([...mqttString("MQTT"), 4, 0x02, 0, KEEPALIVE_S]); // level 4, clean session
      send(packet(CONNECT, 0, [header, mqttString(id)]));
    };
    ws.onmessage = (event) => {
      const bytes = new Uint8Array(event.data);
      const joined = new Uint8Array(buffer.length + bytes.length);
      joined.set(buffer, 0);
      joined.set(bytes, buffer.length);
      let read;
      try {
        read = readPackets(joined);
      } catch (error) {
        fail(error);
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
          ping = setInterval(() => send(packet(PINGREQ, 0, [])), (KEEPALIVE_S * 1000) / 2);
          resolve({
            url,
            publish: (/** @type {Uint8Array} */ payload) => {
              if (ws.readyState !== WebSocket.OPEN) return false;
              send(packet(PUBLISH, 0, [mqttString(topic), payload]));
              return true;
            },
            close: () => {
              if (closed) return;
              closed = true;
              clearInterval(ping);
              send(packet(DISCONNECT, 0, []));
              ws.close();
            },
          });
        } else if (p.type === PUBLISH) {
          const topicLength = (p.body[0] << 8) | p.body[1];
          const qos = (p.flags >> 1) & 3;
          const start = 2 + topicLength + (qos ? 2 : 0);
          if (dec.decode(p.body.subarray(2, 2 + topicLength)) === topic) onMessage(p.body.slice(start));
        } else if (p.type !== PINGRESP) {
          // nothing else is asked for: ignored
        }
      }
    };
    ws.onerror = () => fail(new Error("could not connect"));
    ws.onclose = () => fail(new Error("closed"));
  });
}

/**
 * The room's relays: the first of `urls` that answers carries the room; when it fails, the next
 * one (in order, round and round) takes over. `onStatus` hears {relay, state: "connecting" |
 * "connected" | "lost" | "failed", error?}; `onMessage` every payload on the topic.
 */
export class Relays {
  /**
   * @param {string[]} urls @param {string} topic
   * @param {{onMessage: (payload: Uint8Array) => void, onStatus: (s: {relay: string, state: string, error?: string}) => void, onReconnect?: () => void}} handlers
   */
  constructor(urls, topic, handlers) {
    this.urls = urls;
    this.topic = topic;
    this.h = handlers;
    this.index = 0;
    /** @type {any} */
    this.link = null;
    this.stopped = false;
    this.everConnected = false;
    /** @type {Uint8Array[]} sent while no relay carried the room: sent once one does */
    this.queue = [];
  }

  /** Connect to the first relay that answers; resolves once one does (keeps trying otherwise). */
  async start() {
    for (let round = 0; !this.stopped; round++) {
      for (let i = 0; i < this.urls.length && !this.stopped; i++) {
        const url = this.urls[(this.index + i) % this.urls.length];
        this.h.onStatus({ relay: url, state: "connecting" });
        try {
          this.link = await connectBroker(url, this.topic, {
            onMessage: (payload) => this.h.onMessage(payload),
            onClose: () => this.lost(url),
          });
        } catch (error) {
          this.h.onStatus({ relay: url, state: "failed", error: String(/** @type {any} */ (error)?.message ?? error) });
          continue;
        }
        this.index = (this.index + i) % this.urls.length;
        this.h.onStatus({ relay: url, state: "connected" });
        const again = this.everConnected;
        this.everConnected = true;
        for (const payload of this.queue.splice(0)) this.link.publish(payload);
        if (again) this.h.onReconnect?.();
        return url;
      }
      await new Promise((r) => setTimeout(r, Math.min(8000, 500 * 2 ** round)));
    }
    return null;
  }

  lost(url) {
    this.link = null;
    if (this.stopped) return;
    this.h.onStatus({ relay: url, state: "lost" });
    this.index = (this.index + 1) % this.urls.length; // the next one takes over
    this.start();
  }

  /** Publish a sealed payload (kept until a relay carries the room). @param {Uint8Array} payload */
  send(payload) {
    if (!this.link || !this.link.publish(payload)) this.queue.push(payload);
  }

  stop() {
    this.stopped = true;
    this.link?.close();
    this.link = null;
  }
}
