// The moments worth stopping for: a short banner on the table, a sentence for the live region
// and a sound. Longyan's gold turned (docs/RULES.md "Start of the hand"), the covered first
// discard and its reveal (robbing the gold), three golds, the first-discard bonus (分饼) with
// what each receives, flower kongs, each swim level and what it forbids the others ("Swimming
// the gold"); Xinyu's kong bloom and flying (its patterns table); a decision timer running out.
// Every fact comes from the engine's events; nothing here decides a rule.

import { t, tileName } from "../i18n/i18n.js";
import { viewSeat } from "./model.js";

/**
 * The moment an event makes, or null: {key, title, sub, tile, line}. `events` is the whole
 * list the event came in (the payments that follow a bonus or a flower kong give its amount);
 * `line` is a sentence for the live region when the ordinary narration says less.
 */
export function momentOf(ev, events, s, seatName) {
  const seat = ev.seat !== undefined && ev.seat !== null ? seatName(ev.seat, s) : "";
  const tile = ev.tile ? tileName(ev.tile) : "";
  const moment = (key, vars, code = ev.tile || null, sub = `moment.${key}.sub`) => {
    const title = t(`moment.${key}`, vars);
    const text = t(sub, vars);
    return { key, title, sub: text, tile: code, line: t("moment.line", { title, sub: text }) };
  };
  switch (ev.type) {
    case "gold":
      return moment("gold", { tile });
    case "discard":
      return ev.covered ? moment("covered", { seat }, null) : null;
    case "reveal": // "Your covered tile: 5 Bamboo", not "You's"
      return moment("reveal", { seat, tile }, ev.tile, ev.seat === viewSeat(s) && !s.autoplay ? "moment.reveal.sub.you" : "moment.reveal.sub");
    case "bonus": {
      const amount = paymentAfter(ev, events, "first_discard_bonus");
      return moment("bonus", { round: ev.round, tile, amount });
    }
    case "flower_kong": {
      const amount = receivedAfter(ev, events, "flower_kong");
      return amount ? moment("flower_kong", { seat, count: ev.count, amount }, null)
        : moment("flower_kong", { seat, count: ev.count }, null, "moment.flower_kong.sub0");
    }
    case "overruled": // the player's own claim a win set aside: said at once, with the rule (docs/RULES.md §4)
      if (ev.seat !== viewSeat(s) || s.autoplay) return null;
      return overruledMoment(ev, seatName(ev.by, s));
    case "swim":
      return moment(`swim.${ev.level}`, { seat }, ev.tile, `moment.swim.sub.${ev.level}`);
    case "win": {
      if (ev.category === "rob_gold" || ev.category === "three_golds") return moment(ev.category, { seat });
      const patterns = (ev.patterns || []).map((p) => (Array.isArray(p) ? p[0] : p));
      if (patterns.includes("kong_bloom")) return moment("kong_bloom", { seat });
      if (patterns.includes("flying")) return moment("flying", { seat });
      return null;
    }
    default:
      return null;
  }
}

/** "Right wins this tile first: Longyan's rule: one tile has one winner, …" (the player's claim set aside). */
function overruledMoment(ev, by) {
  const title = t(`moment.overruled.${ev.claim}`, { by });
  const sub = overruledRule(ev.rule, by, t("seat.you"));
  return { key: "overruled", title, sub, tile: ev.tile || null, line: t("moment.line", { title, sub }) };
}

/**
 * The rule that set a claim aside, in words (the engine names it: py_engine/OBSERVATION.md
 * `overruled`): "first_in_turn" (Longyan: one winner on a tile, the first in turn; `by` comes
 * before `whom`) or "win_first" (a win before a pong or a kong).
 */
export function overruledRule(rule, by, whom) {
  return rule === "first_in_turn" ? t("rule.first_in_turn", { by, whom }) : t("rule.win_first");
}

/**
 * The moment of a decision the timer made, and why that one (`by`, the engine's timeout answer's
 * chosen_by): "Time ran out: 5 Dots discarded for you: the tile you had selected" / "…, as the
 * hint suggested".
 */
export function timeoutMoment(action, by = "hint") {
  const [kind, code] = String(action || "").split(" ");
  const what = kind === "discard" ? t("moment.discarded", { tile: tileName(code) })
    : kind === "pass" ? t("moment.passed") : [t(`action.${kind}`), code ? tileName(code) : ""].join(" ").trim();
  const title = t("moment.timeout");
  const why = by === "selected" ? "selected" : "hint";
  return { key: "timeout", title, sub: t(`moment.timeout.sub.${why}`, { action: what }), tile: code || null,
    line: t(`moment.timeout.line.${why}`, { action: what }) };
}

/** What `ev.seat` receives from the payments of `reason` right after `ev` (a kong's, all players'). */
function receivedAfter(ev, events, reason) {
  const i = events.indexOf(ev);
  let sum = 0;
  for (const e of events.slice(i + 1)) {
    if (e.type !== "payment" || e.reason !== reason) break;
    if (e.to === ev.seat) sum += e.amount;
  }
  return sum;
}

/** The amount of the first payment of `reason` after `ev` in its list (each pays the same). */
function paymentAfter(ev, events, reason) {
  const i = events.indexOf(ev);
  const payment = events.slice(i + 1).find((e) => e.type === "payment" && e.reason === reason);
  return payment ? payment.amount : 0;
}
