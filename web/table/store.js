// The page's one store: what the table shows (view: the engine's state, the selection, the
// animations, the timer, the hand's tiles as last painted, which input.js hit-tests) and what is
// running (run: the match, an action in flight, the bots' loop, a failed engine). The renderer,
// the panels and the controller read it; it changes only through the named updates below, so that
// a reader finds every change of a field in one file.
// Answers of an older match never reach it: the engine client drops them (engine.js, newMatch).
// A state an engine answer brought comes in by `took` (the table's session, session.js, which then
// tells its listeners: the status line, the save, one frame): the answer travels one way.

import { displayHand, viewSeat } from "./model.js";

/**
 * @typedef {import("./model.js").State} State
 * @typedef {{type: string, t0: number, dur: number, [key: string]: any}} Anim
 * @typedef {{selected: number, hover: number | null, focus: boolean, hintTile: string | null, lang: string,
 *   topReserve: number, leftReserve?: number, panelsRoom?: number,
 *   actions?: {w: number, min: number, h: number} | null, toolbar?: {right: number, bottom: number, column?: boolean}}} ViewUi
 * @typedef {{deadline: number, total: number, lastTick?: number, gen?: number, moment?: number, checked?: number,
 *   paused?: boolean}} Timer  the decision clock (clock.js): it stands still while paused
 * @typedef {{state: State | null, ui: ViewUi, anims: Anim[], timer: Timer | null,
 *   timerHandle?: any, thinking: boolean, hits: HandRect[]}} View
 * @typedef {{gen: number, busy: boolean, pumping: number, failed: boolean}} Run
 * @typedef {{x: number, y: number, w: number, h: number, extra: number, below: number, index: number,
 *   code: string | null}} HandRect  a tile of the player's hand as the last frame painted it (css px): it
 *   answers a touch from `extra` above it (its lift) to `below` under it (input.js handTileAt)
 */

/**
 * @param {{newMatch: () => number}} engine  the engine client: its match counter is the store's
 * @param {string} lang
 */
// long: the store's named updates, one a line: every change of a field is here, in one place (the file's header)
export function createStore(engine, lang) {
  /** @type {View} */
  const view = {
    state: null, // the engine's state (the human seat's observation plus match facts)
    ui: { selected: -1, hover: null, focus: false, hintTile: null, lang, topReserve: 0 },
    anims: [],
    timer: null, // {deadline, total} while the human's decision timer runs
    thinking: false, // a bot is deciding (render.js shows it at its seat)
    hits: [], // the player's tiles as the last frame painted them: what input.js hit-tests
  };
  /** @type {((state: State) => void) | null} the one listener of `took` */
  let listener = null;
  /** @type {Run} */
  const run = {
    gen: 0, // the engine client's match: timers started for an older one do nothing
    busy: false, // a human action (or the timer's) is in flight
    pumping: 0, // the match whose bot loop is running
    failed: false, // an engine fault stopped play until a restart
  };

  /** The engine's new state; the selection stays within the hand. @param {State} state @param {number} handLength */
  function setState(state, handLength) {
    view.state = state;
    if (view.ui.selected >= handLength) view.ui.selected = handLength - 1;
    if (!state.human_to_move) view.ui.hintTile = null;
  }

  return {
    view,
    run,
    /** A new match (or the hand dealt again): the engine drops older answers; nothing is in flight. */
    newMatch() {
      run.gen = engine.newMatch();
      run.failed = false;
      run.busy = false;
      run.pumping = 0;
      view.thinking = false;
      view.anims = [];
      view.ui.selected = -1;
      return run.gen;
    },
    /** Whether `gen` is still the current match (for timers: answers are checked by the engine client). */
    isCurrent: (/** @type {number} */ gen) => gen === run.gen,
    setState,
    /** The state an engine answer brought: on the table, and said once to the listener. @param {State} state */
    took(state) {
      setState(state, displayHand(state, viewSeat(state)).length);
      listener?.(state);
    },
    /** Who hears of each state `took` takes (one listener: the controller). @param {(state: State) => void} heard */
    onTook(heard) {
      listener = heard;
    },
    /** A new hand of the match is on the table. */
    newHand() {
      view.anims = [];
      view.ui.selected = -1;
    },
    /** The player's move was played: nothing is selected or hovered. */
    played() {
      view.ui.selected = -1;
      view.ui.hover = null;
    },
    setBusy: (/** @type {boolean} */ busy) => void (run.busy = busy),
    fail: () => void (run.failed = true),
    setPumping: (/** @type {number} */ gen) => void (run.pumping = gen),
    setThinking: (/** @type {boolean} */ thinking) => void (view.thinking = thinking),
    select: (/** @type {number} */ index) => void (view.ui.selected = index),
    hover: (/** @type {number | null} */ index) => void (view.ui.hover = index),
    setFocus: (/** @type {boolean} */ focus) => void (view.ui.focus = focus),
    setHintTile: (/** @type {string | null} */ code) => void (view.ui.hintTile = code),
    /** @param {Timer | null} timer @param {any} [handle] */
    setTimer(timer, handle) {
      view.timer = timer;
      if (handle !== undefined) view.timerHandle = handle;
    },
    addAnim: (/** @type {Anim} */ anim) => void view.anims.push(anim),
    /** Drop the animations that ended before `now`. @param {number} now */
    pruneAnims(now) {
      view.anims = view.anims.filter((a) => now < a.t0 + a.dur);
    },
    /** The hit regions the frame just painted (the renderer's handRects), for input.js. @param {HandRect[]} rects */
    painted: (rects) => void (view.hits = rects),
    /** What this frame measured of the overlay: the language, the panels' room, the buttons' size. @param {Partial<ViewUi>} facts */
    frame: (facts) => void Object.assign(view.ui, facts),
  };
}

/** @typedef {ReturnType<typeof createStore>} Store */
