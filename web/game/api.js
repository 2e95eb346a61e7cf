// The public window.mahjong API of API.md (newGame, state, legal, act, nextHand, on, idle, ...),
// the same methods for a parent page's messages (embed.js), and idle(): a promise that resolves
// once nothing happens until the player acts.

import { setLang, getLang, matchLang, t } from "../i18n/i18n.js";
import { encodePosition, decodePosition, setForVisit } from "../keep/settings.js";
import { listenToParent, ownView, actionKind } from "./embed.js";
import { checkNewGame, checkAction, RequestError } from "./requests.js";
import { call, shorten } from "../engine/engine.js";
import { THEMES } from "../shell/page.js";

/**
 * ctx: {view, run, settings, renderer, on, matchArgs, startMatch, session, nextHand, beforeNewGame,
 * refused (a newGame the engine would not deal: said on the page), catalog (() => the engine's lists),
 * origins (the parent origins allowed to drive the game, or null; [] for an `origin=` refused, whose
 * text is originRefused), setSeat (the seat the reader plays from now on, as the address's `seat=`),
 * accepted (a request succeeded: the refusal on show leaves); session: the table's (table/session.js),
 * which the reader's moves go through as a tap's do (session.act for its player's seat);
 * returns {resolveIdle}, which the controller calls whenever the page may have become idle.
 */
export function installApi(ctx) {
  const { view, run, settings, renderer, on, session, nextHand, refused, origins, accepted, originRefused } = ctx;
  const humanAct = (/** @type {string} */ action, /** @type {string} */ source) => session.act(session.seat(), action, { source });
  const M = window.mahjong;

  const { idle, resolveIdle } = createIdle(view, run);

  // --- the methods ------------------------------------------------------------------------

  function legal() {
    const s = view.state;
    return s && s.human_to_move ? [...s.legal_actions] : [];
  }

  const newGame = createNewGame(ctx);

  /** act's argument checked, a refusal said on the page too. @param {unknown} args */
  const checked = (args) => {
    try {
      return checkAction(args);
    } catch (error) {
      refused(error);
      throw error;
    }
  };
  const { playable, next } = createMoves(view, run, nextHand, refused, accepted);
  on("action", () => accepted()); // a move the reader played (a tap, a key): a refusal said before leaves too
  const act = async (/** @type {unknown} */ args) => {
    const answer = await humanAct(playable(checked(args), true), "api");
    accepted();
    return answer;
  };
  const own = ownView(origins);
  const refusedWords = originRefused === null || originRefused === undefined ? null
    : () => t("error.api.originRefused", { value: shorten(JSON.stringify(originRefused), 60) });

  listenToParent({
    newGame,
    act: async (args) => {
      const action = playable(checked(args), own);
      const answer = await humanAct(action, "message").catch((error) => {
        // the engine's refusal names the legal actions, tiles and all: only for a parent origin= names
        if (own || error?.kind !== "illegal") throw error;
        throw refusal("illegal", `act: ${JSON.stringify(actionKind(action))} is not legal now`, "error.api.illegal");
      });
      accepted();
      return answer; // {events, state}, as window.mahjong.act (embed.js replyValue: without the hand unless origin= allows)
    },
    nextHand: next,
    state: () => view.state,
    legal: () => legal(),
    // as every page answers them (shell/page.js: the height posted, the theme's answer posted);
    // the game's felt is always dark, so its theme stays
    height: () => ({ page: "game", height: Math.ceil(document.documentElement.getBoundingClientRect().height) }),
    theme: gameTheme,
  }, { origins, refused: refusedWords });

  Object.assign(M, {
    newGame, state: () => view.state, legal, act, nextHand: next, on, idle, encodePosition, decodePosition,
    settings: () => ({ ...settings, lang: getLang() }),
    setLang: (lang) => setLang(matchLang(lang) || lang),
    _view: view, _renderer: renderer, // for the tests: the model and the table as drawn
  });

  return { resolveIdle };
}

/**
 * newGame, as window.mahjong and the parent's messages take it (ctx: installApi's).
 * @param {any} ctx
 */
function createNewGame(ctx) {
  const { settings, matchArgs, startMatch, beforeNewGame, refused, catalog, setSeat, accepted } = ctx;
  const M = window.mahjong;
  /**
   * A new match: every argument is checked before anything changes, by the page and then by the
   * engine (check_match: the options' values, a position, the seed's range), so that a match it
   * would not deal is refused, never replaced by another; none is stored.
   */
  return async function newGame(args = {}) {
    await M.ready;
    let given;
    try {
      given = checkNewGame(args, catalog());
    } catch (error) {
      refused(error); // said on the page too, in the reader's words: the match in play goes on
      throw error;
    }
    const { seat, lang } = given;
    const request = matchRequest(given, settings, matchArgs);
    try {
      await call("check_match", request, { anyMatch: true }); // (the page's own first deal may start meanwhile)
    } catch (error) {
      if (error.kind !== "invalid") throw error;
      const refusal = new RequestError(`newGame: ${error.message}`);
      refused(refusal); // said on the page too ("Not accepted: …"): the match in play goes on
      throw refusal;
    }
    setForVisit(settings, visitOf(given));
    if (seat !== undefined) setSeat(seat); // the seat of this visit's next matches too, as `seat=` gives it
    if (lang) setLang(lang);
    beforeNewGame();
    const state = await startMatch(request);
    accepted();
    return state;
  };
}

/**
 * The checks of a move and of the next hand before they are played, shared by window.mahjong and the
 * parent's messages: playable(action, own) returns the action or throws a refusal (said on the page
 * too); next() deals the next hand, or refuses `not_now`.
 * @param {any} view @param {any} run @param {() => Promise<any>} nextHand
 * @param {(error: Error) => void} refused @param {() => void} accepted
 */
function createMoves(view, run, nextHand, refused, accepted) {
  /**
   * Whether the action may be played now: refused `not_now` when the game is not waiting for the
   * reader, `illegal` when it is not one of the legal actions (naming them, or, for a parent not
   * named by `origin=`, their kinds only: their tiles are the reader's hand). Said on the page too.
   * @param {string} action @param {boolean} own
   */
  const playable = (action, own) => {
    const s = view.state;
    let error = null;
    if (run.failed) error = Object.assign(new Error("the engine failed: restart the hand"), { kind: "engine" });
    else if (!s || !s.human_to_move || run.busy || s.is_over) {
      const why = !s ? "no game yet" : s.is_over ? "the hand is over" : run.busy ? "a move is still being played" : "it is not your turn";
      error = refusal("not_now", `act: ${why}`, "error.api.notNow");
    } else if (!s.legal_actions.includes(action)) {
      const named = (/** @type {boolean} */ whole) => refusal("illegal", `act: ${shorten(JSON.stringify(whole ? action : actionKind(action)), 50)} `
        + `is not legal now; legal: ${(whole ? s.legal_actions : [...new Set(s.legal_actions.map(actionKind))]).join(", ")}`, "error.api.illegal");
      refused(named(false)); // said on the page, and posted as an `error` event: by kind, whoever hears it
      throw named(own);
    }
    if (!error) return action;
    if (error.kind !== "engine") refused(error);
    throw error;
  };
  const next = async () => {
    const s = view.state;
    if (!s || !s.is_over || s.match?.is_over) {
      const error = refusal("not_now", `nextHand: ${!s || !s.is_over ? "the hand is not over" : "the match is over"}`, "error.api.notOver");
      refused(error);
      throw error;
    }
    const answer = await nextHand();
    accepted();
    return answer;
  };
  return { playable, next };
}

/**
 * A refusal of one of REFUSALS' kinds (embed.js), in English for the calling code and in the
 * catalog's words for the page.
 * @param {string} kind @param {string} message @param {string} key
 */
function refusal(kind, message, key) {
  return Object.assign(new RequestError(message, { key, vars: {} }), { kind });
}

/** idle(): a promise that resolves once nothing happens until the player acts; resolveIdle() when that may be now. */
function createIdle(view, run) {
  let idleWaiters = [];
  function isIdle() {
    const s = view.state;
    if (run.failed) return true;
    if (!s || run.busy || run.pumping) return false;
    return s.is_over || s.human_to_move || !s.bot_to_move;
  }
  function resolveIdle() {
    if (!isIdle() || !idleWaiters.length) return;
    // after the next frame, so that the table on screen shows this state
    requestAnimationFrame(() => {
      if (!isIdle()) return;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w(view.state);
    });
  }
  function idle() {
    return new Promise((resolve) => {
      idleWaiters.push(resolve);
      queueMicrotask(resolveIdle);
    });
  }
  return { idle, resolveIdle };
}

/** The new_match request of newGame's checked arguments (requests.js checkNewGame), over the player's settings. */
function matchRequest(given, settings, matchArgs) {
  const { hints: _hints, speed: _speed, seat, timer, lang: _lang, ...match } = given;
  const variant = given.variant || settings.variant;
  const options = { ...(given.options ?? settings.options[variant] ?? {}) };
  // the clock asked for, as the address's `timer=`: over a position's own options (its rules), else the match's
  if (timer !== undefined && match.position) {
    const own = match.position.options;
    match.position = { ...match.position, options: { ...(own && typeof own === "object" ? own : {}), timer } };
  } else if (timer !== undefined) options.timer = timer;
  const request = matchArgs({ ...match, variant, options, ...(seat !== undefined ? { human: seat } : {}) });
  if (!("seed" in given)) request.seed = undefined;
  return request;
}

/** The settings newGame sets for the visit (never stored). */
function visitOf(given) {
  /** @type {Record<string, any>} */
  const visit = {};
  for (const key of ["variant", "level", "hands", "hints", "speed", "autoplay"]) {
    if (key in given) visit[key] = given[/** @type {keyof typeof given} */ (key)];
  }
  return visit;
}

/** A parent's theme message, answered as every page answers it (shell/page.js); the game's felt is always dark, so its theme stays. */
function gameTheme(asked) {
  if (typeof asked !== "string" || !THEMES.includes(asked)) {
    throw new RequestError(`theme ${shorten(JSON.stringify(asked) ?? String(asked), 40)} is not one of ${THEMES.join(", ")}`);
  }
  return { page: "game", taken: false, scheme: "dark" };
}
