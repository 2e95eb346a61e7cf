// Narration (the ARIA live region's sentences) and the callouts ("碰", "Kong!") for engine events.

import { t, tileName, getLang } from "../i18n/i18n.js";
import { viewSeat } from "./model.js";

/** The big word shown at a seat for a claim or a win. */
export function calloutText(ev) {
  const lang = getLang();
  const zh = lang !== "en";
  if (ev.type === "pong") return zh ? "碰" : "Pong!";
  if (ev.type === "kong") return zh ? (lang === "zh-Hant" ? "槓" : "杠") : "Kong!";
  if (ev.type === "swim") return t(`swim.${ev.level}`);
  if (ev.type === "win") return zh ? `${t("action.win")} · ${t("cat." + ev.category)}` : `${t("cat." + ev.category)}!`;
  return "";
}

/** The sentence for one engine event, in the current language ("" for events not worth saying). */
export function narrate(ev, s, seatName) {
  const me = viewSeat(s);
  const seat = ev.seat !== undefined ? seatName(ev.seat, s) : "";
  const tile = ev.tile ? tileName(ev.tile) : "";
  switch (ev.type) {
    case "draw":
      if (ev.seat === me && ev.tile && !s.autoplay) return t("ev.draw.you", { tile });
      return "";
    case "flower":
      return t("ev.flower", { seat, tile });
    case "flower_kong":
      return t("ev.flower_kong", { seat, count: ev.count });
    case "discard":
      return ev.covered && !ev.tile ? t("ev.discard.covered", { seat }) : t("ev.discard", { seat, tile });
    case "reveal":
      return t("ev.reveal", { seat, tile });
    case "pong":
      return t("ev.pong", { seat, tile, from: seatName(ev.from, s) });
    case "kong":
      if (ev.kind === "concealed_kong") return ev.tile ? t("ev.concealed_kong.tile", { seat, tile }) : t("ev.concealed_kong", { seat });
      if (ev.kind === "added_kong") return t("ev.added_kong", { seat, tile });
      return t("ev.kong", { seat, tile, from: seatName(ev.from, s) });
    case "pass":
      return ev.seat === me && !s.autoplay ? t("ev.pass", { seat }) : "";
    case "swim":
      return t("ev.swim", { seat, level: t(`swim.${ev.level}`), tile });
    case "bonus":
      return t("ev.bonus", { round: ev.round, tile });
    case "payment":
      return t("ev.payment", { from: seatName(ev.from, s), to: seatName(ev.to, s), amount: ev.amount, reason: t(`reason.${ev.reason}`) });
    case "win":
      if (ev.discarder !== null && ev.discarder !== undefined && ev.discarder !== ev.seat) {
        return t("ev.win.from", { seat, from: seatName(ev.discarder, s), category: t(`cat.${ev.category}`) });
      }
      return t("ev.win", { seat, category: t(`cat.${ev.category}`) });
    case "draw_game":
      return t("ev.draw_game");
    case "gold":
      return t("ev.gold", { tile });
    default:
      return "";
  }
}
