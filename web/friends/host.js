// The host's side of a room: its page runs the match in its own engine and referees. Each friend
// is a seat bound to their device's key (seal.js): what they send is checked (a seat, the moment,
// the engine's legality) and a refusal is named to them and on the host's page, nothing changed;
// each friend is sent only their own seat's observation (bridge.py `views`), whole, numbered: a
// friend's page that missed one takes the next, and one that hears nothing asks (sync) and is sent
// its view as it is now, never a replay of messages. Empty seats are bots of the host's level; a
// seat whose friend is away is played by the clock or a bot, as chosen. Each hand's deal seed is
// committed to before any friend's share is seen and revealed after the hand (seed.js).

import { call, startEngine } from "../engine/engine.js";
import { Channel } from "./wire.js";
import { roomSecrets, devicePair, peerId, fromBase64url, toBase64url } from "./seal.js";
import { keepRoom } from "./link.js";
import { newShare, commitOf, seedOf, seedCommitOf } from "./seed.js";

const AWAY_MS = 12_000; // nothing heard for this long: the friend is away
const AWAY_PLAY_MS = 1500; // a bot's pause for an away friend
/** How long the deal waits for the friends' shares, and how often it asks again those not heard. */
const SHARE_WAIT_MS = 8000;
const SHARE_ASK_MS = 1000;
/** A seat's sync is answered at most this often (2,000 syncs are a few answers). */
const SYNC_EVERY_MS = 1000;
/** Every message a sender may send: a burst, then one every so often; more are dropped unread. */
const MESSAGE_BURST = 40;
const MESSAGE_EVERY_MS = 100;
/** The host's answers at the door: per knocking device, and all of them together. */
const KNOCK_EVERY_MS = 2000;
const DOOR_BURST = 8;
const DOOR_EVERY_MS = 250;
export const BOT_PAUSE_MS = 450;

/** This page's clock (a test gives its own). */
export const REAL_CLOCK = {
  now: () => Date.now(),
  setTimeout: (/** @type {() => void} */ f, /** @type {number} */ ms) => setTimeout(f, ms),
  clearTimeout: (/** @type {any} */ id) => clearTimeout(id),
  setInterval: (/** @type {() => void} */ f, /** @type {number} */ ms) => setInterval(f, ms),
  clearInterval: (/** @type {any} */ id) => clearInterval(id),
};
/** This page's engine (a test gives its own process). */
const PAGE_ENGINE = { call, newMatch: () => startEngine().newMatch(), start: () => startEngine() };

/**
 * @typedef {{kind: "host" | "friend" | "bot", name: string, id?: string, pub?: string, connected?: boolean,
 *   heard?: number}} Seat
 * @typedef {{variant: string, options: Record<string, any>, hands: number, clock: number, level: string, away: "bot" | "clock"}} RoomSettings
 * @typedef {{round: string, hand: number, share: string, commit: string, shares: Record<string, string>, seed: string, seedCommit: string}} Deal
 * @typedef {{id: string, pub?: string, name: string, seat: number, why: "late" | "back", at: number}} Asking
 */

export class HostRoom {
  /**
   * @param {{code: string, relays: string[], settings: RoomSettings, name: string, storage: Storage | null,
   *   kept?: any, view: (event: string, data?: any) => void, clock?: typeof REAL_CLOCK,
   *   engine?: {call: (method: string, args?: any) => Promise<any>, newMatch: () => void, start: () => void},
   *   transport?: any}} o
   */
  constructor(o) {
    this.o = o;
    this.code = o.code;
    this.relays = o.relays;
    this.clock = o.clock ?? REAL_CLOCK;
    this.referee = o.engine ?? PAGE_ENGINE;
    this.settings = o.kept?.settings ?? o.settings;
    /** @type {Seat[]} */
    this.seats = o.kept?.seats ?? [
      { kind: "host", name: o.name, connected: true },
      { kind: "bot", name: "" }, { kind: "bot", name: "" }, { kind: "bot", name: "" },
    ];
    this.started = !!o.kept?.save;
    this.save = o.kept?.save ?? null;
    /** the number of the table's latest state: every view sent carries it (a friend keeps the highest) */
    this.version = Math.max(Number(o.kept?.version) || 0, this.clock.now());
    /** @type {Deal | null} the hand's deal: its shares and seed, revealed once the hand is over */
    this.deal = o.kept?.deal ?? null;
    /** @type {any} the hand's reveal, once it is over: {round, hand, shares, seed, replay} */
    this.reveal = null;
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
    /** every message from each sender, and the door's answers */
    this.inPace = new Pace(MESSAGE_BURST, MESSAGE_EVERY_MS);
    this.knockPace = new Pace(1, KNOCK_EVERY_MS);
    this.doorPace = new Pace(DOOR_BURST, DOOR_EVERY_MS);
    /** @type {Map<number, number>} when each seat's sync was last answered */
    this.synced = new Map();
    /** @type {Map<number, Set<string>>} the ids of the moves heard from each seat (a copy is not a move) */
    this.lastAct = new Map();
    /** @type {Map<number, {action: string, at: unknown}>} each seat's chosen tile, at the moment it chose it */
    this.selected = new Map();
    /** @type {Map<number, number>} since which moment each person waited for is to decide */
    this.since = new Map();
    /** @type {Asking[]} people at the door waiting for the host's tap (a seat mid-match, a seat back) */
    this.asking = [];
    /** @type {((seat: number, round: string, share: string) => void) | null} the deal's collector of shares */
    this.collect = null;
    this.matchId = o.kept?.matchId ?? "";
    this.dropped = 0;
    // set by open()
    /** @type {Channel} */
    this.channel = /** @type {any} */ (null);
    /** @type {Awaited<ReturnType<typeof devicePair>>} */
    this.device = /** @type {any} */ (null);
    this.hostId = "";
    this.tick = 0;
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
      code: this.code, topic, roomKey, me: this.device, relays: this.relays, clock: this.clock, transport: this.o.transport,
      onMessage: (m) => this.onMessage(m).catch((e) => console.error(e)),
      // a message that did not open names no one: its sender's id is anyone's to write
      onRefused: (r) => this.refused(r.reason, -1, r.from),
      onStatus: (s) => this.o.view("relay", s),
      onReconnect: () => this.announce(),
    });
    for (const seat of this.seats) {
      if (seat.kind === "friend" && seat.id && seat.pub) await this.channel.addPeer(seat.id, fromBase64url(seat.pub));
    }
    for (const seat of this.seats) if (seat.kind === "friend") seat.connected = false;
    this.keep();
    this.referee.start();
    this.channel.start().then(() => this.announce());
    this.tick = this.clock.setInterval(() => this.checkClocks(), 250);
    if (this.save) await this.run(() => this.resume());
    return this;
  }

  keep() {
    keepRoom(this.o.storage, "host", this.code, {
      jwk: this.device.jwk, settings: this.settings, seats: this.seats.map(({ heard, ...s }) => s), save: this.save,
      version: this.version, deal: this.deal, matchId: this.matchId,
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
      n: this.version,
    };
  }

  /** The host's answer at the door (room key): its public key, so each knock can pair with it. */
  announce() {
    this.channel.sendRoom("host", { pub: toBase64url(this.device.pub) });
    this.sendRoom();
    for (const { seat } of this.friends()) this.sendState(seat);
  }

  sendRoom() {
    this.version += 1; // the room changed: a page that missed it is behind (its sync or ping says so)
    const facts = this.roomFacts();
    for (const { s, seat } of this.friends()) this.tell(s.id, "room", { ...facts, you: seat });
    this.o.view("room", { ...facts, asking: this.asking.map(({ name, seat, why }) => ({ name, seat, why })) });
  }

  /** A seat's view as it is now, numbered, with the hand's commitments (and its reveal once over). */
  sendState(/** @type {number} */ seat, withRoom = false) {
    const s = this.seats[seat];
    const state = this.views[String(seat)];
    if (s.kind !== "friend" || !state) return;
    const deal = this.deal ? { round: this.deal.round, hostCommit: this.deal.commit, seedCommit: this.deal.seedCommit,
      seats: Object.keys(this.deal.shares).map(Number) } : null;
    const reveal = this.reveal && state.is_over ? this.reveal : undefined;
    this.tell(s.id, "state", { n: this.version, state, clock: this.clockOf(seat), deal, reveal, since: this.since.get(seat) ?? null,
      room: withRoom ? { ...this.roomFacts(), you: seat } : undefined });
  }

  // --- messages ---------------------------------------------------------------------------------

  /** @param {import("./wire.js").Message} m */
  async onMessage(m) {
    const { from, type, body } = m;
    const now = this.clock.now();
    if (m.sealing === "room") {
      if (type !== "knock") return; // another host's answer: not ours
      // answered once in a while per device, and a few a second in all: a flood of knocks is not a flood back
      if (!this.knockPace.allow(from, now) || !this.doorPace.allow("door", now)) return void (this.dropped += 1);
      const pub = typeof body?.pub === "string" ? fromBase64url(body.pub) : null;
      if (!pub || (await peerId(pub)) !== from) return this.refused("malformed", -1, from);
      await this.channel.addPeer(from, pub); // a device id is its key's hash: a seated friend's key cannot be replaced
      this.pubs.set(from, body.pub);
      this.channel.sendRoom("host", { pub: toBase64url(this.device.pub) });
      return;
    }
    if (!this.inPace.allow(from, now)) return void (this.dropped += 1);
    const seat = this.seatOf(from);
    const friend = seat >= 0 ? this.seats[seat] : null;
    if (friend) {
      friend.heard = now;
      if (!friend.connected && type !== "leave") {
        friend.connected = true;
        this.o.view("back", { seat, name: friend.name });
        this.tellFriends("back", { seat, name: friend.name });
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
      case "select":
        // the tile this seat has chosen: what its clock plays when it runs out (docs/playing.md)
        if (friend && typeof body?.action === "string" && body.action.length <= 40) this.selected.set(seat, { action: body.action, at: body.at });
        return;
      case "share":
        if (friend && typeof body?.share === "string" && typeof body?.round === "string") this.collect?.(seat, body.round, body.share);
        return;
      case "sync":
        // one answer at most, and only to a page behind: the whole view of its seat as it is now
        if (friend && now - (this.synced.get(seat) ?? -Infinity) >= SYNC_EVERY_MS && body?.n !== this.version) {
          this.synced.set(seat, now);
          if (this.views[String(seat)]) this.sendState(seat, true);
          else this.tell(from, "room", { ...this.roomFacts(), you: seat });
        }
        return;
      case "leave":
        if (friend) this.away(seat);
        return;
      case "ping":
        // answered: a friend waiting on the host's own long turn must not think the host gone
        if (friend) this.tell(from, "pong", { n: this.version });
        return;
      default:
        return this.refused("malformed", seat, from);
    }
  }

  /**
   * A friend asks for a seat: theirs again (their device's key); before the start, the first a bot
   * holds; once the match started, or with the name of a friend who is away (a browser that kept
   * nothing), the host's tap decides (ask). One device, one seat; one name, one person.
   */
  async sit(from, body) {
    const name = cleanName(body?.name);
    let seat = this.seatOf(from);
    if (seat >= 0) {
      const s = this.seats[seat];
      s.connected = true; // (back from away: said by onMessage, once)
      // a seated friend may not take another person's name; a new name is said to everyone, the
      // same one is answered to them alone, once in a while (a sit sent again and again is no flood)
      if (name && name !== s.name && !this.nameTaken(name, seat)) {
        s.name = name;
        this.keep();
        this.sendRoom();
      }
      const now = this.clock.now();
      if (now - (this.synced.get(seat) ?? -Infinity) < SYNC_EVERY_MS) return;
      this.synced.set(seat, now);
      if (this.views[String(seat)]) this.sendState(seat, true);
      else this.tell(from, "room", { ...this.roomFacts(), you: seat });
      return;
    }
    const same = this.seats.findIndex((s) => s.kind === "friend" && s.name === name);
    if (same >= 0) {
      // that name is seated: its person on a browser that kept nothing asks for their seat back (the host's tap), or a second person with that name
      if (this.seats[same].connected) return this.tell(from, "refusedSit", { reason: "name_taken" });
      return this.ask({ id: from, pub: this.pubs.get(from), name, seat: same, why: "back", at: this.clock.now() });
    }
    if (this.nameTaken(name, -1)) return this.tell(from, "refusedSit", { reason: "name_taken" });
    const free = this.seats.findIndex((s) => s.kind === "bot");
    if (free < 0) return this.tell(from, "full", { started: this.started });
    if (this.started) return this.ask({ id: from, pub: this.pubs.get(from), name, seat: free, why: "late", at: this.clock.now() });
    return this.seat(free, from, this.pubs.get(from), name || `#${free + 1}`);
  }

  nameTaken(/** @type {string} */ name, /** @type {number} */ except) {
    return !!name && this.seats.some((s, i) => i !== except && s.kind !== "bot" && s.name === name);
  }

  /** Someone waits for the host's tap (said on the host's page; answered by let or refuse). @param {Asking} asking */
  ask(asking) {
    if (this.asking.some((a) => a.id === asking.id)) return;
    this.asking = [...this.asking.filter((a) => this.clock.now() - a.at < 10 * 60_000), asking].slice(-4);
    this.tell(asking.id, "asked", { why: asking.why });
    this.o.view("asking", { name: asking.name, seat: asking.seat, why: asking.why });
    this.sendRoom();
  }

  /** The host's tap: the one asking takes the seat (a bot's, or their own again on this device). @param {string} id */
  async let(id) {
    const asking = this.asking.find((a) => a.id === id);
    if (!asking) return;
    this.asking = this.asking.filter((a) => a !== asking);
    const s = this.seats[asking.seat];
    if (asking.why === "back" && !(s.kind === "friend" && s.name === asking.name)) return this.sendRoom();
    if (asking.why === "late" && s.kind !== "bot") return this.sendRoom();
    await this.seat(asking.seat, asking.id, asking.pub, asking.name || `#${asking.seat + 1}`, asking.why);
  }

  /** The host says no to the one asking. @param {string} id */
  refuse(id) {
    this.asking = this.asking.filter((a) => a.id !== id);
    this.tell(id, "refusedSit", { reason: "host_said_no" });
    this.sendRoom();
  }

  /** The host sets a seat free: a bot plays it from now on. @param {number} seat */
  async free(seat) {
    const s = this.seats[seat];
    if (seat === 0 || s?.kind !== "friend") return;
    this.tell(s.id, "freed", {});
    this.seats[seat] = { kind: "bot", name: "" };
    this.o.view("left", { seat, name: s.name });
    this.tellFriends("left", { seat, name: s.name });
    await this.seatsToEngine();
  }

  /** A device takes `seat`, with its name. */
  async seat(seat, id, pub, name, why = "joined") {
    const before = this.seats[seat];
    this.seats[seat] = { kind: "friend", name, id, pub: pub ?? undefined, connected: true, heard: this.clock.now() };
    const event = why === "back" ? "back" : "joined";
    this.o.view(event, { seat, name });
    this.tellFriends(event, { seat, name });
    if (before.kind === "friend" && before.id && before.id !== id) this.tell(before.id, "freed", {});
    await this.seatsToEngine();
    if (!this.views[String(seat)]) this.sendRoom();
  }

  /** The engine told who plays which seat (mid-match), then every page its table and the room. */
  async seatsToEngine() {
    this.keep();
    this.sendRoom();
    if (!this.started || !this.state) return;
    const people = [0, ...this.friends().map((f) => f.seat)];
    await this.run(async () => {
      const answer = await this.referee.call("people", { people, keep: true });
      if (!this.state.is_over) return this.took(answer); // play goes on, the seat now theirs
      this.record(answer); // between hands: their table
      this.version += 1;
      for (const { seat } of this.friends()) this.sendState(seat);
    });
  }

  /** A seat's phrase, said on every page: unless the seat says them faster than PHRASE_EVERY_MS
   * after a burst of PHRASE_BURST (a friend's page then drops it unsaid; the relays carry no flood). */
  say(seat, phrase) {
    if (!this.phrasePace.allow(seat, this.clock.now())) return;
    this.tellFriends("said", { seat, phrase });
    this.o.view("said", { seat, phrase });
  }

  away(seat) {
    const s = this.seats[seat];
    if (!s.connected) return;
    s.connected = false;
    this.o.view("away", { seat, name: s.name });
    this.tellFriends("away", { seat, name: s.name });
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
    this.tell(from, "refused", { reason, action, id: typeof body?.id === "string" ? body.id.slice(0, 40) : "", message: String(message).slice(0, 300) });
  }

  /** A friend's action: their seat's, at the moment they saw, legal now; else refused, nothing changed.
   * The same move heard twice (a relay's copy, or the page asking again) is played once: the second
   * gets the seat's table as it is. */
  async friendActs(seat, body) {
    const from = this.seats[seat].id;
    if (typeof body?.id === "string") {
      const heard = this.lastAct.get(seat) ?? new Set();
      if (heard.has(body.id)) return this.sendState(seat);
      heard.add(body.id);
      if (heard.size > 64) heard.delete(/** @type {string} */ (heard.values().next().value));
      this.lastAct.set(seat, heard);
    }
    if (!this.started || !this.state || this.state.is_over) return this.refusedAct(from, seat, "not_now", body);
    if (body?.seat !== undefined && body.seat !== seat) return this.refusedAct(from, seat, "other_seat", body);
    if (typeof body?.action !== "string" || body.action.length > 40) return this.refusedAct(from, seat, "malformed", body);
    // the moment they saw: this seat's decision is the same since (another's pass in a claim window
    // does not change it), else the table moved on since they saw it
    const since = this.since.get(seat) ?? this.state.history_length; // not to decide: the engine says so (illegal)
    if (body.hand !== this.state.match.hand_number || !Number.isSafeInteger(body.at)
        || body.at < since || body.at > this.state.history_length) {
      return this.refusedAct(from, seat, "stale_move", body);
    }
    try {
      await this.apply("act", { action: body.action, seat });
    } catch (error) {
      const e = /** @type {any} */ (error);
      this.refusedAct(from, seat, e?.kind === "illegal" ? "illegal" : "invalid", body, e?.message ?? "");
    }
  }

  /** The host's own chosen tile (its clock plays it). @param {string} action */
  hostSelects(action) {
    if (this.state) this.selected.set(0, { action, at: this.state.history_length });
  }

  /** The host's own action (seat 0). @param {string} action */
  hostActs(action) {
    return this.run(() => this.apply("act", { action, seat: 0 }));
  }

  /** A method that changes the match; then every seat's view goes out and play goes on. */
  async apply(method, args = {}) {
    const answer = await this.referee.call(method, { ...args, keep: true });
    this.took(answer, /** @type {any} */ (args).seat ?? -1);
    return answer;
  }

  /** @param {any} answer @param {number} [actor] the seat whose move it was (its decision is over) */
  took(answer, actor = -1) {
    this.version += 1;
    this.record(answer);
    // the moment each person's decision began (a move made since then is still theirs to make)
    for (const seat of [0, 1, 2, 3]) {
      const view = this.views[String(seat)];
      if (seat === actor) this.since.delete(seat);
      if (!view?.human_to_move || view.is_over) this.since.delete(seat);
      else if (!this.since.has(seat)) this.since.set(seat, view.history_length);
    }
    this.setClocks();
    for (const { seat } of this.friends()) this.sendState(seat);
    const mine = this.views["0"] ?? this.state;
    this.o.view("state", { state: mine, clock: this.clockOf(0), n: this.version });
    if (this.state.is_over) this.handOver().catch((e) => this.o.view("fault", e));
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
    return deadline ? { left: Math.max(0, deadline - this.clock.now()), total: this.settings.clock * 1000 } : null;
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
      if (!this.deadlines.has(seat)) this.deadlines.set(seat, this.clock.now() + this.settings.clock * 1000);
    }
  }

  checkClocks() {
    if (!this.state || this.state.is_over) return;
    const now = this.clock.now();
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

  /** The clock ran out, or an away friend's seat: the engine plays their selected tile, else the hint's move. */
  async playFor(seat, why) {
    const view = this.views[String(seat)];
    if (!view || !view.human_to_move || this.state.is_over) return;
    const chosen = this.selected.get(seat);
    const selected = why === "clock" && chosen && chosen.at === this.since.get(seat) ? chosen.action : undefined;
    const answer = await this.referee.call("timeout", { seat, selected, keep: true });
    this.o.view("playedFor", { seat, why, action: answer.action });
    this.tellFriends("playedFor", { seat, why, action: answer.action });
    this.took(answer, seat);
  }

  /** What comes next: a bot's move after its pause; an away friend's seat played for them. */
  schedule() {
    this.clock.clearTimeout(this.botTimer);
    const s = this.state;
    if (!s || s.is_over) return;
    if (s.bot_to_move) {
      this.botTimer = this.clock.setTimeout(() => this.run(async () => {
        if (this.state === s) {
          const answer = await this.referee.call("bot_step", { keep: true });
          this.took(answer, answer.seat);
        }
      }), BOT_PAUSE_MS);
      return;
    }
    if (this.settings.away !== "bot") return;
    for (const seat of s.people_to_move) {
      const friend = this.seats[seat];
      if (friend.kind === "friend" && !friend.connected) {
        this.botTimer = this.clock.setTimeout(() => this.run(async () => {
          if (this.state === s) await this.playFor(seat, "away");
        }), AWAY_PLAY_MS);
        return;
      }
    }
  }

  /**
   * One hand's deal seed: the host's share committed to and sent to every friend present first
   * ("deal?": asked again of those not heard), then each friend's share (sealed to the host alone),
   * for a few seconds; the seed is the hash of the shares in, and its commitment goes with every
   * state of the hand. @param {number} hand @returns {Promise<string>}
   */
  async dealRound(hand) {
    const round = `${this.matchId}.${hand}`;
    const share = newShare();
    const commit = await commitOf(share);
    const present = this.friends().filter(({ s }) => s.connected).map(({ seat }) => seat);
    /** @type {Record<string, string>} */
    const shares = { 0: share };
    await new Promise((resolve) => {
      const missing = () => present.filter((seat) => !(String(seat) in shares));
      const askAgain = () => {
        for (const seat of missing()) this.tell(this.seats[seat].id, "deal?", { round, commit, hand });
      };
      const done = () => {
        this.clock.clearInterval(asker);
        this.clock.clearTimeout(timer);
        this.collect = null;
        resolve(null);
      };
      const asker = this.clock.setInterval(askAgain, SHARE_ASK_MS);
      const timer = this.clock.setTimeout(done, SHARE_WAIT_MS);
      this.collect = (seat, r, given) => {
        if (r !== round || !present.includes(seat) || String(seat) in shares || !/^[0-9a-f]{32}$/.test(given)) return;
        shares[String(seat)] = given;
        if (!missing().length) done();
      };
      askAgain();
      if (!present.length) done();
    });
    const seed = await seedOf(shares);
    this.deal = { round, hand, share, commit, shares, seed, seedCommit: await seedCommitOf(seed) };
    this.reveal = null;
    this.o.view("seed", { n: Object.keys(shares).length });
    return seed;
  }

  /** The host starts (or plays again): a new match, its first hand dealt from everyone's shares. */
  async start() {
    this.matchId = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, "0")).join("");
    if (this.started) {
      this.tellFriends("again", {}); // every page told: a new match
      // the match in play stops here: no bot moves, no move taken, while the new deal's shares come in
      this.clock.clearTimeout(this.botTimer);
      this.deadlines.clear();
      this.state = null;
    }
    const seed = await this.dealRound(0);
    const people = [0, ...this.friends().map(({ seat }) => seat)];
    this.started = true;
    await this.run(async () => {
      this.referee.newMatch();
      const { variant, options, hands, level } = this.settings;
      const answer = await this.referee.call("new_match", { variant, options, hands, level, deal_seed: seed, human: 0, people, keep: true });
      this.sendRoom();
      this.took(answer);
    });
  }

  async resume() {
    this.referee.newMatch();
    const answer = await this.referee.call("resume", { save: this.save, keep: true });
    this.took(answer);
  }

  nextHand() {
    return this.run(async () => {
      if (!this.state?.is_over || this.state.match.is_over) return;
      const seed = await this.dealRound(this.state.match.hand_number + 1);
      await this.apply("next_hand", { deal_seed: seed });
    });
  }

  /** The hand is over: its shares and seed revealed to every page with its replay (every hand face up). */
  async handOver() {
    const hand = this.state.match.hand_number;
    const { replay } = await this.referee.call("export", { hand });
    const deal = this.deal;
    this.reveal = deal && deal.hand === hand ? { round: deal.round, hand, shares: deal.shares, seed: deal.seed, replay } : { hand, replay };
    this.version += 1;
    for (const { seat } of this.friends()) this.sendState(seat);
    this.o.view("replay", { replay, hand });
  }

  close() {
    this.clock.clearInterval(this.tick);
    this.clock.clearTimeout(this.botTimer);
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
