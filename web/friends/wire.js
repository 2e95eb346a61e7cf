// A room's messages on the wire: each one sealed (seal.js) and framed with a small header that
// says how it is sealed, for whom and from whom; refused when it cannot be opened (a wrong key,
// a changed byte), replayed (a sequence number already seen from that device), too old, or from
// a device the room does not know. Each refusal is named to the page (onRefused); nothing it
// carried is used.
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
   *   onStatus: (s: any) => void, onReconnect?: () => void}} options
   */
  constructor(options) {
    this.o = options;
    this.me = options.me;
    /** @type {Map<string, CryptoKey>} the pair keys, by the other device's id */
    this.keys = new Map();
    /** @type {Map<string, number>} the last sequence number heard from each device */
    this.heard = new Map();
    this.seq = Date.now() * 1000; // grows across reloads of this device: a receiver's check holds
    this.sentBytes = 0;
    this.receivedBytes = 0;
    this.refusals = 0;
    // one at a time, in order, both ways: a later message opened first would make an earlier one look replayed
    this.inbox = Promise.resolve();
    this.outbox = Promise.resolve();
    this.relays = new Relays(options.relays, options.topic, {
      onMessage: (payload) => {
        this.inbox = this.inbox.then(() => this.receive(payload)).catch(() => {});
      },
      onStatus: options.onStatus,
      onReconnect: options.onReconnect,
    });
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
    const plain = await pack({ seq: this.seq, ts: Date.now(), type, body });
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
    if (last !== undefined && message.seq <= last) return this.refuse("replayed", from);
    if (last === undefined && !(Math.abs(Date.now() - Number(message.ts)) < MAX_AGE_MS)) return this.refuse("stale", from);
    this.heard.set(heardKey, message.seq);
    this.o.onMessage({ from, type: message.type, body: message.body, sealing });
  }

  refuse(reason, from) {
    this.refusals += 1;
    this.o.onRefused({ reason, from });
  }
}
