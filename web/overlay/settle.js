// The settlement of a hand: each winning hand, its category and patterns with both names and
// their multiplier or base, every payment, the deltas and running scores, and the final
// standings once the match is over. Everything shown comes from the engine's result.

import { t, tileName, label } from "../i18n/i18n.js";
import { tileElement } from "../art/tiles.js";
import { el } from "../shell/dom.js";
import { viewSeat } from "../table/model.js";
import { readTiles, NotationError } from "../art/notation.js";
import { readingRow, arithmeticLine, byPatterns } from "./settle-detail.js";
import { paymentReason } from "../table/narrate.js";
import { overruledRule } from "../table/moments.js";

/** The codes of an engine's tile string ("123m55p"); a string that cannot be read (a damaged
 * replay file) shows no tiles rather than stopping the settlement: its text stays the label. */
function tilesOf(text) {
  try {
    return readTiles(String(text ?? "")).map((x) => x.code);
  } catch (error) {
    if (error instanceof NotationError) return [];
    throw error;
  }
}

/** A pattern's or category's name in the page's language only: an English page says "Self-draw",
 * never "Self-draw 自摸", as a Chinese page says "自摸", never "自摸 Self-draw" (issue 57). */
function bothNames(key) {
  return { here: t(key), other: "" };
}

/** A winning hand as held: its concealed tiles, the winning tile last and ringed, then its melds
 * (a line breaks between melds, never inside one). */
function heldHand(win, gold) {
  const hand = el("div", { class: "hand", "aria-label": win.hand });
  const tiles = tilesOf(win.hand);
  let marked = false;
  for (let i = tiles.length - 1; i >= 0; i--) {
    if (tiles[i] === win.tile) {
      const [w] = tiles.splice(i, 1);
      tiles.push(w);
      marked = true;
      break;
    }
  }
  tiles.forEach((code, i) => {
    const winning = marked && i === tiles.length - 1;
    if (winning) hand.append(el("span", { class: "gap" }));
    const c = tileElement(code, 30, code === gold ? "gold" : "");
    if (winning) {
      c.classList.add("winning");
      c.title = t("settle.winningTile");
    }
    c.setAttribute("role", "img");
    c.setAttribute("aria-label", tileName(code) + (winning ? ` (${t("settle.winningTile")})` : ""));
    hand.append(c);
  });
  for (const m of win.melds || []) {
    hand.append(el("span", { class: "gap" }));
    const [kind, code] = String(m).split(" ");
    const n = kind.includes("kong") ? 4 : 3;
    const group = el("span", { class: "meld" });
    for (let i = 0; i < n; i++) {
      const face = kind === "concealed_kong" && (i === 0 || i === 3) ? null : code;
      group.append(tileElement(face, 24));
    }
    hand.append(group);
  }
  return hand;
}

/** The settlement dialog's title, body and buttons. */
export function settlement(state, { names, onNext, onNewMatch, newMatchLabel = "", firstWin = false, record = "", autoNextIn, extra = [] }) {
  const result = state.result;
  const match = state.match;
  const view = viewSeat(state);
  const mine = (seat) => seat === view && !state.autoplay; // "You win", "on your tile"
  // the explanation first (the totals, who won and why, the payments), the hands as held after
  // it: a phone reads the explanation without scrolling, in two columns on its side (ui.css)
  const why = el("div", { class: "settle-why" });
  const held = el("div", { class: "settle-held" });
  // the player's first win in this browser: a moment of its own (app.js says when)
  if (firstWin) why.append(el("div", { class: "first-win", role: "status" }, el("strong", { text: t("settle.firstWin") }), el("span", { text: t("settle.firstWinSub") })));
  if (!result.winners.length) why.append(el("p", { class: "headline", text: t("settle.drawn") }));
  // a claim the win set aside, first: why the player's 胡 (or pong) did not count, the rule in words
  // (a pong offered and never answered was no claim: nothing to explain)
  for (const o of result.overruled || []) if (o.answered || o.claim === "win") why.append(overruledLine(o, names, mine));
  for (const win of result.wins) why.append(winBox(win, state, names, mine, held));
  // deltas and running scores, first: the totals are seen before anything else
  const pay = paymentsBlock(result, names);
  const body = [el("div", { class: "settle-body" }, scoresTable(result, names, mine), why, pay)];
  const buttons = [];
  if (match && match.is_over) {
    body.push(el("h3", { text: t("settle.final") }), standingsTable(result, names, mine));
    if (record) body.push(el("p", { class: "record", id: "settle-record", text: record })); // the player's record here (keep/record.js)
    buttons.push(el("button", { type: "button", id: "settle-new", class: "primary", text: newMatchLabel || t("settle.newMatch"), onclick: onNewMatch }));
  } else {
    const next = el("button", { type: "button", id: "settle-next", class: "primary", text: t("settle.next"), onclick: onNext });
    if (autoNextIn) next.textContent = t("settle.nextIn", { s: autoNextIn });
    buttons.push(next);
  }
  // the page's own (keeper.js: watch again, export, compare) after the explanation, not in the
  // sticky row: on a phone three more buttons took two rows of its height from the explanation
  // on a phone they fold under one line, closed: the settlement reads whole without scrolling
  // (issue 57: 689 px in 628 at 360x640; on its side its buttons went under the sticky row)
  const more = [];
  if (extra.length) more.push(el("div", { class: "settle-more" }, extra));
  if (held.childElementCount) more.push(held);
  if (more.length) {
    const roomy = innerWidth >= 600 && innerHeight >= 600;
    // after the payments (in their column on a phone on its side, where the other is taller)
    pay.append(el("details", { class: "settle-details", open: roomy ? "" : null },
      el("summary", { text: t(held.childElementCount ? "settle.moreHeld" : "settle.moreOnly") }), more));
  }
  const title = match ? t("settle.title", { n: match.hand_number + 1, total: match.hands }) : t("settle.title", { n: 1, total: 1 });
  return { title, body, buttons };
}

/**
 * One winning hand explained: who won on whose tile (the tile beside it), the sets as the engine
 * read them, its category and patterns, the arithmetic. The hand as held goes into `held` (after
 * the payments) when the reading shows every tile, else here.
 */
function winBox(win, state, names, mine, held) {
  const result = state.result;
  const box = el("div", { class: "win" });
  let head = mine(win.seat) ? t("settle.winner.you") : t("settle.winner", { seat: names[win.seat] });
  if (result.discarder !== null && result.discarder !== undefined && win.category !== "self_draw") {
    head += ` · ${mine(result.discarder) ? t("settle.discarder.you") : t("settle.discarder", { seat: names[result.discarder] })}`;
  }
  const headline = el("p", { class: "headline", text: head });
  if (win.tile) { // the winning tile beside who won it (the hand as held marks it too)
    const c = tileElement(win.tile, 22, win.tile === state.gold ? "gold" : "");
    c.classList.add("winning");
    c.setAttribute("role", "img");
    c.setAttribute("aria-label", `${t("settle.winningTile")}${t("sep.colon")}${tileName(win.tile)}`);
    headline.append(" ", c);
  }
  box.append(headline);
  const reading = readingRow(win, state.gold); // the sets as the engine read them
  const hand = heldHand(win, state.gold);
  // the engine's reading shows every tile in its set: the hand as held is then a detail, after
  // the payments; a hand the engine gave no reading of is its own explanation
  if (reading) {
    box.append(reading);
    held.append(el("h3", { text: mine(win.seat) ? t("settle.held.you") : t("settle.held", { seat: names[win.seat] }) }), hand);
  } else box.append(hand);
  box.append(winNames(win));
  const sum = arithmeticLine(win, state, names); // "total multiplier M = 2 × 2 = 4; each pays 2 × M = 8"
  // the multiplier said once: in the arithmetic, else on its own line
  if (byPatterns(win) && !sum) box.append(el("p", { class: "line total", text: t("settle.total", { m: win.multiplier }) }));
  if (sum) box.append(el("p", { class: "line arithmetic", text: sum }));
  return box;
}

/** "You claimed a win on 6 Dots too, but Longyan's rule: one tile has one winner, …" (the engine's `overruled`). */
function overruledLine(o, names, mine) {
  const you = mine(o.seat);
  const whom = you ? t("seat.you") : names[o.seat];
  const by = mine(o.by) ? t("seat.you") : names[o.by];
  const kind = o.claim === "win" && !o.answered ? "offer" : o.claim;
  const text = t(`settle.overruled.${kind}${you ? ".you" : ""}`, { seat: names[o.seat], tile: o.tile ? tileName(o.tile) : "",
    rule: overruledRule(o.rule, by, whom) });
  return el("p", { class: `overruled${you ? " mine" : ""}`, "data-claim": o.claim, text });
}

/** A win's category and patterns, both names, with multipliers or base. */
function winNames(win) {
  const names2 = el("div", { class: "names" });
  const cat = bothNames(`category.${win.category}`);
  const catValue = win.base !== undefined && win.base !== null
    ? (win.category === "swim_triple" ? t("settle.fixed") : t("settle.base", { b: win.base }))
    : "";
  names2.append(el("span", { class: "category" }, `${label("settle.category")}${cat.here}`,
    cat.other ? [" ", el("small", { text: cat.other })] : null, catValue ? ` · ${catValue}` : ""));
  if (byPatterns(win)) {
    const list = win.pattern_multipliers || (win.patterns || []).map((p) => [p, null]);
    names2.append(el("span", { class: "line label", text: t("settle.patterns") }));
    if (!list.length) names2.append(el("span", { text: t("settle.noPatterns") }));
    for (const [p, mult] of list) {
      const n2 = bothNames(`pattern.${p}`);
      names2.append(el("span", { "data-pattern": p }, n2.here, n2.other ? [" ", el("small", { text: n2.other })] : null,
        mult ? ` ×${mult}` : ""));
    }
  }
  return names2;
}

/** Every payment: who paid whom, how much, and why. */
function paymentsBlock(result, names) {
  const pay = el("div", { class: "settle-pay" }, el("h3", { text: t("settle.payments") }));
  if (!result.payments.length) {
    pay.append(el("p", { text: t("settle.noPayments") }));
    return pay;
  }
  const rows = result.payments.map((p) => el("tr", {},
    el("td", { text: names[p.from] }), el("td", { text: "→" }), el("td", { text: names[p.to] }),
    el("td", { class: "num", text: String(p.amount) }), el("td", { text: paymentReason(p) })));
  pay.append(el("table", { class: "payments" },
    el("thead", {}, el("tr", {}, el("th", { text: t("settle.from") }), el("th", { text: "" }), el("th", { text: t("settle.to") }),
      el("th", { class: "num", text: t("settle.amount") }), el("th", { text: t("settle.reason") }))),
    el("tbody", {}, rows)));
  return pay;
}

/** The hand's deltas and the running scores, the player's row marked. */
function scoresTable(result, names, mine) {
  const scoreRows = [0, 1, 2, 3].map((s) => {
    const d = result.deltas[s];
    return el("tr", { class: mine(s) ? "me" : "" },
      el("td", { text: names[s] }),
      el("td", { class: `num ${d > 0 ? "plus" : d < 0 ? "minus" : ""}`, text: (d > 0 ? "+" : "") + d }),
      el("td", { class: "num", text: String(result.scores[s]) }));
  });
  return el("table", { class: "scores" },
    el("thead", {}, el("tr", {}, el("th", { text: t("settle.player") }), el("th", { class: "num", text: t("settle.delta") }),
      el("th", { class: "num", text: t("settle.score") }))),
    el("tbody", {}, scoreRows));
}

/** The final standings of a match: equal scores share a place ("1, 2, 2, 2"), the order among them only the seats'. */
function standingsTable(result, names, mine) {
  const order = [0, 1, 2, 3].sort((a, b) => result.scores[b] - result.scores[a]);
  return el("table", { class: "standings" },
    el("thead", {}, el("tr", {}, el("th", { text: t("settle.rank") }), el("th", { text: t("settle.player") }),
      el("th", { class: "num", text: t("settle.score") }))),
    el("tbody", {}, order.map((s) => el("tr", { class: mine(s) ? "me" : "" },
      el("td", { text: String(1 + order.filter((o) => result.scores[o] > result.scores[s]).length) }),
      el("td", { text: names[s] }), el("td", { class: "num", text: String(result.scores[s]) })))));
}
