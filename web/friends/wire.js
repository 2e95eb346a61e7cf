// A room's messages on the wire: each one sealed (seal.js) and framed with a small header that
// says how it is sealed, for whom and from whom; refused when it cannot be opened (a wrong key,
// a changed byte), replayed (a sequence number already seen from that device), too old, or from
// a device the room does not know. Each refusal is named to the page (onRefused); nothing it
// carried is used. A copy (the relays may carry one message twice) or a message overtaken by
// later ones is not a refusal: a copy is dropped unsaid, a late one handed on (the room's states
// carry their own numbers and supersede, host.js). A message under the room key (a knock) names a
// sender anyone may claim: its numbers never shut out that sender's later knocks.
//
// Frame: version (1) · sealing (0 room key, 1 pair key) · recipient id (8) · sender id (8) ·
// nonce and ciphertext. The first 18 bytes and the topic are the AES-GCM associated data.

import { sealBytes, openBytes, pack, unpack, pairKey } from "./seal.js";
import { Relays } from "./mqtt.js";

const VERSION = 1;
const ROOM = 0, PAIR = 1;
const HEADER = 18;
/** A message older than this from a device not heard yet is refused (a replay from an old session). */
const MAX_AGE_MS = 10 * 60 * 1000;
const ZERO_ID = "0000000000000000";
/** How far behind the newest number heard from a device a message may come and still be handed on. */
const WINDOW = 4096;
/** The numbers remembered per device (a copy of one of them is dropped): the whole window. */
const REMEMBERED = WINDOW;
/** The senders remembered at most (a stranger claiming ever new ids under the room key fills no memory). */
const SENDERS = 256;
const enc = new TextEncoder();

const idBytes = (/** @type {string} */ id) => Uint8Array.from(id.match(/../g) ?? [], (h) => parseInt(h, 16));
const idText = (/** @type {Uint8Array} */ b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

/**
 * @typedef {{from: string, type: string, body: any, sealing: "room" | "pair"}} Message
 * @typedef {{reason: "wrong_key" | "replayed" | "stale" | "unknown_sender" | "malformed", from: string}} Refusal
 */

export class Channel {
  /**
   * @param {{code: string, topic: string, roomKey: CryptoKey, me: {privateKey: CryptoKey, id: string},
   *   relays: string[], onMessage: (m: Message) => void, onRefused: (r: Refusal) => void,
   *   onStatus: (s: any) => void, onReconnect?: () => void, clock?: {now: () => number},
   *   transport?: (handlers: {onMessage: (p: Uint8Array) => void, onStatus: (s: any) => void, onReconnect?: () => void}) =>
   *     {start: () => Promise<any>, stop: () => void, send: (p: Uint8Array) => void}}} options
   */
  constructor(options) {
    this.o = options;
    this.me = options.me;
    /** @type {Map<string, CryptoKey>} the pair keys, by the other device's id */
    this.keys = new Map();
    /** @type {Map<string, {max: number, seen: Set<number>}>} the numbers heard from each device, by sealing */
    this.heard = new Map();
    this.copies = 0;
    this.clock = options.clock ?? Date;
    this.seq = (options.clock ?? Date).now() * 1000; // grows across reloads of this device: a receiver's check holds
    this.sentBytes = 0;
    this.receivedBytes = 0;
    this.refusals = 0;
    // one at a time, in order, both ways: a later message opened first would make an earlier one look replayed
    this.inbox = Promise.resolve();
    this.outbox = Promise.resolve();
    const handlers = {
      onMessage: (/** @type {Uint8Array} */ payload) => {
        this.inbox = this.inbox.then(() => this.receive(payload)).catch(() => {});
      },
      onStatus: options.onStatus,
      onReconnect: options.onReconnect,
      channel: this,
    };
    this.relays = options.transport ? options.transport(handlers) : new Relays(options.relays, options.topic, handlers);
  }

  start() {
    return this.relays.start();
  }

  stop() {
    this.relays.stop();
  }

  /** Know device `id` by its public key: messages to and from it are sealed by the pair's key. */
  async addPeer(/** @type {string} */ id, /** @type {Uint8Array} */ pub) {
    if (!this.keys.has(id)) this.keys.set(id, await pairKey(this.me.privateKey, pub, this.o.code));
  }

  hasPeer(/** @type {string} */ id) {
    return this.keys.has(id);
  }

  /** Send to one device, under the pair's key. @param {string} to @param {string} type @param {any} body */
  async send(to, type, body) {
    const key = this.keys.get(to);
    if (!key) throw new Error(`no key for ${to}`);
    await this.frame(PAIR, to, key, type, body);
  }

  /** Send to everyone holding the link, under the room key (the knock at the door, the host's answer). */
  async sendRoom(/** @type {string} */ type, /** @type {any} */ body) {
    await this.frame(ROOM, ZERO_ID, this.o.roomKey, type, body);
  }

  header(sealing, to, from) {
    const h = new Uint8Array(HEADER);
    h[0] = VERSION;
    h[1] = sealing;
    h.set(idBytes(to), 2);
    h.set(idBytes(from), 10);
    return h;
  }

  aad(header) {
    return new Uint8Array([...header, ...enc.encode(this.o.topic)]);
  }

  frame(sealing, to, key, type, body) {
    const sent = this.outbox.then(() => this.sealAndSend(sealing, to, key, type, body));
    this.outbox = sent.catch(() => {});
    return sent;
  }

  async sealAndSend(sealing, to, key, type, body) {
    const header = this.header(sealing, to, this.me.id);
    this.seq += 1;
    const plain = await pack({ seq: this.seq, ts: this.clock.now(), type, body });
    const sealed = await sealBytes(key, plain, this.aad(header));
    const payload = new Uint8Array(HEADER + sealed.length);
    payload.set(header, 0);
    payload.set(sealed, HEADER);
    this.sentBytes += payload.length;
    this.relays.send(payload);
  }

  /** A payload from the relay: opened, checked, handed on; or refused, named. @param {Uint8Array} payload */
  async receive(payload) {
    this.receivedBytes += payload.length;
    if (payload.length < HEADER + 28 || payload[0] !== VERSION || payload[1] > PAIR) return this.refuse("malformed", "");
    const header = payload.subarray(0, HEADER);
    const to = idText(header.subarray(2, 10));
    const from = idText(header.subarray(10, 18));
    if (from === this.me.id) return; // our own, back from the relay
    const sealing = header[1] === ROOM ? "room" : "pair";
    if (sealing === "pair" && to !== this.me.id) return; // another pair's: not ours to read
    const key = sealing === "room" ? this.o.roomKey : this.keys.get(from);
    if (!key) return this.refuse("unknown_sender", from);
    let message;
    try {
      message = await unpack(await openBytes(key, payload.subarray(HEADER), this.aad(header)));
    } catch {
      return this.refuse("wrong_key", from);
    }
    if (!message || typeof message !== "object" || !Number.isSafeInteger(message.seq) || typeof message.type !== "string") {
      return this.refuse("malformed", from);
    }
    // counted apart for the two sealings: a room message's sender id is anyone's to claim
    const heardKey = `${sealing}:${from}`;
    const last = this.heard.get(heardKey);
    if (last?.seen.has(message.seq)) {
      this.copies += 1; // the relays carried it twice (or someone replays it): used once
      return;
    }
    // a room message is checked for its age every time (its sender is anyone's to claim, so its
    // numbers set no floor); a pair's first message too, then its numbers within the window
    const fresh = Math.abs(this.clock.now() - Number(message.ts)) < MAX_AGE_MS;
    if ((sealing === "room" || last === undefined) && !fresh) return this.refuse("stale", from);
    if (sealing === "pair" && last && message.seq <= last.max - WINDOW) return this.refuse("replayed", from);
    const heard = last ?? { max: -Infinity, seen: new Set() };
    heard.seen.add(message.seq);
    if (heard.seen.size > REMEMBERED) heard.seen.delete(/** @type {number} */ (heard.seen.values().next().value));
    if (sealing === "pair") heard.max = Math.max(heard.max, message.seq);
    this.heard.delete(heardKey);
    this.heard.set(heardKey, heard); // the most recently heard last: the oldest go first
    if (this.heard.size > SENDERS) {
      const oldest = [...this.heard.keys()].find((k) => k.startsWith("room:"));
      if (oldest) this.heard.delete(oldest);
    }
    this.o.onMessage({ from, type: message.type, body: message.body, sealing });
  }

  refuse(reason, from) {
    this.refusals += 1;
    this.o.onRefused({ reason, from });
  }
}
