// Events for embedding pages: listeners registered with window.mahjong.on(name, callback),
// the same events posted to the parent window inside an iframe, and a parent's requests
// ({target: "mahjong", id, method, args}) answered with {source: "mahjong", type: "reply", ...}.
//
// The message rules (docs/embedding.md, "Driving the game from the host page"):
// - requests are taken only from window.parent, and, when the URL names `origin`s, only from
//   a parent on one of them; anything else is ignored without an answer;
// - an `origin=` that is not a list of origins is refused, not passed over: the page says so, posts
//   its parent no event and answers every request with that refusal (`refused`);
// - `method` must be one of the page's own methods (looked up as an own property: "toString",
//   "constructor" are unknown methods); its arguments are checked before anything changes;
// - every failure is answered `ok: false` with a short message (at most 300 characters) and one of
//   REFUSALS as its kind;
// - events go to the parent with target origin "*", or only to the `origin`s when given;
//   replies go to the origin of the request;
// - what is posted to a parent the address names (`origin`) carries the reader's own observation
//   (their hand; never another seat's); to any other, the table's public facts only: no hand, no
//   drawn tile, the legal actions without their tiles (private()), the settlement without hands.

import { shorten } from "../engine/engine.js";

/** @typedef {(detail: any) => void} Listener */

/**
 * The kinds of refusal a reply (and an `error` event) carries, each defined once (docs/embedding.md):
 * invalid: the request itself is wrong (an unknown method, arguments of the wrong shape or range,
 * a refused `origin=`); illegal: an action the rules do not allow the reader now; not_now: the game
 * is not waiting for this (not the reader's turn, a move still being played, the hand not over);
 * stale: the match it was for was replaced by another meanwhile; engine: the engine failed.
 */
export const REFUSALS = ["invalid", "illegal", "not_now", "stale", "engine"];

/** An error's kind as a reply says it: one of REFUSALS (anything else is the engine's failure). @param {any} error */
export const refusalKind = (error) => (REFUSALS.includes(error?.kind) ? error.kind : error?.kind === undefined ? "invalid" : "engine");

/** Whether what is posted may carry the reader's hand: the address named the parent's origin. @param {string[] | null | undefined} origins */
export const ownView = (origins) => Array.isArray(origins) && origins.length > 0;

/**
 * An action as a parent not named by `origin=` is told it: its kind, without the tile ("discard 3p"
 * -> "discard"): the tiles the reader may discard or meld are their concealed hand. (The engine's
 * action strings are a kind, then its tile after a space: API.md.)
 * @param {unknown} action
 */
export const actionKind = (action) => (typeof action === "string" ? action.split(" ")[0] : action);

/** Legal actions named by kind, each once. @param {unknown} actions */
const kinds = (actions) => (Array.isArray(actions) ? [...new Set(actions.map(actionKind))] : actions);

/**
 * An engine event as a parent not named by `origin=` may hear it: nothing of the reader's concealed
 * hand. No drawn tile (the reader's draw is the only one the engine shows them; a flower drawn is
 * then shown by its `flower` event), no tile of a concealed kong or of its payment, none of a
 * covered discard or a swim (the discard event says a swim's tile when it is face up).
 * @param {any} ev
 */
export function publicEvent(ev) {
  if (!ev || typeof ev !== "object") return ev;
  const hide = ev.type === "draw" || ev.type === "swim" || (ev.type === "discard" && ev.covered)
    || (ev.type === "kong" && ev.kind === "concealed_kong") || (ev.type === "payment" && ev.reason === "concealed_kong");
  return hide && "tile" in ev ? { ...ev, tile: null } : ev;
}

/** A hand's result without the hands it reveals (the settlement's, and each winner's). @param {any} result */
function publicResult(result) {
  if (!result || typeof result !== "object") return result;
  const { hands: _hands, ...rest } = result;
  if (Array.isArray(rest.wins)) rest.wins = rest.wins.map((/** @type {any} */ w) => { const { hand: _h, reading: _r, ...win } = w ?? {}; return win; });
  return rest;
}

/**
 * An event's detail as posted to the parent: a state compacted (with the reader's hand when `own`);
 * otherwise nothing of the reader's concealed hand (legal actions and actions by kind, engine events
 * through publicEvent, results without hands).
 * @param {string} name @param {any} detail @param {boolean} own
 */
export function postedDetail(name, detail, own) {
  if (!detail || typeof detail !== "object") return detail;
  const out = detail.state ? { ...detail, state: compact(detail.state, own) } : { ...detail };
  if (own) return out;
  if (name === "event") return publicEvent(out);
  if ("legal" in out) out.legal = kinds(out.legal);
  if ("action" in out) out.action = actionKind(out.action);
  if ("result" in out) out.result = publicResult(out.result);
  if (Array.isArray(out.results)) out.results = out.results.map(publicResult);
  if (Array.isArray(out.events)) out.events = out.events.map(publicEvent);
  return out;
}

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
      const data = postedDetail(name, detail, ownView(origins));
      // an `origin=` refused (an empty list): posted to no one
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
 * Otherwise the legal actions are named by kind only, without the tiles of the reader's hand.
 * @param {any} state @param {boolean} [own]
 */
export function compact(state, own = false) {
  const out = {
    variant: state.variant, seat: state.seat, turn: state.turn, phase: state.phase, scores: state.scores,
    legal_actions: own ? state.legal_actions : kinds(state.legal_actions), is_over: state.is_over, tiles_left: state.tiles_left,
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

/**
 * A request's answer value: a state (or {state}) is posted compacted; {events, state} (act) keeps
 * its events, which a parent not named by `origin=` gets as publicEvent gives them; a list of
 * actions (legal) by kind only for such a parent.
 * @param {any} value @param {boolean} own
 */
export function replyValue(value, own) {
  if (value && value.state && Array.isArray(value.events)) {
    return { events: own ? value.events : value.events.map(publicEvent), state: compact(value.state, own) };
  }
  if (value && value.state) return compact(value.state, own);
  if (value && value.variant && value.match) return compact(value, own);
  if (Array.isArray(value) && !own) return kinds(value);
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
 * arguments (api.js); a request for any other name is refused. `refused`: the address's `origin=`
 * could not be read (origins is then []): every request from the parent is answered with this
 * message, kind `invalid`, and nothing is done.
 * @param {Record<string, (args: unknown) => unknown>} methods
 * @param {{origins?: string[] | null, refused?: (() => string) | null}} [options]
 */
export function listenToParent(methods, { origins = null, refused = null } = {}) {
  const own = Object.assign(Object.create(null), methods);
  window.addEventListener("message", async (e) => {
    const m = e.data;
    if (!m || typeof m !== "object" || m.target !== "mahjong") return;
    if (!fromParent(e, window, refused ? null : origins)) return;
    const id = replyId(m.id);
    let reply;
    try {
      if (refused) throw new Error(refused());
      if (id === null && m.id !== undefined && m.id !== null) {
        throw new Error(`a request's id is a number or a string of at most ${ID_LENGTH} characters`);
      }
      const name = m.method;
      if (typeof name !== "string" || !Object.hasOwn(own, name) || typeof own[name] !== "function") {
        throw new Error(`unknown method ${shorten(JSON.stringify(name) ?? String(name), 60)} (methods: ${Object.keys(own).join(", ")})`);
      }
      reply = { ok: true, value: replyValue(await own[name](m.args), ownView(origins)) };
    } catch (error) {
      reply = { ok: false, error: shorten(/** @type {Error} */ (error)?.message ?? String(error)), kind: refusalKind(error) };
    }
    const target = e.origin && e.origin !== "null" ? e.origin : "*"; // an opaque origin cannot be named
    try {
      /** @type {Window} */ (e.source).postMessage({ source: "mahjong", type: "reply", id, ...reply }, target);
    } catch {
      // the parent went away
    }
  });
}
