// A friend's side of a room: no engine here. It knocks (room key) with its device's public key,
// pairs with the host whose id the link names, asks for a seat, and from then on hears only its
// own seat's table and sends its choices; the host's engine decides. Its key pair, kept by this
// browser for the room, is its seat token: the same link brings it back to the same seat.

import { Channel } from "./wire.js";
import { roomSecrets, devicePair, peerId, fromBase64url, toBase64url } from "./seal.js";
import { keepRoom } from "./link.js";
import { newShare, commitOf, checkSeed } from "./seed.js";

const KNOCK_MS = 2500; // knock again until the host answers
const PING_MS = 4000;
const HOST_AWAY_MS = 15_000;

export class GuestRoom {
  /**
   * @param {{code: string, hostId: string | null, relays: string[], name: string, storage: Storage | null,
   *   kept?: any, view: (event: string, data?: any) => void}} o
   */
  constructor(o) {
    this.o = o;
    this.code = o.code;
    this.name = o.name;
    /** @type {string | null} */
    this.hostId = o.hostId ?? o.kept?.hostId ?? null;
    this.seat = -1;
    /** @type {any} */
    this.state = null;
    this.share = newShare();
    this.heardHost = 0;
    this.full = false;
    this.seated = false;
    this.hostPaired = false;
    this.hostAway = false;
    // set by open()
    /** @type {Channel} */
    this.channel = /** @type {any} */ (null);
    /** @type {Awaited<ReturnType<typeof devicePair>>} */
    this.device = /** @type {any} */ (null);
    this.knocker = 0;
    this.pinger = 0;
  }

  async open() {
    const { topic, roomKey } = await roomSecrets(this.code);
    this.device = await devicePair(this.o.kept?.jwk ?? null);
    this.channel = new Channel({
      code: this.code, topic, roomKey, me: this.device, relays: this.o.relays,
      onMessage: (m) => this.onMessage(m).catch((e) => console.error(e)),
      onRefused: (r) => this.o.view("refused", { reason: r.reason, seat: -1 }),
      onStatus: (s) => this.o.view("relay", s),
      onReconnect: () => this.hostPaired ? this.tellHost("sync", {}).catch(() => {}) : this.knock(),
    });
    this.keep();
    await this.channel.start();
    this.knock();
    this.knocker = setInterval(() => {
      if (!this.seated && !this.full) this.knock();
    }, KNOCK_MS);
    this.pinger = setInterval(() => this.ping(), PING_MS);
    addEventListener("pagehide", () => this.leave());
    return this;
  }

  keep() {
    keepRoom(this.o.storage, "seat", this.code, { jwk: this.device.jwk, name: this.name, hostId: this.hostId });
  }

  /** A message to the host, once paired with it. @param {string} type @param {any} body */
  tellHost(type, body) {
    if (!this.hostId || !this.hostPaired) return Promise.reject(new Error("the host has not answered yet"));
    return this.channel.send(this.hostId, type, body);
  }

  knock() {
    this.channel.sendRoom("knock", { pub: toBase64url(this.device.pub) });
  }

  ping() {
    if (!this.hostPaired) return;
    this.tellHost("ping", {}).catch(() => {});
    if (this.seated && this.heardHost && Date.now() - this.heardHost > HOST_AWAY_MS && !this.hostAway) {
      this.hostAway = true;
      this.o.view("hostAway", {});
    }
  }

  leave() {
    if (this.hostPaired) this.tellHost("leave", {}).catch(() => {});
  }

  /** @param {import("./wire.js").Message} m */
  async onMessage(m) {
    const { from, type, body } = m;
    if (m.sealing === "room") {
      if (type !== "host" || typeof body?.pub !== "string") return;
      const pub = fromBase64url(body.pub);
      if ((await peerId(pub)) !== from) return this.o.view("refused", { reason: "malformed", seat: -1 });
      if (this.hostId && from !== this.hostId) return; // not the host the link names: ignored
      if (!this.hostId) this.hostId = from; // a typed code: the first host to answer (its id kept)
      await this.channel.addPeer(from, pub);
      if (!this.hostPaired) {
        this.hostPaired = true;
        this.keep();
        this.sit();
      }
      return;
    }
    if (from !== this.hostId) return;
    this.heardHost = Date.now();
    if (this.hostAway) {
      this.hostAway = false;
      this.o.view("hostBack", {});
    }
    switch (type) {
      case "room":
        if (Number.isInteger(body?.you) && body.you >= 0 && body.you < 4) {
          this.seat = body.you;
          this.seated = true;
        }
        this.o.view("room", body);
        return;
      case "full":
        this.full = true;
        this.o.view("full", body);
        return;
      case "state":
        if (!body?.state || body.state.seat !== this.seat) return;
        this.state = body.state;
        const clock = body.clock && Number.isFinite(body.clock.left) && Number.isFinite(body.clock.total) && body.clock.total > 0
          ? { left: Math.max(0, body.clock.left), total: body.clock.total } : null;
        this.o.view("state", { state: body.state, clock });
        return;
      case "refused":
        this.o.view("actRefused", body);
        return;
      case "said":
      case "playedFor":
        this.o.view(type, body);
        return;
      case "reveal?":
        if (body?.commits?.[String(this.seat)] === (await commitOf(this.share))) {
          this.tellHost("reveal", { share: this.share }).catch(() => {});
        }
        return;
      case "seed": {
        const mine = this.share;
        const verdict = await checkSeed(body, this.seat, mine, Number(body?.max));
        this.share = newShare(); // a new share for the next deal
        this.sit(); // its commitment sent ahead
        this.o.view("seed", { verdict, seed: body?.seed });
        return;
      }
      case "replay":
        this.o.view("replay", body);
        return;
      case "pong": // the host heard our ping: heard above
        return;
      default:
        return;
    }
  }

  async sit() {
    this.tellHost("sit", { name: this.name, commit: await commitOf(this.share) }).catch(() => {});
  }

  /** This seat's choice, at the moment it saw. @param {string} action */
  act(action) {
    const s = this.state;
    if (!s) return Promise.reject(new Error("no table yet"));
    return this.tellHost("act", { action, at: s.history_length, hand: s.match.hand_number });
  }

  say(/** @type {string} */ phrase) {
    return this.tellHost("say", { phrase });
  }

  close() {
    clearInterval(this.knocker);
    clearInterval(this.pinger);
    this.channel?.stop();
  }
}
