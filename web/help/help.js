// The help page's pictures: a chart of every tile in the game's own art, and each worked example
// of docs/RULES.md drawn as tiles with its patterns and payments. The examples are the engine's
// results, computed at build time (tools/help_examples.py -> help-examples.json), and their
// working is written by the settlement's own code (settle-detail.js): the help cannot disagree
// with the game. Each language's section gets its own copy, in its words and script.

import { t, tileName, setLang, label } from "../i18n/i18n.js";
import { tileElement } from "../art/tiles.js";
import { openPage, gameLink, LANGS } from "../shell/page.js";
import { el } from "../shell/dom.js";
import { readingRow, arithmeticLine } from "../overlay/settle-detail.js";

const SUITS = ["m", "p", "s"];

function tile(code, w) {
  const c = tileElement(code, w);
  c.setAttribute("role", "img");
  c.setAttribute("aria-label", tileName(code));
  c.title = tileName(code);
  return c;
}

function chart() {
  const rows = [
    [t("help.suits"), null],
    ...SUITS.map((suit) => [t(`suit.${suit}`), [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${suit}`)]),
    [t("help.honors"), [1, 2, 3, 4, 5, 6, 7].map((n) => `${n}z`)],
    [t("help.flowers"), [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${n}f`)],
  ];
  const box = el("div", { class: "chart" });
  for (const [name, codes] of rows) {
    if (!codes) continue;
    const row = el("div", { class: "chart-row" }, el("span", { class: "chart-name", text: name }));
    for (const code of codes) {
      row.append(el("figure", {}, tile(code, 34), el("figcaption", { text: tileName(code) })), " "); // names kept apart in copied text
    }
    box.append(row);
  }
  return box;
}

function example(ex) {
  // seats named by their winds (the dealer is East), as at a table: not numbers counted from 0
  const wind = (/** @type {number} */ n) => t(`wind.${((n - ex.dealer + 4) % 4) + 1}z`);
  const plain = [0, 1, 2, 3].map((n) => t("help.seat", { wind: wind(n) }));
  const names = [0, 1, 2, 3].map((n) => (n === ex.dealer ? t("help.dealerSeat", { wind: wind(n) }) : plain[n]));
  const state = { variant: ex.variant, dealer: ex.dealer, result: ex.result };
  const box = el("div", { class: "example" });
  for (const win of ex.result.wins) {
    box.append(el("h4", { text: `${t(`variant.${ex.variant}`)} · ${t("help.wins", { seat: names[win.seat], category: t(`category.${win.category}`) })}` }));
    const row = readingRow(win, ex.gold);
    if (row) box.append(row); // the melds on the table among its sets
    if (win.pattern_multipliers?.length) {
      box.append(el("p", { text: `${label("help.patterns")}${win.pattern_multipliers.map(([p, m]) => `${t(`pattern.${p}`)} ×${m}`).join(" · ")}` }));
    }
    box.append(el("p", { class: "arithmetic", text: arithmeticLine(win, state, names) }));
  }
  // each seat's score by name, East first ("East +12, South −4, …"), not a list of numbers
  const order = [0, 1, 2, 3].map((k) => (ex.dealer + k) % 4);
  const deltas = order.map((n) => t("help.delta", { seat: plain[n], delta: ex.result.deltas[n] > 0 ? `+${ex.result.deltas[n]}` : String(ex.result.deltas[n]) }));
  box.append(el("p", { class: "deltas", text: `${label("help.deltas")}${deltas.join(t("settle.detail.comma"))}` }));
  return box;
}

async function main() {
  let data = null;
  try {
    const response = await fetch("./help-examples.json");
    if (response.ok) data = await response.json();
  } catch {
    data = null;
  }
  for (const section of document.querySelectorAll("section[lang]")) {
    const lang = section.getAttribute("lang");
    setLang(lang); // the shell's tile script follows it
    const first = section.querySelector("h3");
    section.insertBefore(el("div", { class: "pictures" }, el("h3", { text: t("help.tiles") }), chart()), first);
    section.append(el("h3", { text: t("help.examples") }));
    if (!data?.examples) section.append(el("p", { class: "failed", text: t("help.failed") }));
    else for (const ex of data.examples) section.append(example(ex));
  }
  showLang(chosen());
  document.body.dataset.examples = data?.examples ? String(data.examples.length) : "0";
}

/** The language asked for: a section's name as the hash (the page's own links: #zh-Hant), else the shell's choice. */
function chosen() {
  const named = decodeURIComponent(location.hash.slice(1));
  return LANGS.includes(named) ? named : page.lang;
}

/** One language's section at a time (the others hidden: a reader reads one), in the page's language. */
function showLang(/** @type {string} */ lang) {
  for (const section of document.querySelectorAll("section[lang]")) {
    /** @type {HTMLElement} */ (section).hidden = section.getAttribute("lang") !== lang;
  }
  setLang(lang);
  // the page's own words follow the section shown (the language links name each language in itself)
  document.title = t("help.pageTitle");
  /** @type {HTMLElement} */ (document.getElementById("title")).textContent = t("help.pageTitle");
  const play = /** @type {HTMLAnchorElement} */ (document.getElementById("play"));
  play.textContent = t("help.play");
  play.href = gameLink(lang);
}

const page = openPage("help", { embed: true }); // light, or dark with ?theme=dark or the reader's preference
addEventListener("hashchange", () => showLang(chosen()));
main();
