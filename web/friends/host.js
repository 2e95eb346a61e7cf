// The host's side of a room: its page runs the match in its own engine and referees. Each friend
// is a seat bound to their device's key (seal.js): what they send is checked (a seat, the moment,
// the engine's legality) and a refusal is named to them and on the host's page, nothing changed;
// each friend is sent only their own seat's observation (bridge.py `views`). Empty seats are bots
// of the host's level; a seat whose friend is away is played by the clock or a bot, as chosen.
// The deal's seed is every seat's: each commits to a share before any share is shown (seed.js).

import { call, startEngine } from "../engine/engine.js";
import { Channel } from "./wire.js";
import { roomSecrets, devicePair, peerId, fromBase64url, toBase64url } from "./seal.js";
import { keepRoom } from "./link.js";
import { newShare, commitOf, seedOf } from "./seed.js";

const AWAY_MS = 12_000; // nothing heard for this long: the friend is away
const AWAY_PLAY_MS = 1500; // a bot's pause for an away friend
const REVEAL_WAIT_MS = 5000;
export const BOT_PAUSE_MS = 450;

/**
 * @typedef {{kind: "host" | "friend" | "bot", name: string, id?: string, pub?: string, connected?: boolean,
 *   heard?: number, commit?: string | null, share?: string | null}} Seat
 * @typedef {{variant: string, options: Record<string, any>, hands: number, clock: number, level: string, away: "bot" | "clock"}} RoomSettings
 */

export class HostRoom {
  /**
   * @param {{code: string, relays: string[], settings: RoomSettings, name: string, storage: Storage | null,
   *   kept?: any, view: (event: string, data?: any) => void, testPosition?: any}} o
   */
  constructor(o) {
    this.o = o;
    this.code = o.code;
    this.relays = o.relays;
    this.settings = o.kept?.settings ?? o.settings;
    /** @type {Seat[]} */
    this.seats = o.kept?.seats ?? [
      { kind: "host", name: o.name, connected: true },
      { kind: "bot", name: "" }, { kind: "bot", name: "" }, { kind: "bot", name: "" },
    ];
    this.started = !!o.kept?.save;
    this.save = o.kept?.save ?? null;
    /** @type {any} */
    this.state = null;
    this.views = {};
    /** @type {Map<number, number>} each waiting person's deadline (ms, this page's clock) */
    this.deadlines = new Map();
    this.queue = Promise.resolve();
    this.botTimer = 0;
    this.refusals = [];
    /** @type {Map<string, string>} the public keys heard at the door, by device id */
    this.pubs = new Map();
    /** the phrases each seat may say: a few at a time, then one every few seconds */
    this.phrasePace = new Pace(PHRASE_BURST, PHRASE_EVERY_MS);
    // set by open()
    /** @type {Channel} */
    this.channel = /** @type {any} */ (null);
    /** @type {Awaited<ReturnType<typeof devicePair>>} */
    this.device = /** @type {any} */ (null);
    this.hostId = "";
    this.tick = 0;
    /** @type {((seat: number, share: string) => void) | null} the start's collector of shares */
    this.reveals = null;
  }

  /** Send one device a message (its failure is the relay's: said by the relay's status). */
  tell(/** @type {string | undefined} */ id, /** @type {string} */ type, /** @type {any} */ body) {
    if (id) this.channel.send(id, type, body).catch(() => {});
  }

  /** Send every friend seated the same message. */
  tellFriends(/** @type {string} */ type, /** @type {any} */ body) {
    for (const { s } of this.friends()) this.tell(s.id, type, body);
  }

  /** Keys, relay, engine; a kept room resumes its match (the host's reload). */
  async open() {
    const { topic, roomKey } = await roomSecrets(this.code);
    this.device = await devicePair(this.o.kept?.jwk ?? null);
    this.hostId = this.device.id;
    this.channel = new Channel({
      code: this.code, topic, roomKey, me: this.device, relays: this.relays,
      onMessage: (m) => this.onMessage(m).catch((e) => console.error(e)),
      onRefused: (r) => this.refused(r.reason, this.seatOf(r.from), r.from),
      onStatus: (s) => this.o.view("relay", s),
      onReconnect: () => this.announce(),
    });
    for (const seat of this.seats) {
      if (seat.kind === "friend" && seat.id && seat.pub) await this.channel.addPeer(seat.id, fromBase64url(seat.pub));
    }
    for (const seat of this.seats) if (seat.kind === "friend") seat.connected = false;
    this.keep();
    startEngine();
    this.channel.start().then(() => this.announce());
    this.tick = setInterval(() => this.checkClocks(), 250);
    if (this.save) await this.run(() => this.resume());
    return this;
  }

  keep() {
    keepRoom(this.o.storage, "host", this.code, {
      jwk: this.device.jwk, settings: this.settings, seats: this.seats.map(({ heard, ...s }) => s), save: this.save,
    });
  }

  /** Engine calls one at a time, in order: a bot's move never crosses a person's. @param {() => Promise<any>} job */
  run(job) {
    const done = this.queue.then(job);
    this.queue = done.catch((e) => this.o.view("fault", e)); // said once on the page; the queue goes on
    done.catch(() => {}); // a caller that does not wait for it leaves no unhandled rejection
    return done;
  }

  seatOf(/** @type {string} */ id) {
    return this.seats.findIndex((s) => s.kind === "friend" && s.id === id);
  }

  friends() {
    return this.seats.map((s, seat) => ({ s, seat })).filter(({ s }) => s.kind === "friend");
  }

  /** The room as every seat may see it: names, kinds, connections; no keys. */
  roomFacts() {
    return {
      seats: this.seats.map((s) => ({ kind: s.kind, name: s.name, connected: s.kind !== "friend" || !!s.connected })),
      settings: this.settings,
      started: this.started,
      hostId: this.hostId,
    };
  }

  /** The host's answer at the door (room key): its public key, so each knock can pair with it. */
  announce() {
    this.channel.sendRoom("host", { pub: toBase64url(this.device.pub) });
    this.sendRoom();
    for (const { seat } of this.friends()) this.sendState(seat);
  }

  sendRoom() {
    const facts = this.roomFacts();
    for (const { s, seat } of this.friends()) this.tell(s.id, "room", { ...facts, you: seat });
    this.o.view("room", facts);
  }

  sendState(/** @type {number} */ seat) {
    const s = this.seats[seat];
    const state = this.views[String(seat)];
    if (s.kind !== "friend" || !state) return;
    const deadline = this.deadlines.get(seat);
    const clock = deadline ? { left: Math.max(0, deadline - Date.now()), total: this.settings.clock * 1000 } : null;
    this.tell(s.id, "state", { state, clock });
  }

  // --- messages ---------------------------------------------------------------------------------

  /** @param {import("./wire.js").Message} m */
  async onMessage(m) {
    const { from, type, body } = m;
    if (m.sealing === "room") {
      if (type !== "knock") return; // another host's answer: not ours
      const pub = typeof body?.pub === "string" ? fromBase64url(body.pub) : null;
      if (!pub || (await peerId(pub)) !== from) return this.refused("malformed", -1, from);
      await this.channel.addPeer(from, pub);
      this.pubs.set(from, body.pub);
      this.channel.sendRoom("host", { pub: toBase64url(this.device.pub) });
      return;
    }
    const seat = this.seatOf(from);
    const friend = seat >= 0 ? this.seats[seat] : null;
    if (friend) {
      friend.heard = Date.now();
      if (!friend.connected && type !== "leave") {
        friend.connected = true;
        this.o.view("back", { seat, name: friend.name });
        this.sendRoom();
      }
    }
    switch (type) {
      case "sit":
        return this.sit(from, body);
      case "act":
        if (!friend) return this.refusedAct(from, -1, "no_seat", body);
        return this.run(() => this.friendActs(seat, body));
      case "say":
        if (friend && typeof body?.phrase === "string" && /^[a-z]{1,12}$/.test(body.phrase)) this.say(seat, body.phrase);
        return;
      case "reveal":
        if (friend && typeof body?.share === "string") this.reveals?.(seat, body.share);
        return;
      case "sync":
        if (friend) {
          this.tell(from, "room", { ...this.roomFacts(), you: seat });
          this.sendState(seat);
        }
        return;
      case "leave":
        if (friend) this.away(seat);
        return;
      case "ping":
        // answered: a friend waiting on the host's own long turn must not think the host gone
        if (friend) this.tell(from, "pong", {});
        return;
      default:
        return this.refused("malformed", seat, from);
    }
  }

  /** A friend asks for a seat: theirs again (their device's key), or the first a bot holds (mid-match too). */
  async sit(from, body) {
    const name = cleanName(body?.name);
    const commit = typeof body?.commit === "string" && /^[0-9a-f]{64}$/.test(body.commit) ? body.commit : null;
    let seat = this.seatOf(from);
    if (seat < 0) {
      // the first seat a bot holds; once the match started too (a friend late to the table takes
      // it over from the bot, mid-hand: the engine is told who plays it)
      seat = this.seats.findIndex((s) => s.kind === "bot");
      if (seat < 0) {
        this.tell(from, "full", { started: this.started });
        return;
      }
      const pub = this.pubs.get(from);
      this.seats[seat] = { kind: "friend", name: name || `#${seat + 1}`, id: from, pub: pub ?? undefined, connected: true, heard: Date.now() };
      this.o.view("joined", { seat, name: this.seats[seat].name });
    } else {
      const s = this.seats[seat];
      if (name) s.name = name;
      s.connected = true; // (back from away: said by onMessage, once)
    }
    this.seats[seat].commit = commit;
    this.keep();
    this.sendRoom();
    if (this.started && this.state && !this.views[String(seat)]) {
      // a bot's seat taken over mid-match: the engine is told who plays it, and its answer
      // brings the friend their table
      const people = [0, ...this.friends().map((f) => f.seat)];
      await this.run(async () => {
        const answer = await call("people", { people, keep: true });
        if (!this.state.is_over) return this.took(answer); // play goes on, the seat now theirs
        this.record(answer); // between hands: their table, and nothing said again to the others
        this.sendState(seat);
      });
      return;
    }
    this.sendState(seat);
  }

  /** A seat's phrase, said on every page: unless the seat says them faster than PHRASE_EVERY_MS
   * after a burst of PHRASE_BURST (a friend's page then drops it unsaid; the relays carry no flood). */
  say(seat, phrase) {
    if (!this.phrasePace.allow(seat, Date.now())) return;
    this.tellFriends("said", { seat, phrase });
    this.o.view("said", { seat, phrase });
  }

  away(seat) {
    const s = this.seats[seat];
    if (!s.connected) return;
    s.connected = false;
    this.o.view("away", { seat, name: s.name });
    this.sendRoom();
    this.schedule();
  }

  /** A refusal named on the host's page (a message that could not be used). */
  refused(reason, seat, from) {
    this.refusals.push({ reason, seat, from });
    this.o.view("refused", { reason, seat, name: seat >= 0 ? this.seats[seat].name : null });
  }

  refusedAct(from, seat, reason, body, message = "") {
    const action = typeof body?.action === "string" ? body.action.slice(0, 40) : "";
    this.refused(reason, seat, from);
    this.tell(from, "refused", { reason, action, message: String(message).slice(0, 300) });
  }

  /** A friend's action: their seat's, at the moment they saw, legal now; else refused, nothing changed. */
  async friendActs(seat, body) {
    const from = this.seats[seat].id;
    if (!this.started || !this.state || this.state.is_over) return this.refusedAct(from, seat, "not_now", body);
    if (body?.seat !== undefined && body.seat !== seat) return this.refusedAct(from, seat, "other_seat", body);
    if (typeof body?.action !== "string" || body.action.length > 40) return this.refusedAct(from, seat, "malformed", body);
    if (body.at !== this.state.history_length || body.hand !== this.state.match.hand_number) {
      return this.refusedAct(from, seat, "stale_move", body); // the table moved on since they saw it
    }
    try {
      await this.apply("act", { action: body.action, seat });
    } catch (error) {
      const e = /** @type {any} */ (error);
      this.refusedAct(from, seat, e?.kind === "illegal" ? "illegal" : "invalid", body, e?.message ?? "");
    }
  }

  /** The host's own action (seat 0). @param {string} action */
  hostActs(action) {
    return this.run(() => this.apply("act", { action, seat: 0 }));
  }

  /** A method that changes the match; then every seat's view goes out and play goes on. */
  async apply(method, args = {}) {
    const answer = await call(method, { ...args, keep: true });
    this.took(answer);
    return answer;
  }

  took(answer) {
    this.record(answer);
    this.setClocks();
    for (const { seat } of this.friends()) this.sendState(seat);
    this.o.view("state", { state: this.views["0"] ?? this.state, clock: this.clockOf(0) });
    if (this.state.is_over) this.handOver();
    else this.schedule();
  }

  /** The engine's answer kept: the table, each person's own view of it, the match's save. */
  record(answer) {
    this.state = answer.state;
    this.views = answer.views ?? { 0: answer.state };
    if (answer.save) this.save = answer.save;
    this.keep();
  }

  clockOf(seat) {
    const deadline = this.deadlines.get(seat);
    return deadline ? { left: Math.max(0, deadline - Date.now()), total: this.settings.clock * 1000 } : null;
  }

  /** Each person newly waited for gets the table's clock; one who has answered or is no longer waited for, none. */
  setClocks() {
    const waiting = new Set(this.state.is_over ? [] : this.state.people_to_move);
    for (const seat of [...this.deadlines.keys()]) if (!waiting.has(seat)) this.deadlines.delete(seat);
    if (!this.settings.clock) return;
    for (const seat of waiting) {
      const view = this.views[String(seat)];
      if (!view?.human_to_move) {
        this.deadlines.delete(seat); // answered in a claim window: waits for the others
        continue;
      }
      if (!this.deadlines.has(seat)) this.deadlines.set(seat, Date.now() + this.settings.clock * 1000);
    }
  }

  checkClocks() {
    if (!this.state || this.state.is_over) return;
    const now = Date.now();
    for (const [seat, deadline] of this.deadlines) {
      if (now >= deadline) {
        this.deadlines.delete(seat);
        this.run(() => this.playFor(seat, "clock"));
      }
    }
    for (const { s, seat } of this.friends()) {
      if (s.connected && s.heard && now - s.heard > AWAY_MS) this.away(seat);
    }
  }

  /** The clock ran out, or an away friend's seat: the engine plays the hint's move for them. */
  async playFor(seat, why) {
    const view = this.views[String(seat)];
    if (!view || !view.human_to_move || this.state.is_over) return;
    const answer = await call("timeout", { seat, keep: true });
    this.o.view("playedFor", { seat, why, action: answer.action });
    this.tellFriends("playedFor", { seat, why, action: answer.action });
    this.took(answer);
  }

  /** What comes next: a bot's move after its pause; an away friend's seat played for them. */
  schedule() {
    clearTimeout(this.botTimer);
    const s = this.state;
    if (!s || s.is_over) return;
    if (s.bot_to_move) {
      this.botTimer = setTimeout(() => this.run(async () => {
        if (this.state === s) this.took(await call("bot_step", { keep: true }));
      }), BOT_PAUSE_MS);
      return;
    }
    if (this.settings.away !== "bot") return;
    for (const seat of s.people_to_move) {
      const friend = this.seats[seat];
      if (friend.kind === "friend" && !friend.connected) {
        this.botTimer = setTimeout(() => this.run(async () => {
          if (this.state === s) await this.playFor(seat, "away");
        }), AWAY_PLAY_MS);
        return;
      }
    }
  }

  /** The host starts (or plays again): every seat's share of the seed, then the deal. */
  async start() {
    const host = this.seats[0];
    host.share = newShare();
    host.commit = await commitOf(host.share);
    const present = this.friends().filter(({ s }) => s.connected && s.commit);
    const shares = new Map([[0, host.share]]);
    const waiting = new Promise((resolve) => {
      const timer = setTimeout(resolve, REVEAL_WAIT_MS);
      this.reveals = async (seat, share) => {
        if (!present.some((p) => p.seat === seat) || shares.has(seat)) return;
        if ((await commitOf(share)) !== this.seats[seat].commit) return this.refused("bad_share", seat, this.seats[seat].id);
        shares.set(seat, share);
        if (shares.size === present.length + 1) {
          clearTimeout(timer);
          resolve(null);
        }
      };
    });
    const commits = Object.fromEntries([[0, host.commit], ...present.map(({ s, seat }) => [seat, s.commit])]);
    for (const { s } of present) this.tell(s.id, "reveal?", { commits });
    await waiting;
    this.reveals = null;
    const catalog = await call("options");
    const contributions = Object.fromEntries([...shares].sort((a, b) => a[0] - b[0]));
    const seed = await seedOf(contributions, catalog.options.max_seed);
    const people = [0, ...this.friends().map(({ seat }) => seat)];
    this.started = true;
    await this.run(async () => {
      startEngine().newMatch();
      const { variant, options, hands, level } = this.settings;
      // a test's deal (window.mahjongFriendsDeal: the claim between two people needs a known hand);
      // a player's page has none, and its deal is the seed's
      const position = this.o.testPosition ?? undefined;
      const answer = await call("new_match", { variant, options, hands, level, seed, human: 0, people, position, keep: true });
      this.sendRoom();
      for (const { s } of this.friends()) {
        this.tell(s.id, "seed", { commits, shares: contributions, seed, max: catalog.options.max_seed });
        // the friend's own share is theirs to drop after the deal: a new one for the next start
        s.commit = null;
      }
      this.o.view("seed", { commits, shares: contributions, seed });
      this.took(answer);
    });
  }

  async resume() {
    startEngine().newMatch();
    const answer = await call("resume", { save: this.save, keep: true });
    this.took(answer);
  }

  nextHand() {
    return this.run(() => this.apply("next_hand"));
  }

  /** The hand's replay for everyone, every hand face up in the viewer (its checkbox). */
  async handOver() {
    const hand = this.state.match.hand_number;
    const { replay } = await call("export", { hand });
    this.tellFriends("replay", { replay, hand });
    this.o.view("replay", { replay, hand });
  }

  /** The host sets a seat's friend free (or takes back a bot's seat before the start). */
  close() {
    clearInterval(this.tick);
    clearTimeout(this.botTimer);
    this.channel?.stop();
  }
}

const PHRASE_BURST = 3;
const PHRASE_EVERY_MS = 4000;

/**
 * A token bucket per key: `burst` at once, then one more every `everyMs`. The host paces each seat's
 * phrases with it (a page that sends a hundred is heard three times, then once every few seconds).
 */
export class Pace {
  /** @param {number} burst @param {number} everyMs */
  constructor(burst, everyMs) {
    this.burst = burst;
    this.everyMs = everyMs;
    /** @type {Map<unknown, {tokens: number, at: number}>} */
    this.buckets = new Map();
  }

  /** Whether `key` may go now (and, if so, one token spent). @param {unknown} key @param {number} now (ms) */
  allow(key, now) {
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + Math.max(0, now - b.at) / this.everyMs);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}

/** A name as the table shows it: text only, trimmed, at most 20 characters. @param {unknown} name */
export function cleanName(name) {
  if (typeof name !== "string") return "";
  return [...name.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e]/g, "").trim()].slice(0, 20).join("");
}
