// The public window.mahjong API of API.md (newGame, state, legal, act, nextHand, on, idle, ...),
// the same methods for a parent page's messages (embed.js), and idle(): a promise that resolves
// once nothing happens until the player acts.

import { setLang, getLang, matchLang } from "./i18n.js";
import { encodePosition, decodePosition } from "./settings.js";
import { listenToParent } from "./embed.js";

/**
 * ctx: {view, run, settings, renderer, on, matchArgs, startMatch, humanAct, nextHand, beforeNewGame};
 * returns {resolveIdle}, which the controller calls whenever the page may have become idle.
 */
export function installApi(ctx) {
  const { view, run, settings, renderer, on, matchArgs, startMatch, humanAct, nextHand, beforeNewGame } = ctx;
  const M = window.mahjong;

  // --- idle: the page waits for nobody but the human --------------------------------------

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

  // --- the methods ------------------------------------------------------------------------

  function legal() {
    const s = view.state;
    return s && s.human_to_move ? [...s.legal_actions] : [];
  }

  async function newGame(args = {}) {
    await M.ready;
    const given = { ...args };
    if (given.variant) settings.variant = given.variant;
    if (given.level) settings.level = given.level;
    if (given.hands) settings.hands = given.hands;
    if ("hints" in given) settings.hints = !!given.hints;
    if ("speed" in given) settings.speed = given.speed;
    if ("autoplay" in given) settings.autoplay = !!given.autoplay;
    delete given.hints;
    delete given.speed;
    const request = matchArgs({ ...given, options: given.options ?? settings.options[given.variant || settings.variant] ?? {} });
    if (!("seed" in given)) request.seed = undefined;
    beforeNewGame();
    return startMatch(request);
  }

  listenToParent(() => ({ newGame, act: (a) => humanAct(a?.action ?? a, "message"), nextHand, state: () => view.state, legal }));

  Object.assign(M, {
    newGame,
    state: () => view.state,
    legal,
    act: (action) => humanAct(action, "api"),
    nextHand,
    on,
    idle,
    encodePosition,
    decodePosition,
    settings: () => ({ ...settings, lang: getLang() }),
    setLang: (lang) => setLang(matchLang(lang) || lang),
    _view: view,
    _renderer: renderer,
  });

  return { resolveIdle };
}
