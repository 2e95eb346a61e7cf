// The public window.mahjong API of API.md (newGame, state, legal, act, nextHand, on, idle, ...),
// the same methods for a parent page's messages (embed.js), and idle(): a promise that resolves
// once nothing happens until the player acts.

import { setLang, getLang, matchLang } from "../i18n/i18n.js";
import { encodePosition, decodePosition, setForVisit } from "../keep/settings.js";
import { listenToParent } from "./embed.js";
import { checkNewGame, checkAction, RequestError } from "./requests.js";
import { call, shorten } from "../engine/engine.js";
import { THEMES } from "../shell/page.js";

/**
 * ctx: {view, run, settings, renderer, on, matchArgs, startMatch, session, nextHand, beforeNewGame,
 * refused (a newGame the engine would not deal: said on the page), catalog (() => the engine's lists),
 * origins (the parent origins allowed to drive the game, or null), setSeat (the seat the reader plays
 * from now on, as the address's `seat=`)}; session: the table's (table/session.js), which the
 * reader's moves go through as a tap's do (session.act for its player's seat);
 * returns {resolveIdle}, which the controller calls whenever the page may have become idle.
 */
export function installApi(ctx) {
  const { view, run, settings, renderer, on, matchArgs, startMatch, session, nextHand, beforeNewGame, refused, catalog, origins, setSeat } = ctx;
  const humanAct = (/** @type {string} */ action, /** @type {string} */ source) => session.act(session.seat(), action, { source });
  const M = window.mahjong;

  const { idle, resolveIdle } = createIdle(view, run);

  // --- the methods ------------------------------------------------------------------------

  function legal() {
    const s = view.state;
    return s && s.human_to_move ? [...s.legal_actions] : [];
  }

  /**
   * A new match: every argument is checked before anything changes, by the page and then by the
   * engine (check_match: the options' values, a position, the seed's range), so that a match it
   * would not deal is refused, never replaced by another; none is stored.
   */
  async function newGame(args = {}) {
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
    return startMatch(request);
  }

  /** act's argument checked, a refusal said on the page too. @param {unknown} args */
  const checked = (args) => {
    try {
      return checkAction(args);
    } catch (error) {
      refused(error);
      throw error;
    }
  };
  const act = async (/** @type {unknown} */ args) => humanAct(checked(args), "api");

  listenToParent({
    newGame,
    act: (args) => humanAct(checked(args), "message"),
    nextHand: () => nextHand(),
    state: () => view.state,
    legal: () => legal(),
    // as every page answers them (shell/page.js: the height posted, the theme's answer posted);
    // the game's felt is always dark, so its theme stays
    height: () => ({ page: "game", height: Math.ceil(document.documentElement.getBoundingClientRect().height) }),
    theme: gameTheme,
  }, { origins });

  Object.assign(M, {
    newGame, state: () => view.state, legal, act, nextHand, on, idle, encodePosition, decodePosition,
    settings: () => ({ ...settings, lang: getLang() }),
    setLang: (lang) => setLang(matchLang(lang) || lang),
    _view: view, _renderer: renderer, // for the tests: the model and the table as drawn
  });

  return { resolveIdle };
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
