// The settlement's working: the winning hand split into the sets the engine read (each gold or
// white dragon marked with what it stood for), and the arithmetic of the win from the engine's
// own numbers — Xinyu "total multiplier M = 2 × 2 = 4; each pays 2 × M = 8" (docs/RULES.md §2 Win
// settlement), Longyan "Self-draw, with base b = 2: the dealer pays 2b = 4, the others pay b = 2 each"
// (§3 Win settlement): the letters are named where they are used.
// Nothing is decided here: the factors are the engine's multipliers, base and payments.

import { t, tileName } from "../i18n/i18n.js";
import { viewSeat } from "../table/model.js";
import { tileElement } from "../art/tiles.js";
import { el } from "../shell/dom.js";

/**
 * The sets of the engine's reading, each a small row of tiles; stand-ins marked "as 3p"; then the
 * melds on the table (a pong of South is one of the four sets: left out, a reader counts three
 * sets and a pair). Seven pairs are named once, not "pair" seven times.
 */
export function readingRow(win, gold) {
  const reading = win.reading;
  if (!reading || !reading.groups?.length) return null;
  const row = el("div", { class: "reading", "aria-label": t("settle.detail.reading") });
  row.append(el("span", { class: "reading-label", text: t("settle.detail.reading") }));
  const sevenPairs = reading.shape === "seven_pairs";
  reading.groups.forEach((group, g) => {
    const box = el("span", { class: `set set-${group.type}` });
    const tiles = el("span", { class: "set-tiles" });
    group.tiles.forEach((code, i) => {
      const as = group.as?.[i];
      const standIn = as && as !== code;
      const cell = el("span", { class: standIn ? "cell stand-in" : "cell" });
      const c = tileElement(code, 22, code === gold ? "gold" : "");
      c.setAttribute("role", "img");
      c.setAttribute("aria-label", standIn ? `${tileName(code)} ${t("settle.detail.as", { tile: tileName(as) })}` : tileName(code));
      cell.append(c);
      // the caption is seen; the tile's own name says it to a reader ("5 Dots as 7 Dots")
      if (standIn) cell.append(el("small", { class: "as", "aria-hidden": "true", text: t("settle.detail.as", { tile: tileName(as) }) }));
      tiles.append(cell, " "); // (text copied from the page keeps its words apart)
    });
    const name = !sevenPairs ? t(`settle.detail.group.${group.type}`)
      : g === reading.groups.length - 1 ? t("settle.detail.group.sevenPairs") : "";
    box.append(tiles, " ", name ? el("small", { class: "set-name", text: name }) : "");
    row.append(box, " ");
  });
  for (const meld of reading.melds || []) {
    const kind = meld.type === "concealed_kong" ? "concealed_kong" : meld.type?.includes("kong") ? "kong" : "pong";
    const box = el("span", { class: `set set-meld set-${kind}` });
    const tiles = el("span", { class: "set-tiles" });
    for (const code of meld.tiles || []) {
      const c = tileElement(code, 22, code === gold ? "gold" : "");
      c.setAttribute("role", "img");
      c.setAttribute("aria-label", tileName(code));
      tiles.append(el("span", { class: "cell" }, c), " ");
    }
    box.append(tiles, " ", el("small", { class: "set-name", text: t(`settle.detail.group.meld.${kind}`) }));
    row.append(box, " ");
  }
  return row;
}

/**
 * Whether a win is scored by multiplying its patterns (it carries `pattern_multipliers`, whose
 * product is M) rather than by a category's base b: the engine's result says, not the rule set's
 * name (py_engine/OBSERVATION.md, a result's wins).
 */
export const byPatterns = (win) => Array.isArray(win.pattern_multipliers);

/** The arithmetic line of one win, from its multipliers / base and the result's payments. */
export function arithmeticLine(win, state, names) {
  const result = state.result;
  // the player's seat (none for a spectator, nor for the help's worked examples, which name no player)
  const me = state.autoplay || (state.seat ?? state.human) === undefined ? -1 : viewSeat(state);
  /** "Right pays 4" / "you pay 4" */
  const paysLine = (seat, amount) => (seat === me ? t("settle.detail.pays.you", { amount }) : t("settle.detail.pays", { seat: names[seat], amount }));
  const paid = result.payments.filter((p) => p.reason === "win" && p.to === win.seat);
  if (!paid.length) return "";
  if (byPatterns(win)) {
    const factors = (win.pattern_multipliers || []).map(([, m]) => m);
    const m = win.multiplier;
    const product = factors.length > 1 ? `${factors.join(" × ")} = ${m}` : String(m);
    const amounts = new Set(paid.map((p) => p.amount));
    let pays;
    if (amounts.size === 1 && paid.length > 1) {
      const amount = paid[0].amount;
      // Xinyu's self-draw: each of the other three pays 2 × M (docs/RULES.md §2 Win settlement):
      // the 2 is named, not left to puzzle over
      const k = amount % m === 0 ? amount / m : 0;
      pays = !k ? t("settle.detail.eachPlain", { amount })
        : k > 1 && result.discarder == null ? t("settle.detail.eachSelfDraw", { k, amount })
          : t("settle.detail.each", { factor: times(k), amount });
    } else {
      pays = paid.map((p) => paysLine(p.from, p.amount)).join(t("settle.detail.comma"));
    }
    return `${t("settle.detail.m", { product })}${t("settle.detail.semi")}${pays}`;
  }
  const category = t(`category.${win.category}`);
  const b = win.base;
  const inB = (amount) => (b && amount % b === 0 ? `${times(amount / b, "")}b = ${amount}` : String(amount));
  const head = b ? t("settle.detail.base", { category, b }) : t("settle.detail.fixed", { category });
  const show = b ? inB : String;
  const dealer = state.dealer;
  const discarder = result.discarder;
  const fromDealer = paid.find((p) => p.from === dealer && p.from !== discarder);
  const fromDiscarder = paid.find((p) => p.from === discarder);
  const others = paid.filter((p) => p !== fromDealer && p !== fromDiscarder);
  const parts = [];
  // a dealer's win is paid double by each (the "2b" of every payment says why)
  if (win.seat === dealer && b && paid.every((p) => p.amount >= 2 * b)) parts.push(t("settle.detail.dealerWon"));
  const same = (list) => list.length > 0 && list.every((p) => p.amount === list[0].amount);
  if (!fromDealer && !fromDiscarder && same(others)) parts.push(t("settle.detail.allPay", { amount: show(others[0].amount) }));
  else {
    if (fromDealer) parts.push(t("settle.detail.dealerPays", { amount: show(fromDealer.amount) }));
    if (same(others) && others.length > 1) parts.push(t("settle.detail.othersPay", { amount: show(others[0].amount) }));
    else for (const p of others) parts.push(paysLine(p.from, show(p.amount)));
    if (fromDiscarder) {
      // what the discarder pays beside what it would pay had another discarded: "b + 1 = 2"; a
      // dealer discarding to another's win: the dealer's 2b, twice a non-dealer's b, "2b + 1 = 3"
      const dealerDiscards = fromDiscarder.from === dealer && win.seat !== dealer;
      const likeAmount = dealerDiscards ? (others.length ? 2 * others[0].amount : 0) : others[0]?.amount ?? 0;
      const extra = likeAmount ? fromDiscarder.amount - likeAmount : 0;
      const amount = b && extra > 0 && likeAmount % b === 0
        ? `${times(likeAmount / b, "")}b + ${extra} = ${fromDiscarder.amount}` : show(fromDiscarder.amount);
      const key = dealerDiscards ? "settle.detail.dealerDiscarderPays" : "settle.detail.discarderPays";
      parts.push(fromDiscarder.from === me ? t(`${key}.you`, { amount }) : t(key, { seat: names[fromDiscarder.from], amount }));
    }
  }
  return `${head}${t("settle.detail.colon")}${parts.join(t("settle.detail.comma"))}`;
}

/** "2 × " before M (or "2" before b); nothing for a factor of 1. */
function times(k, sep = " × ") {
  return k === 1 ? "" : `${k}${sep}`;
}
