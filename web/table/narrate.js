// Narration (the ARIA live region's sentences) and the callouts ("Pong!", "胡 · 自摸") for engine events.

import { t, tileName } from "../i18n/i18n.js";
import { viewSeat } from "./model.js";

/** The big word shown at a seat for a claim or a win. */
export function calloutText(ev) {
  if (ev.type === "pong" || ev.type === "kong") return t(`narration.callout.${ev.type}`);
  if (ev.type === "swim") return t(`swim.${ev.level}`);
  if (ev.type === "win") return t("narration.callout.win", { category: t("category." + ev.category) });
  return "";
}

/** The sentence for one engine event, in the current language ("" for events not worth saying). */
export function narrate(ev, s, seatName) {
  const me = viewSeat(s);
  const seat = ev.seat !== undefined ? seatName(ev.seat, s) : "";
  const tile = ev.tile ? tileName(ev.tile) : "";
  switch (ev.type) {
    case "draw":
      if (ev.seat === me && ev.tile && !s.autoplay) return t("narration.draw.you", { tile });
      return "";
    case "flower":
      return t("narration.flower", { seat, tile });
    case "flower_kong":
      return t("narration.flower_kong", { seat, count: ev.count });
    case "discard":
      return ev.covered && !ev.tile ? t("narration.discard.covered", { seat }) : t("narration.discard", { seat, tile });
    case "reveal":
      return t("narration.reveal", { seat, tile });
    case "pong":
      return t("narration.pong", { seat, tile, from: seatName(ev.from, s) });
    case "kong":
      if (ev.kind === "concealed_kong") return ev.tile ? t("narration.concealed_kong.tile", { seat, tile }) : t("narration.concealed_kong", { seat });
      if (ev.kind === "added_kong") return t("narration.added_kong", { seat, tile });
      return t("narration.kong", { seat, tile, from: seatName(ev.from, s) });
    case "pass":
      return ev.seat === me && !s.autoplay ? t("narration.pass", { seat }) : "";
    case "swim":
      return t("narration.swim", { seat, level: t(`swim.${ev.level}`), tile });
    case "bonus":
      return t("narration.bonus", { round: ev.round, tile });
    case "payment":
      return t("narration.payment", { from: seatName(ev.from, s), to: seatName(ev.to, s), amount: ev.amount, reason: t(`payment.${ev.reason}`) });
    case "win":
      if (ev.discarder !== null && ev.discarder !== undefined && ev.discarder !== ev.seat) {
        return t("narration.win.from", { seat, from: seatName(ev.discarder, s), category: t(`category.${ev.category}`) });
      }
      return t("narration.win", { seat, category: t(`category.${ev.category}`) });
    case "draw_game":
      return t("narration.draw_game");
    case "gold":
      return t("narration.gold", { tile });
    default:
      return "";
  }
}
