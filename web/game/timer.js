// Which clock runs (docs/RULES.md §4: an option of both rule sets, a table convention): against
// bots nobody waits, so none unless the player turned it on (their choice for the rule set, applied
// at once to the match now playing) or a link names its `timer`; the rule's value is only named.
// The clock itself (the deadline, the ticks, the engine's `timeout` move) is the session's:
// table/clock.js asks `seconds(state)` of the choice made here.

import { choose as keep } from "../keep/settings.js";
import { getLang } from "../i18n/i18n.js";

/**
 * Which clock runs: the match's own option, or the player's choice for its rule set since it
 * began (`live`); a new match's clock (forMatch), a resumed one's, and the clock as the settings show it.
 */
export function createClockChoice(view, settings) {
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
