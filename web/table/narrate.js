// Narration (the ARIA live region's sentences) and the callouts ("Pong!", "胡 · 自摸") for engine events.

import { t, tileName } from "../i18n/i18n.js";
import { viewSeat } from "./model.js";

/** The big word shown at a seat for a claim, a flower or a win; another seat's says whose ("Right: Pong!"). */
export function calloutText(ev, seat = "") {
  const what = ev.type === "pong" || ev.type === "kong" || ev.type === "flower" ? t(`narration.callout.${ev.type}`)
    : ev.type === "swim" ? t(`swim.${ev.level}`)
      : ev.type === "win" ? t("narration.callout.win", { category: t("category." + ev.category) }) : "";
  return what && seat ? t("narration.callout.seat", { seat, what }) : what;
}

/**
 * The sentence for one engine event, in the current language ("" for events not worth saying).
 * A sentence whose subject is the player's own seat takes its ".you" form ("You discard 5 Dots",
 * not "You discards"); the player named inside a sentence is "you" ("Right pays you 2").
 */
export function narrate(ev, s, seatName) {
  const me = viewSeat(s);
  const mine = (seat) => seat === me && !s.autoplay;
  const seat = ev.seat !== undefined ? seatName(ev.seat, s) : "";
  const whom = (other) => (mine(other) ? t("seat.you") : seatName(other, s));
  const tile = ev.tile ? tileName(ev.tile) : "";
  /** The sentence `key` about ev.seat: its ".you" form when that is the player. */
  const say = (key, vars = {}) => t(mine(ev.seat) ? `${key}.you` : key, { seat, ...vars });
  switch (ev.type) {
    case "draw":
      if (mine(ev.seat) && ev.tile) return t("narration.draw.you", { tile });
      return "";
    case "flower":
      return say("narration.flower", { tile });
    case "flower_kong":
      return say("narration.flower_kong", { count: ev.count });
    case "discard":
      return ev.covered && !ev.tile ? say("narration.discard.covered") : say("narration.discard", { tile });
    case "reveal":
      return say("narration.reveal", { tile });
    case "pong":
      return say("narration.pong", { tile, from: whom(ev.from) });
    case "kong":
      if (ev.kind === "concealed_kong") return ev.tile ? say("narration.concealed_kong.tile", { tile }) : say("narration.concealed_kong");
      if (ev.kind === "added_kong") return say("narration.added_kong", { tile });
      return say("narration.kong", { tile, from: whom(ev.from) });
    case "pass":
      return mine(ev.seat) ? t("narration.pass.you") : "";
    case "swim":
      return say("narration.swim", { level: t(`swim.${ev.level}`), tile });
    case "bonus":
      return t("narration.bonus", { round: ev.round, tile });
    case "payment": {
      const vars = { from: seatName(ev.from, s), to: whom(ev.to), amount: ev.amount, reason: paymentReason(ev) };
      return t(mine(ev.from) ? "narration.payment.you" : "narration.payment", vars);
    }
    case "win": {
      const category = t(`category.${ev.category}`);
      if (ev.discarder !== null && ev.discarder !== undefined && ev.discarder !== ev.seat) {
        if (mine(ev.discarder)) return t("narration.win.fromYou", { seat, category });
        return say("narration.win.from", { from: seatName(ev.discarder, s), category });
      }
      return say("narration.win", { category });
    }
    case "draw_game":
      return t("narration.draw_game");
    case "gold":
      return t("narration.gold", { tile });
    default:
      return "";
  }
}

/** A payment's reason in words: "kong of 5 Dots" when the engine names the kong's tile. */
export function paymentReason(p) {
  const reason = t(`payment.${p.reason}`);
  return p.tile ? t("payment.ofTile", { reason, tile: tileName(p.tile) }) : reason;
}
