// The decision clock: a deadline for the human's decision when the clock runs (view.timer, drawn
// in the centre of the table), ticks and the prompt's warning in its last five seconds (prompt.js),
// standing still while the settings or help dialog is open (its deadline moves on), and the
// engine's `timeout` move when it runs out: the tile the player had selected, else the hint's choice.
// And which clock runs (docs/RULES.md §4: an option of both rule sets, a table convention): against
// bots nobody waits, so none unless the player turned it on (their choice for the rule set, applied
// at once to the match now playing) or a link names its `timer`; the rule's value is only named.

import { choose as keep } from "../keep/settings.js";
import { getLang } from "../i18n/i18n.js";
import { displayHand, viewSeat } from "../table/model.js";

/**
 * ctx: {store, ui, sound, redraw, move, onFault, played, settings}: move(method) is the
 * controller's call that changes the match, played(answer) applies the move the engine made for
 * the player, onFault(error) reports a failed engine; settings are the player's (keep/settings.js).
 */
export function createTimer(ctx) {
  const { store, ui, sound, redraw, move, onFault, played, settings } = ctx;
  const { view, run } = store;
  const clock = createClockChoice(view, settings);

  function start() {
    stop();
    const s = view.state;
    const total = clock.seconds(s) * 1000;
    if (!total || !s.human_to_move) return;
    const now = performance.now();
    store.setTimer({ deadline: now + total, total, gen: run.gen, moment: s.history_length, checked: now, paused: false });
  }

  function stop() {
    store.setTimer(null);
  }

  /** The player chose `secs` for `variant`'s clock: kept, and at once the clock of the match now playing. */
  function chosen(variant, secs) {
    if (!clock.choose(variant, secs)) return;
    start(); // a fresh clock of the new length, or none
    redraw();
  }

  /** True while a dialog covers the table: the timer stands still (its deadline moves on). */
  function covered() {
    return ui.isDialogOpen("settings") || ui.isDialogOpen("help");
  }

  async function onTimeout(my, moment) {
    const s = view.state;
    if (!store.isCurrent(my) || !s || !s.human_to_move || s.history_length !== moment || run.busy) return;
    store.setBusy(true);
    stop();
    const chosen = selectedDiscard(view);
    let answer;
    try {
      answer = await move("timeout", chosen ? { selected: chosen } : {});
    } catch (error) {
      store.setBusy(false);
      onFault(error); // an older match's answer (kind "stale") is no fault: onFault ignores it
      return;
    }
    store.setBusy(false);
    played(answer);
  }

  // Four times a second: the timer stands still under a dialog, redraws, ticks in its last five
  // seconds and plays the default move once its time is used up.
  setInterval(() => {
    const timer = view.timer;
    if (!timer) return;
    const now = performance.now();
    const paused = covered();
    const deadline = paused ? timer.deadline + (now - timer.checked) : timer.deadline;
    store.setTimer({ ...timer, deadline, paused, checked: now });
    redraw();
    const left = Math.ceil((deadline - now) / 1000);
    if (left <= 5 && left > 0 && left !== timer.lastTick && !paused) {
      store.setTimer({ ...view.timer, lastTick: left });
      sound.play("tick");
    }
    if (left <= 0 && !paused) onTimeout(timer.gen, timer.moment);
  }, 250);

  return { start, stop, chosen, forMatch: clock.forMatch, resumed: clock.resumed, shown: clock.shown };
}

/**
 * Which clock runs: the match's own option, or the player's choice for its rule set since it
 * began (`live`); a new match's clock (forMatch), a resumed one's, and the clock as the settings show it.
 */
function createClockChoice(view, settings) {
  /** The clock of the match now playing, as the player set it since it began (null: the match's own option). */
  let live = null;

  /** Seconds per decision now (0: no clock). */
  function seconds(s = view.state) {
    if (!s || s.autoplay) return 0;
    return live ?? Number(s.options?.timer || 0);
  }

  /**
   * A new match's arguments with its clock. A position carries its own options: the clock it names
   * (a share link's, or the URL's `timer` laid over it) holds; one that names none (a tutorial's
   * moment) gets the clock a dealt match would: the player's, else none.
   */
  function forMatch(args) {
    live = null;
    const request = { ...args };
    const position = request.position;
    if (position) {
      const own = position.options;
      if (own !== undefined && (!own || typeof own !== "object" || Array.isArray(own) || "timer" in own)) return request;
      const timer = clockFor(String(position.variant ?? request.variant ?? settings.variant));
      if (timer !== undefined) request.position = { ...position, options: { ...own, timer } };
      return request;
    }
    const options = { ...(request.options || {}) };
    if (!("timer" in options)) {
      const timer = clockFor(request.variant ?? settings.variant);
      if (timer !== undefined) options.timer = timer;
    }
    request.options = options;
    return request;
  }

  /** The clock of a match that names none: the player's for `variant`, else none (against bots nobody waits). */
  function clockFor(/** @type {string} */ variant) {
    return settings.options[variant]?.timer ?? 0;
  }

  /** A saved match goes on: the player's clock, if chosen since it began. */
  function resumed(state) {
    live = settings.options[state.variant]?.timer ?? null;
  }

  /** The player chose `secs` for `variant`'s clock: kept; true when it is the match now playing's at once. */
  function choose(variant, secs) {
    keep(settings, { options: { ...settings.options, [variant]: { ...settings.options[variant], timer: secs } } }, getLang());
    if (view.state?.variant !== variant) return false;
    live = secs;
    return true;
  }

  /** The clock as the settings show it: its rule set, its seconds, and whether it is off because nobody turned it on. */
  function shown() {
    const s = view.state;
    if (!s || s.autoplay) return null;
    const mine = settings.options[s.variant]?.timer;
    return { variant: s.variant, seconds: seconds(s), unchosen: live === null && mine === undefined && !Number(s.options?.timer) };
  }

  return { seconds, forMatch, resumed, choose, shown };
}

/** What the player had chosen for the clock to play: the selected tile's discard, when legal. */
function selectedDiscard(view) {
  const s = view.state;
  if (!s?.human_to_move) return null;
  const tile = displayHand(s, viewSeat(s))[view.ui.selected];
  const action = tile ? `discard ${tile.code}` : null;
  return action && s.legal_actions.includes(action) ? action : null;
}
