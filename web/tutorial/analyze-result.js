// The analyzer's answer drawn: the verdict, the game's own settlement of the win (settle.js),
// the multipliers' product, why a hand may not win, waits, and every discard ranked. Everything
// shown is in the engine's answer (py_engine/teach/analyzer.py); the page adds words only.
import { t, getLang } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";
import { settlement } from "../overlay/settle.js";
import { choicesTable, shantenText, tileRow, actionName } from "./tutorial-view.js";
import { cannotWinWords } from "../i18n/hint-words.js";

function seatNames(a) {
  return [0, 1, 2, 3].map((s) => {
    const roles = [s === a.seat ? t("analyzer.you") : null, s === a.dealer ? t("seat.dealer") : null].filter(Boolean);
    return roles.length ? t("analyzer.seatRoles", { n: s + 1, roles: roles.join(t("alt.sep")) }) : t("analyzer.seat", { n: s + 1 });
  });
}

function winView(a, gold) {
  const state = { result: a.result, variant: a.variant, gold, seat: a.seat, match: null };
  const { body } = settlement(state, { names: seatNames(a), onNext: null, onNewMatch: null, autoNextIn: 0 });
  const out = [el("p", { class: "verdict yes", text: t("analyzer.wins") }), ...body];
  for (const win of a.result.wins) {
    const list = win.pattern_multipliers || [];
    if (list.length < 2) continue;
    const arith = el("p", { class: "arith", text: t("analyzer.arith", { parts: list.map(([, m]) => m).join(" × "), m: win.multiplier }) });
    // before the wins, under the scores (settle.js: the scores, then why, then the payments)
    const why = body[0]?.querySelector?.(".settle-why");
    if (why) why.prepend(arith);
    else out.splice(2, 0, arith);
  }
  return out;
}

function whyNot(a, swimLevel) {
  const why = a.why_not || {};
  const out = [el("p", { class: "verdict no", text: t("analyzer.noWin") })];
  const words = cannotWinWords(why); // the referee's reason code, in the reader's words
  if (words) out.push(el("p", { class: "why", "data-code": why.code, text: words }));
  else if (why.code === "not_complete") {
    out.push(el("p", { class: "why", "data-code": why.code, text: t("analyzer.why.not_complete", { away: shantenText(why.shanten) }) }));
  } else if (swimLevel && String(why.failed).startsWith("swim")) {
    // a complete hand the game would not let swim (RULES.md §3, swimming the gold): what a swim of that level needs
    out.push(el("p", { class: "why", "data-code": "swim", text: t(`analyzer.why.swim.${swimLevel}`) }));
  }
  return out;
}

/** The result section's children for an analysis `a` (never an error: the page shows those);
 * `swimLevel` is the swim asked (1-3), 0 for another way of winning. */
export function resultView(a, gold, swimLevel = 0) {
  const lang = getLang();
  const out = [];
  if (a.size === 13) {
    out.push(el("p", { class: "verdict", text: shantenText(a.shanten) }));
    if (a.shanten === 0) {
      out.push(el("h2", { text: t("analyzer.waits") }));
      const waits = el("div", { class: "waits" });
      if (!a.waits.length) waits.append(t("analyzer.noWaits"));
      for (const [code, n] of a.waits) waits.append(tileRow([code], { size: 30, gold }), el("span", { class: "copies", text: `×${n}` }));
      out.push(waits);
    }
    return out;
  }
  out.push(...(a.wins ? winView(a, gold) : whyNot(a, swimLevel)));
  const table = a.discards;
  if (table && table.rows.length) {
    out.push(el("h2", { text: t("analyzer.discards") }));
    const order = new Map((table.efficiency || []).map((action, i) => [action, i]));
    const rows = [...table.rows].sort((x, y) => (order.get(x.action) ?? 99) - (order.get(y.action) ?? 99));
    out.push(choicesTable(rows.map((r, i) => ({ ...r, rank: order.has(r.action) ? i + 1 : "" })), { lang, gold }));
    if (table.choice && !table.rows.some((r) => r.chosen)) out.push(el("p", { class: "help", text: t("analyzer.otherChoice", { action: actionName(table.choice) }) }));
  }
  return out;
}
