// Events for embedding pages: listeners registered with window.mahjong.on(name, callback),
// the same events posted to the parent window inside an iframe, and a parent's requests
// ({target: "mahjong", id, method, args}) answered with {source: "mahjong", type: "reply", ...}.
//
// The message rules (docs/embedding.md, "Driving the game from the host page"):
// - requests are taken only from window.parent, and, when the URL names `origin`s, only from
//   a parent on one of them; anything else is ignored without an answer;
// - `method` must be one of the page's own methods (looked up as an own property: "toString",
//   "constructor" are unknown methods); its arguments are checked before anything changes;
// - every failure is answered `ok: false` with a short message (at most 300 characters);
// - events go to the parent with target origin "*", or only to the `origin`s when given;
//   replies go to the origin of the request;
// - a state posted to a parent the address names (`origin`) carries the reader's own observation
//   (their hand; never another seat's); to any other, the table's public facts only.

import { shorten } from "../engine/engine.js";

/** @typedef {(detail: any) => void} Listener */

/**
 * on(name, cb) and emit(name, detail); an engine event is also emitted under its own type.
 * @param {{origins?: string[] | null}} [options]  origins: post the events only to these
 */
export function createEvents({ origins = null } = {}) {
  /** @type {Map<string, Set<Listener>>} */
  const listeners = new Map();

  /** @param {string} name @param {Listener} callback */
  function on(name, callback) {
    if (typeof name !== "string" || typeof callback !== "function") throw new TypeError("on(name, callback)");
    if (!listeners.has(name)) listeners.set(name, new Set());
    listeners.get(name)?.add(callback);
    return () => listeners.get(name)?.delete(callback);
  }

  /** @param {string} name @param {any} detail */
  function call(name, detail) {
    for (const cb of listeners.get(name) || []) {
      try {
        cb(detail);
      } catch (error) {
        console.warn("mahjong listener failed", error);
      }
    }
  }

  /** @param {string} name @param {any} [detail] */
  function emit(name, detail) {
    call(name, detail);
    if (name === "event") call(detail.type, detail);
    if (window.parent !== window && name !== "state") {
      const data = detail && detail.state ? { ...detail, state: compact(detail.state, !!origins) } : detail;
      for (const target of origins ?? ["*"]) {
        try {
          window.parent.postMessage({ source: "mahjong", type: name, detail: data }, target);
        } catch {
          // a parent that cannot receive is no reason to stop
        }
      }
    }
  }

  return { on, emit };
}

/**
 * The part of a state worth posting to another window. `own`: the parent is one the address named
 * (`origin=`), so it gets the reader's own observation too: their concealed hand and the tile they
 * just drew, and what everyone sees (melds, discards, flowers, the gold); never another seat's hand.
 * @param {any} state @param {boolean} [own]
 */
export function compact(state, own = false) {
  const out = {
    variant: state.variant, seat: state.seat, turn: state.turn, phase: state.phase, scores: state.scores,
    legal_actions: state.legal_actions, is_over: state.is_over, tiles_left: state.tiles_left,
    human_to_move: state.human_to_move,
    match: { hand_number: state.match.hand_number, hands: state.match.hands, is_over: state.match.is_over },
  };
  if (!own) return out;
  const seat = Number.isInteger(state.seat) ? state.seat : null;
  return {
    ...out,
    hand: seat === null ? null : [...(state.hands?.[seat] ?? [])],
    drawn: seat !== null && state.drawn_seat === seat ? state.drawn ?? null : null,
    dealer: state.dealer, seat_winds: state.seat_winds, gold: state.gold ?? null,
    melds: state.melds, discards: state.discards, flowers: state.flowers, hand_counts: state.hand_counts,
  };
}

/** A request's answer value: a state (or {state}) is posted compacted. @param {any} value @param {boolean} own */
function replyValue(value, own) {
  if (value && value.state) return compact(value.state, own);
  if (value && value.variant && value.match) return compact(value, own);
  return value ?? null;
}

/** The longest request id a reply echoes (a 1 MB id is refused, not echoed). */
export const ID_LENGTH = 100;

/** A request's id as its reply carries it: a finite number or a short string; null for anything else. @param {unknown} id */
export function replyId(id) {
  if (typeof id === "number") return Number.isFinite(id) ? id : null;
  return typeof id === "string" && id.length <= ID_LENGTH ? id : null;
}

/**
 * Whether a message event may drive the game: it comes from our parent window and, when
 * `origins` is given, from one of them.
 * @param {{source: unknown, origin: string}} event
 * @param {Window} self
 * @param {string[] | null} origins
 */
export function fromParent(event, self, origins) {
  if (self.parent === self || event.source !== self.parent) return false;
  return !origins || origins.includes(event.origin);
}

/**
 * A parent page may drive the game: `methods` maps a name to a function that checks its own
 * arguments (api.js); a request for any other name is refused.
 * @param {Record<string, (args: unknown) => unknown>} methods
 * @param {{origins?: string[] | null}} [options]
 */
export function listenToParent(methods, { origins = null } = {}) {
  const own = Object.assign(Object.create(null), methods);
  window.addEventListener("message", async (e) => {
    const m = e.data;
    if (!m || typeof m !== "object" || m.target !== "mahjong") return;
    if (!fromParent(e, window, origins)) return;
    const id = replyId(m.id);
    let reply;
    try {
      if (id === null && m.id !== undefined && m.id !== null) {
        throw new Error(`a request's id is a number or a string of at most ${ID_LENGTH} characters`);
      }
      const name = m.method;
      if (typeof name !== "string" || !Object.hasOwn(own, name) || typeof own[name] !== "function") {
        throw new Error(`unknown method ${shorten(JSON.stringify(name) ?? String(name), 60)} (methods: ${Object.keys(own).join(", ")})`);
      }
      reply = { ok: true, value: replyValue(await own[name](m.args), !!origins) };
    } catch (error) {
      reply = { ok: false, error: shorten(/** @type {Error} */ (error)?.message ?? String(error)), kind: /** @type {any} */ (error)?.kind ?? "invalid" };
    }
    const target = e.origin && e.origin !== "null" ? e.origin : "*"; // an opaque origin cannot be named
    try {
      /** @type {Window} */ (e.source).postMessage({ source: "mahjong", type: "reply", id, ...reply }, target);
    } catch {
      // the parent went away
    }
  });
}
