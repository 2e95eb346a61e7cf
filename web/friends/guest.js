// A friend's side of a room. It knocks (room key) with its device's public key, pairs with the
// host whose id the link names, asks for a seat, and from then on hears only its own seat's
// table and sends its choices; the host's engine decides. Every table it is sent is whole and
// numbered: a later number supersedes, an earlier one or a copy is dropped, and when nothing new
// comes for a few seconds (a message lost) it asks for the table as it is now (sync); a move not
// answered is sent again, and the host plays it once. Each hand's deal is checked once the hand
// is over (seed.js checkDeal), against the tiles this page was shown, by the engine (`check`:
// the page's own, started then). Its key pair, kept by this browser for the room, is its seat
// token: the same link brings it back to the same seat.

import { Channel } from "./wire.js";
import { roomSecrets, devicePair, peerId, fromBase64url, toBase64url } from "./seal.js";
import { keepRoom } from "./link.js";
import { newShare, checkDeal, sameAsSeen } from "./seed.js";
import { REAL_CLOCK } from "./host.js";

const KNOCK_MS = 2500; // knock again until the host answers
const PING_MS = 4000;
const HOST_AWAY_MS = 15_000;
/** Nothing new for this long: ask the host for the table as it is now. */
const SYNC_MS = 1500;
/** A move not answered for this long is sent again (the host plays it once). */
const ACT_AGAIN_MS = 1500;
const ACT_TRIES = 10;

/**
 * @typedef {{hostCommit: string | null, seedCommit: string | null, share: string | null, seen: any[], checked: boolean, broken: boolean,
 *   seats: number[] | null}} KeptDeal
 * @typedef {(replay: any, seed: string, seat: number, steps: number[]) => Promise<{dealt: boolean, problem: string | null, views: Record<string, any>}>} DealCheck
 */

export class GuestRoom {
  /**
   * @param {{code: string, hostId: string | null, relays: string[], name: string, storage: Storage | null,
   *   kept?: any, view: (event: string, data?: any) => void, check: DealCheck, clock?: typeof REAL_CLOCK, transport?: any}} o
   */
  constructor(o) {
    this.o = o;
    this.code = o.code;
    this.name = o.name;
    this.clock = o.clock ?? REAL_CLOCK;
    /** @type {string | null} */
    this.hostId = o.hostId ?? o.kept?.hostId ?? null;
    this.seat = -1;
    /** @type {any} */
    this.state = null;
    /** the number of the table this page shows (the host's: a higher one supersedes it) */
    this.n = -1;
    /** when this page last had something new from the host */
    this.fresh = 0;
    this.lastSync = 0;
    /** @type {{body: any, sent: number, tries: number} | null} this seat's move on its way */
    this.pending = null;
    /** @type {Map<string, KeptDeal>} each hand's commitments, share and the states seen, by round */
    this.deals = new Map();
    this.heardHost = 0;
    this.full = false;
    this.seated = false;
    this.hostPaired = false;
    this.hostAway = false;
    this.acts = 0;
    this.refusedSit = false;
    /** @type {number | undefined} the number of the room's facts this page has */
    this.roomN = undefined;
    /** @type {number | null} since which moment this seat is to decide (the host's) */
    this.since = null;
    // set by open()
    /** @type {Channel} */
    this.channel = /** @type {any} */ (null);
    /** @type {Awaited<ReturnType<typeof devicePair>>} */
    this.device = /** @type {any} */ (null);
    this.knocker = 0;
    this.pinger = 0;
    this.watcher = 0;
  }

  async open() {
    const { topic, roomKey } = await roomSecrets(this.code);
    this.device = await devicePair(this.o.kept?.jwk ?? null);
    this.channel = new Channel({
      code: this.code, topic, roomKey, me: this.device, relays: this.o.relays, clock: this.clock, transport: this.o.transport,
      onMessage: (m) => this.onMessage(m).catch((e) => console.error(e)),
      onRefused: (r) => this.o.view("refused", { reason: r.reason, seat: -1 }),
      onStatus: (s) => this.o.view("relay", s),
      onReconnect: () => this.hostPaired ? this.sync(true) : this.knock(),
    });
    this.keep();
    await this.channel.start();
    this.knock();
    // knock again until the host answers, then ask again for the seat until it is given (a message lost)
    this.knocker = this.clock.setInterval(() => {
      if (this.seated || this.full || this.refusedSit) return;
      if (this.hostPaired) this.sit();
      else this.knock();
    }, KNOCK_MS);
    this.pinger = this.clock.setInterval(() => this.ping(), PING_MS);
    this.watcher = this.clock.setInterval(() => this.watch(), 500);
    if (typeof addEventListener === "function") addEventListener("pagehide", () => this.leave());
    return this;
  }

  keep() {
    // the host's id kept is the first this seat paired with: a link with the same code naming another
    // host replaces neither it nor this device's key (the seat's token)
    keepRoom(this.o.storage, "seat", this.code, { jwk: this.device.jwk, name: this.name, hostId: this.o.kept?.hostId ?? this.hostId });
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
    if (this.seated && this.heardHost && this.clock.now() - this.heardHost > HOST_AWAY_MS && !this.hostAway) {
      this.hostAway = true;
      this.o.view("hostAway", {});
    }
  }

  /** Asks the host for this seat's table as it is now (answered only when this page is behind). */
  sync(now = false) {
    if (!this.hostPaired || !this.seated) return;
    if (!now && this.clock.now() - this.lastSync < SYNC_MS) return;
    this.lastSync = this.clock.now();
    this.tellHost("sync", { n: this.known() }).catch(() => {});
  }

  /** The highest number this page has from the host: its table's, or its room's (before a deal). */
  known() {
    return Math.max(this.n, this.roomN ?? -1);
  }

  /** Every half second: a move not answered is sent again; nothing new for a while in a hand, a sync
   * (between hands and before the start, the pong's number tells this page it is behind). */
  watch() {
    const now = this.clock.now();
    const p = this.pending;
    if (p && now - p.sent >= ACT_AGAIN_MS) {
      if (p.tries >= ACT_TRIES) {
        this.pending = null;
        this.o.view("actRefused", { reason: "not_heard", action: p.body.action });
      } else {
        p.sent = now;
        p.tries += 1;
        this.tellHost("act", p.body).catch(() => {});
      }
    }
    if (this.seated && this.state && !this.state.is_over && now - this.fresh >= SYNC_MS) this.sync();
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
    this.heardHost = this.clock.now();
    if (this.hostAway) {
      this.hostAway = false;
      this.o.view("hostBack", {});
    }
    switch (type) {
      case "room":
        return this.room(body);
      case "full":
        this.full = true;
        this.o.view("full", body);
        return;
      case "state":
        return this.took(body);
      case "deal?":
        return this.dealAsked(body);
      case "refused":
        if (this.pending && (!body?.id || body.id === this.pending.body.id)) this.pending = null;
        this.o.view("actRefused", body);
        return;
      case "asked":
      case "refusedSit":
      case "freed":
        if (type === "freed") this.seated = false;
        if (type !== "asked") this.refusedSit = true; // asked no more (the same link, opened again, asks again)
        this.o.view(type, body);
        return;
      case "said":
      case "playedFor":
      case "joined":
      case "back":
      case "left":
      case "away":
      case "again":
        this.o.view(type, body);
        return;
      case "pong": // the host heard our ping: heard above; a page behind asks
        if (Number.isSafeInteger(body?.n) && body.n > this.known()) this.sync();
        return;
      default:
        return;
    }
  }

  room(/** @type {any} */ body) {
    if (!Number.isInteger(body?.you) || body.you < 0 || body.you >= 4) return;
    if (Number.isSafeInteger(body.n) && this.roomN !== undefined && body.n < this.roomN) return; // an older one: superseded
    this.roomN = Number(body.n) || 0;
    this.seat = body.you;
    if (!this.seated) this.fresh = this.clock.now();
    this.seated = true;
    this.o.view("room", body);
  }

  /** A table from the host: a later one supersedes this page's; an earlier one or a copy is dropped. */
  took(/** @type {any} */ body) {
    if (body?.room) this.room(body.room);
    const state = body?.state;
    if (!Number.isSafeInteger(body?.n) || !state || state.seat !== this.seat) return;
    if (body.n <= this.n) return; // overtaken by one already shown
    const gap = this.n >= 0 && !!state && !!this.state && !consecutive(this.state, state);
    this.n = body.n;
    this.fresh = this.clock.now();
    this.state = state;
    const p = this.pending;
    // this seat's move answered: it is no longer to decide, or decides anew (another moment)
    this.since = Number.isSafeInteger(body.since) ? body.since : null;
    if (p && (state.match?.hand_number !== p.body.hand || !state.human_to_move || this.since === null || this.since > p.body.at)) this.pending = null;
    const clock = body.clock && Number.isFinite(body.clock.left) && Number.isFinite(body.clock.total) && body.clock.total > 0
      ? { left: Math.max(0, body.clock.left), total: body.clock.total } : null;
    const deal = body.deal && typeof body.deal.round === "string" ? body.deal : null;
    if (deal) {
      const kept = this.dealOf(deal.round);
      // the first commitments heard are the ones checked: a later, different one is the host's break
      kept.hostCommit ??= typeof deal.hostCommit === "string" ? deal.hostCommit : null;
      kept.seedCommit ??= typeof deal.seedCommit === "string" ? deal.seedCommit : null;
      kept.seats ??= Array.isArray(deal.seats) ? deal.seats.filter((x) => Number.isInteger(x)) : null;
      if (!kept.seen.length || kept.seen[0].history_length > state.history_length) kept.seen.unshift(state);
      else kept.seen.splice(1, 1, state); // the first and the latest state seen of the hand
      if (kept.hostCommit !== deal.hostCommit || kept.seedCommit !== deal.seedCommit) kept.broken = true;
    }
    this.o.view("state", { state, clock, n: body.n, events: gap ? [] : state.events ?? [], gap });
    if (state.is_over && body.reveal && deal && !this.dealOf(deal.round).checked) this.checkHand(deal.round, body.reveal).catch((e) => console.error(e));
    else if (state.is_over && body.reveal?.replay) this.o.view("replay", body.reveal);
  }

  dealOf(/** @type {string} */ round) {
    let kept = this.deals.get(round);
    if (!kept) {
      kept = { hostCommit: null, seedCommit: null, seats: null, share: null, seen: [], checked: false, broken: false };
      this.deals.set(round, kept);
      while (this.deals.size > 8) this.deals.delete(/** @type {string} */ (this.deals.keys().next().value));
    }
    return kept;
  }

  /** The host's commitment to its share, before any share is in: kept, then this seat's share, to the host alone. */
  dealAsked(/** @type {any} */ body) {
    if (typeof body?.round !== "string" || typeof body?.commit !== "string" || body.round.length > 40) return;
    const kept = this.dealOf(body.round);
    kept.hostCommit ??= body.commit;
    if (kept.hostCommit !== body.commit) kept.broken = true;
    kept.share ??= newShare();
    this.tellHost("share", { round: body.round, share: kept.share }).catch(() => {});
  }

  /** The hand is over: its deal checked, then said (seed.js). */
  async checkHand(/** @type {string} */ round, /** @type {any} */ reveal) {
    const kept = this.dealOf(round);
    kept.checked = true;
    this.o.view("replay", reveal);
    const seat = this.seat;
    // a share that reached the host too late for the deal (the host said so before the hand) is not the host's break
    const late = !!kept.share && !!kept.seats && !kept.seats.includes(seat);
    const result = kept.broken ? { verdict: "commit_mismatch", who: "host" } : await checkDeal(reveal, kept, seat, late ? null : kept.share, async (seed) => {
      const steps = kept.seen.map((s) => s.history_length);
      const answer = await this.o.check(reveal.replay, seed, seat, steps);
      if (!answer.dealt) return "deal_differs";
      return sameAsSeen(answer.views, kept.seen, seat) ? "ok" : "play_differs";
    }).catch(() => ({ verdict: "malformed", who: "host" }));
    if (late && result.verdict === "ok") result.verdict = "mine_late";
    this.o.view("seed", { ...result, hand: reveal.hand });
  }

  async sit() {
    this.tellHost("sit", { name: this.name }).catch(() => {});
  }

  /** This seat's choice, at the moment it saw: sent again until the host answers. @param {string} action */
  act(action) {
    const s = this.state;
    if (!s) return Promise.reject(new Error("no table yet"));
    this.acts += 1;
    const body = { action, at: s.history_length, hand: s.match.hand_number, id: `${this.n}.${this.acts}` };
    this.pending = { body, sent: this.clock.now(), tries: 0 };
    return this.tellHost("act", body);
  }

  /** The tile this seat has chosen: its clock plays it (docs/playing.md). @param {string} action */
  select(action) {
    const s = this.state;
    if (s?.human_to_move) this.tellHost("select", { action, at: this.since ?? s.history_length }).catch(() => {});
  }

  say(/** @type {string} */ phrase) {
    return this.tellHost("say", { phrase });
  }

  close() {
    this.clock.clearInterval(this.knocker);
    this.clock.clearInterval(this.pinger);
    this.clock.clearInterval(this.watcher);
    this.channel?.stop();
  }
}

/** Whether `next` follows `prev` by one move of the same hand (its events are the step's). */
function consecutive(prev, next) {
  return prev.match?.hand_number === next.match?.hand_number && next.history_length === prev.history_length + 1;
}
