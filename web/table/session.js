// The table's session: one match at one table, whoever sits at it. It owns the store (store.js),
// the move path (act), the one bot loop (loop.js), the one decision clock (clock.js) and the steps
// (steps.js: the events' narration, sounds and animations). A page reaches it two ways only:
//
//   session.act(seat, action, {source})   a seat acts (a tap, a key, a button, the embed API)
//   session.on(listener)                  every listener hears each piece of news: {type, state, events, ...}
//
// and nothing here calls back into the page: what the page does about a new state, a turn or the
// end of a hand it does as a listener. One discard: table -> session.act -> transport -> engine ->
// session (the store, then the news) -> the page's listeners and the table's frame.
//
// The transport behind the session (solo: game/solo.js, the engine client; next, for friends: the
// host's, the engine client plus the room; the guest's, the room):
//
//   transport.newMatch(): number
//       a new match begins: its counter, and from now on the answers of older matches are dropped
//       (they reject with kind "stale")
//   transport.request(method, args, state): Promise<Answer>
//       method: "new_match" | "act" | "bot_step" | "timeout" | "next_hand" | "restart_hand";
//       state: the state on the table when asked (whose match it is: four bots ask no save)
//       Answer: {state, events?, action?, chosen_by?, save?, hint?} (API.md); a refusal rejects with
//       an Error whose kind is "stale" (an older match's), "illegal", "invalid" (bad input), else the
//       engine failed
//
// The news, in the order they come for one move:
//
//   {type: "state", state, events, answer, cause}  every new state, once, before its events play;
//                                                  cause: "deal" | "act" | "bot" | "timeout"
//   {type: "event", event}                         each event as it plays (narration, sound, flight)
//   {type: "say", line}                            a sentence for the screen reader's region
//   {type: "played", seat, action, source}         a seat's move was played
//   {type: "timeout", action}                      the clock ran out: the engine moved for the player
//   {type: "dealt", how, state}                    a hand is on the table: "match" | "resume" | "restart" | "next"
//   {type: "turn", state, auto}                    the player is to act (auto: the shortcut the session plays)
//   {type: "bots", state}                          the bots are to move (the loop runs)
//   {type: "still", state}                         nobody here is to move
//   {type: "over", state}                          the hand is over
//   {type: "refused", error}                       the move was bad input (kind "invalid"): play goes on
//   {type: "fault", error}                         the engine failed: play stops until a new deal

import { t } from "../i18n/i18n.js";
import { createStore } from "./store.js";
import { createSteps } from "./steps.js";
import { createBotLoop } from "./loop.js";
import { createClock } from "./clock.js";
import { displayHand, viewSeat } from "./model.js";

/**
 * @typedef {{state: import("./model.js").State, events?: any[], action?: string, chosen_by?: string,
 *   save?: any, hint?: any}} Answer
 * @typedef {{newMatch: () => number, request: (method: string, args: Record<string, any>,
 *   state: import("./model.js").State | null) => Promise<Answer>}} Transport
 * @typedef {{type: string, [field: string]: any}} News
 * @typedef {import("./model.js").State} State
 */

/**
 * @param {{transport: Transport, lang: string, renderer: any, sound: {play: (name: string) => void},
 *   speed: () => any, redraw: () => void, settings: {autoWin?: boolean, autoPass?: boolean},
 *   seconds: (state: any) => number, covered: () => boolean}} options
 *   renderer: the table's (where a tile flies from); speed(): the pace (keep/settings.js speedOf);
 *   redraw(): asks the table for a frame; settings: the player's shortcuts; seconds(state): how long a
 *   decision may take (0: no clock); covered(): a dialog covers the table (the clock stands still)
 */
// long: the one move path read top to bottom (act, landed, settle, turn, dealt), its parts (the loop, the clock, the steps) in files of their own
export function createSession(options) {
  const { transport, lang, renderer, sound, speed, redraw, settings, seconds, covered } = options;
  const store = createStore(transport, lang);
  const { view, run } = store;
  /** @type {Set<(news: News) => void>} */
  const listeners = new Set();
  const hear = (/** @type {News} */ news) => {
    for (const listener of [...listeners]) listener(news);
  };
  const say = (/** @type {string} */ line) => hear({ type: "say", line });
  const steps = createSteps({ store, renderer, sound, speed, redraw, say, event: (/** @type {any} */ event) => hear({ type: "event", event }) });
  const request = (/** @type {string} */ method, /** @type {Record<string, any>} */ args = {}) => transport.request(method, args, view.state);

  /** An answer's state into the store, told once, then its events played. */
  function landed(/** @type {Answer} */ answer, { cause = "act", origin = null, timeout = null } = /** @type {any} */ ({})) {
    store.took(answer.state);
    hear({ type: "state", state: view.state, events: answer.events || [], answer, cause });
    steps.applyStep(answer, origin, timeout ? { timeout: timeout.action, by: timeout.by } : {});
  }

  /** The engine failed (an older match's answer is no fault): play stops until a new deal. @param {any} error */
  function fault(error) {
    if (error?.kind === "stale") return;
    store.fail();
    clock.stop();
    hear({ type: "fault", error });
  }

  /** What comes after a new state: the hand is over, the player is to act, or the bots move. */
  function settle() {
    const s = view.state;
    if (!s || run.failed) return;
    if (s.is_over) {
      clock.stop();
      hear({ type: "over", state: s });
    } else if (s.human_to_move) turn();
    else {
      hear({ type: s.bot_to_move ? "bots" : "still", state: s });
      if (s.bot_to_move) loop.pump();
    }
  }

  function turn() {
    const s = /** @type {State} */ (view.state);
    const auto = s.autoplay ? null : autoAction(s, settings);
    if (auto) {
      say(t(auto === "win" ? "narration.autoWin" : "narration.autoPass"));
      hear({ type: "turn", state: s, auto });
      act(playerSeat(s), auto, { source: "auto" }).catch(() => {});
      return;
    }
    const canDiscard = s.legal_actions.some((a) => a.startsWith("discard "));
    if (canDiscard && view.ui.focus && view.ui.selected < 0) store.select(displayHand(s, viewSeat(s)).length - 1);
    sound.play("turn");
    clock.start();
    hear({ type: "turn", state: s, auto: null });
  }

  /**
   * A seat acts: checked against the state on the table (the seat, the turn, an action in flight,
   * the legal actions), sent through the transport, and its answer landed. Resolves to the events
   * and the new state; rejects with the reason (a refusal of bad input is also news: "refused").
   * @param {number} seat @param {string} action @param {{source?: string, origin?: any}} [how]
   */
  async function act(seat, action, { source = "api", origin = null } = {}) {
    const s = view.state;
    if (!s) throw new Error("no game yet");
    if (run.failed) throw new Error("the engine failed: restart the hand");
    if (!s.human_to_move || seat !== playerSeat(s)) throw new Error("it is not your turn");
    if (run.busy) throw new Error("an action is already being played");
    if (!s.legal_actions.includes(action)) {
      throw Object.assign(new Error(`illegal action ${JSON.stringify(action)}; legal: ${s.legal_actions.join(", ")}`),
        { kind: "illegal", legal: [...s.legal_actions] });
    }
    store.setBusy(true);
    clock.stop();
    if (!origin && (action.startsWith("discard ") || action.startsWith("swim "))) origin = handTileOrigin(action.split(" ")[1]);
    let answer;
    try {
      answer = await request("act", { action });
    } catch (thrown) {
      const error = /** @type {any} */ (thrown);
      store.setBusy(false);
      if (error.kind === "stale") throw error; // a new match started: this move is gone with its match
      if (error.kind === "illegal") {
        say(t("error.illegal", { message: error.message }));
        clock.start();
      } else if (error.kind === "invalid") {
        hear({ type: "refused", error }); // bad input, not a failed engine: play goes on
        clock.start();
      } else fault(error);
      throw error;
    }
    store.setBusy(false);
    store.played();
    loop.moved(); // the next bot's move waits its pause: the player's discard, then theirs, each seen
    landed(answer, { cause: "act", origin });
    hear({ type: "played", seat, action, source });
    settle();
    return { events: answer.events, state: view.state };
  }

  /** The move the engine made for the player when the clock ran out. @param {Answer} answer */
  function timedOut(answer) {
    store.select(-1);
    loop.moved();
    const origin = answer.action?.startsWith("discard ") ? handTileOrigin(answer.action.split(" ")[1]) : null;
    // "Time ran out: 5 Dots discarded for you: the tile you had selected" (or "as the hint suggested")
    landed(answer, { cause: "timeout", origin, timeout: { action: answer.action, by: answer.chosen_by } });
    hear({ type: "timeout", action: answer.action });
    settle();
  }

  /** Where the player's tile stands on screen (the selected one lifted): its flight starts there. @param {string} code */
  function handTileOrigin(code) {
    const s = /** @type {State} */ (view.state);
    const tiles = displayHand(s, viewSeat(s));
    let index = view.ui.selected >= 0 && tiles[view.ui.selected]?.code === code ? view.ui.selected : -1;
    if (index < 0) index = tiles.map((x) => x.code).lastIndexOf(code);
    const at = renderer.handTileScreen(index);
    if (at && index === view.ui.selected) at.y -= renderer.layout.lift;
    return at;
  }

  /**
   * A hand on the table from a deal's answer (a new match, a resumed one, the hand dealt again, the
   * next hand): told, announced with the deal's moments, and played on from there.
   * @param {Answer} answer @param {"match" | "resume" | "restart" | "next"} how
   */
  function dealt(answer, how) {
    if (how === "next") store.newHand();
    store.took(answer.state);
    const s = /** @type {State} */ (view.state);
    hear({ type: "state", state: s, events: [], answer, cause: "deal" });
    const line = t("narration.newHand", { n: s.match.hand_number + 1, total: s.match.hands, dealer: steps.seatName(s.dealer) });
    say([line, ...steps.dealt()].join(" ")); // and the deal's moments: the gold turned (moments.js)
    hear({ type: "dealt", how, state: s });
    settle();
  }

  const loop = createBotLoop({ store, steps, speed, redraw, request, landed, fault, settle });
  const clock = createClock({ store, sound, redraw, seconds, covered, request, fault, timedOut });

  return {
    store,
    view,
    run,
    act,
    /** Hear every piece of news from now on; returns the call that stops it. @param {(news: News) => void} listener */
    on(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** The seat the page's player acts for (the seat the table is seen from). */
    seat: () => playerSeat(view.state),
    /** A trip to the transport that does not land by itself (a deal: its answer goes to dealt). */
    request,
    dealt,
    /** A new match (or the hand dealt again): older answers are dropped, the clock stops. */
    newMatch() {
      const gen = store.newMatch();
      clock.stop();
      return gen;
    },
    fault,
    /** The clock of the player's turn, started again (its length changed, or a dialog closed on the turn). */
    restartClock: () => clock.start(),
    stopClock: () => clock.stop(),
    seatName: steps.seatName,
    seatLabel: steps.seatLabel,
    moments: steps.moments,
  };
}

/** @typedef {ReturnType<typeof createSession>} Session */

/** The seat the page's player plays (the observation's seat; the match's human seat for a spectator). @param {any} s */
function playerSeat(s) {
  return s ? (s.seat ?? s.human ?? 0) : 0;
}

/**
 * What the player's shortcuts play without asking (Settings): a win whenever one is offered
 * (autoWin), a pass on a claim window that offers no win (autoPass); else null.
 * @param {any} s @param {{autoWin?: boolean, autoPass?: boolean}} settings
 */
function autoAction(s, settings) {
  const legal = s.legal_actions;
  if (settings.autoWin && legal.includes("win")) return "win";
  const claimWindow = legal.includes("pass") && !legal.some((/** @type {string} */ a) => a.startsWith("discard "));
  if (settings.autoPass && claimWindow && !legal.includes("win")) return "pass";
  return null;
}
