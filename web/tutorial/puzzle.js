// puzzle.html: "what would you discard?" The project's sets (puzzles/<variant>.json) or a puzzle
// from the link: #set=longyan&n=3, or #p=<base64url JSON {position, note?}> (an author's own; the
// engine's choice is its answer). The engine ("puzzle", py_engine/teach/puzzles.py) gives the moment's
// choices; once the reader chooses, every choice is shown ranked with its one-line reason.
import { startEngine, call, shorten } from "../engine/engine.js";
import { loadCatalog, variantsOf } from "../engine/catalog.js";
import { LANGS, LANG_NAMES, getLang, setLang, t, tileName, label, englishDetail } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";
import { tileElement } from "../art/tiles.js";
import { actionName, choicesTable, tileRow } from "./tutorial-view.js";
import { openPage, heightChanged, linkParams } from "../shell/page.js";
import { decodePosition, encodePosition } from "../keep/settings.js";

openPage("puzzle", { embed: true }); // language, theme, tile script, height messages

/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
/** The longest note shown (an author's few lines). */
const NOTE_LENGTH = 600;
/** The project's sets, one per rule set the engine lists (puzzles/<variant>.json): the page names none. */
const SETS = variantsOf(await loadCatalog(startEngine()).catch(() => null));
const state = { set: SETS[0] ?? "", n: 0, puzzles: [], custom: null, broken: false, solved: null, picked: null };
const sets = {};
let engineUp = false; // the engine answers calls
let seq = 0;

/** A puzzle link that cannot be answered: `why` names the catalog's reason (puzzle.why.*). */
class BrokenLink extends Error {
  /** @param {string} why @param {Record<string, string | number>} [vars] */
  constructor(why, vars = {}) {
    super(why);
    this.why = why;
    this.vars = vars;
  }
}

/** The engine's own detail (English) inside a sentence in the reader's language: as it is on an
 * English page, else in the console, the sentence saying so. @param {string} message */
const engineDetail = (message) => englishDetail(message, "puzzle") ?? t("puzzle.detailInConsole");

/** The sentence for a broken link, in the reader's language. @param {BrokenLink} error */
const brokenLine = (error) => t("puzzle.broken", { why: t(`puzzle.why.${error.why}`, error.vars) });

/**
 * The hash -> the puzzle to show. A link that cannot be answered shows no puzzle at all (a puzzle
 * of the project's sets would be another moment, maybe of another rule set, than the one the
 * author's page talks about): only the notice, and the sets to choose from. A puzzle number past
 * its set's end shows the set's first, said so.
 */
function readHash() {
  const p = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (p.has("p")) {
    let custom;
    try {
      custom = decodePosition(String(p.get("p"))); // base64url JSON of an object
    } catch {
      throw new BrokenLink("notJson");
    }
    if (!custom.position || typeof custom.position !== "object" || Array.isArray(custom.position)) throw new BrokenLink("noPosition");
    state.custom = { id: "custom", note: custom.note || null, position: custom.position, answer: null };
    return;
  }
  const set = p.get("set") || SETS[0];
  if (!SETS.includes(set)) throw new BrokenLink("set", { set });
  state.set = set;
  const n = Number(p.get("n") || "1");
  if (!Number.isInteger(n) || n < 1) throw new BrokenLink("n", { n: String(p.get("n")) });
  state.n = n - 1;
}

function writeHash() {
  if (state.broken) return; // (a broken link stays in the address bar as it came)
  const p = state.custom ? new URLSearchParams(location.hash.replace(/^#/, "")) : new URLSearchParams({ set: state.set, n: String(state.n + 1) });
  for (const [k, v] of linkParams()) p.set(k, v); // the link's language and look, kept
  const hash = `#${p.toString()}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

async function loadSet(name) {
  if (!sets[name]) {
    const r = await fetch(`./puzzles/${name}.json`);
    if (!r.ok) throw new Error(`puzzles/${name}.json: HTTP ${r.status}`);
    sets[name] = (await r.json()).puzzles;
  }
  return sets[name];
}

function current() {
  if (state.broken) return null;
  return state.custom || state.puzzles[state.n];
}

function labels() {
  document.title = t("puzzle.pageTitle");
  $("title").textContent = t("puzzle.title");
  $("set-label").textContent = t("puzzle.set");
  $("prev").textContent = t("puzzle.prev");
  $("next").textContent = t("puzzle.next");
  $("retry").textContent = t("puzzle.retry");
  $("prompt").textContent = t("puzzle.choose");
  const options = SETS.map((v) => el("option", { value: v, text: t(`variant.${v}`) }));
  if (state.custom) options.unshift(el("option", { value: "custom", text: t("puzzle.custom") }));
  if (state.broken) options.unshift(el("option", { value: "none", text: "—" }));
  $("set").replaceChildren(...options);
  $("set").value = state.broken ? "none" : state.custom ? "custom" : state.set;
  $("prompt").hidden = state.broken;
  $("lang").replaceChildren(...LANGS.map((l) => el("option", { value: l, text: LANG_NAMES[l] })));
  $("lang").value = getLang();
  $("lang").setAttribute("aria-label", t("settings.lang"));
}

/**
 * A puzzle's note as text: a string as it is, or {lang: text} in the reader's language (else
 * English, else any); null when it holds no text (a link may carry anything).
 * @param {unknown} note @param {string} lang
 * @returns {string | null}
 */
export function noteText(note, lang) {
  if (typeof note === "string") return note.trim() ? shorten(note, NOTE_LENGTH) : null;
  if (!note || typeof note !== "object" || Array.isArray(note)) return null;
  const texts = /** @type {Record<string, unknown>} */ (note);
  const text = [texts[lang], texts.en, ...Object.values(texts)].find((v) => typeof v === "string" && v.trim());
  return typeof text === "string" ? shorten(text, NOTE_LENGTH) : null;
}

function drawMoment(p, s) {
  const lang = getLang();
  $("counter").textContent = state.custom ? "" : t("puzzle.of", { n: state.n + 1, total: state.puzzles.length });
  $("note").textContent = noteText(p.note, lang) ?? t("puzzle.title");
  const facts = [t(s.seat === s.dealer ? "puzzle.dealer" : "puzzle.notDealer"), t("puzzle.tilesLeft", { n: s.tiles_left })];
  $("facts").textContent = facts.join(" · ");
  const discards = el("div", { class: "help" }, el("span", { text: `${label("puzzle.discards")}` }));
  let any = false;
  s.discards.forEach((row, seat) => {
    const tiles = row.map((d) => d.tile).filter(Boolean);
    if (!tiles.length) return;
    any = true;
    const who = seat === s.seat ? label("analyzer.seatRoles", { n: seat + 1, roles: t("analyzer.you") }) : label("analyzer.seat", { n: seat + 1 });
    discards.append(el("div", {}, who, tileRow(tiles, { size: 18, gold: s.gold })));
  });
  $("discards").replaceChildren(...(any ? [discards] : []));
  const hand = [...s.hand];
  const melds = s.melds.flatMap((m) => ["|", ...(m.tiles || [m.tile, m.tile, m.tile])]);
  const extra = [...(s.flowers.length ? ["|", ...s.flowers] : []), ...(s.gold ? ["|", s.gold] : [])];
  $("hand").replaceChildren(tileRow([...hand, ...melds, ...extra], { size: 40, gold: s.gold }));
  if (s.gold) $("hand").append(el("span", { class: "help", text: ` ${label("puzzle.gold")}${tileName(s.gold)}` }));
  // the choices: every action the engine lists, tiles as tiles in the hand's order, the rest as
  // words after them (the rows come ranked: in their order the first button was the answer)
  const place = (/** @type {{action: string, tile?: string}} */ r) => [r.action.startsWith("discard ") ? 0 : 1, hand.indexOf(r.tile ?? "")];
  const order = [...s.rows].sort((a, b) => {
    const [x, y] = [place(a), place(b)];
    return x[0] - y[0] || x[1] - y[1] || (a.action < b.action ? -1 : a.action > b.action ? 1 : 0);
  });
  const buttons = order.map((r) => {
    const b = el("button", { type: "button", class: r.action.startsWith("discard ") ? "" : "text", "data-action": r.action,
      "aria-label": actionName(r.action), title: actionName(r.action), onclick: () => choose(r.action) });
    if (r.action.startsWith("discard ")) b.append(tileElement(r.tile, 40, r.tile === s.gold ? "gold" : ""));
    else b.textContent = actionName(r.action);
    return b;
  });
  $("choices").replaceChildren(...buttons);
}

function choose(action) {
  const p = current();
  const s = state.solved;
  state.picked = action;
  const answer = p.answer || s.choice;
  const right = action === answer;
  const lang = getLang();
  const verdict = el("p", { class: right ? "right" : "wrong", "data-right": String(right),
    text: right ? t("puzzle.right", { action: actionName(action) }) : t("puzzle.wrong", { action: actionName(action), answer: actionName(answer) }) });
  $("verdict").replaceChildren(verdict, el("h2", { text: t("puzzle.ranked") }),
    choicesTable(s.rows, { lang, gold: s.gold, mark: action, answer }));
  for (const b of $("choices").querySelectorAll("button")) b.disabled = true;
  $("retry").hidden = false;
  heightChanged();
}

async function show() {
  const my = ++seq;
  const p = current();
  $("verdict").replaceChildren();
  $("retry").hidden = true;
  $("choices").replaceChildren();
  if (!p) {
    // no puzzle to show (a broken link): nothing of the one shown before stays
    for (const id of ["counter", "note", "facts"]) $(id).textContent = "";
    for (const id of ["discards", "hand"]) $(id).replaceChildren();
    return;
  }
  writeHash();
  if (!engineUp) {
    $("status").textContent = t("analyzer.loading");
    return;
  }
  $("status").textContent = t("analyzer.thinking");
  try {
    const { puzzle } = await call("puzzle", { position: p.position });
    if (my !== seq) return;
    state.solved = puzzle;
    $("status").textContent = "";
    drawMoment(p, puzzle);
  } catch (error) {
    if (my !== seq) return;
    $("status").textContent = "";
    if (state.custom) {
      // the author's position, refused by the engine: said, and no other puzzle instead
      notice(brokenLine(new BrokenLink("engine", { message: engineDetail(shorten(error.message, 120)) })));
      state.custom = null;
      state.broken = true;
      labels();
    } else notice(t("analyzer.failed", { error: shorten(error.message, 120) }));
  }
  heightChanged();
}

function notice(text) {
  $("notice").hidden = !text;
  $("notice").textContent = text || "";
}

/** The puzzle the hash names (as the page opens, and when a link changes the hash: a link followed
 * in the same tab, back and forward), as a fresh link: what was on show before is left behind. */
async function follow() {
  const lang = new URLSearchParams(location.hash.replace(/^#/, "")).get("lang");
  if (lang && LANGS.includes(lang) && lang !== getLang()) setLang(lang);
  Object.assign(state, { custom: null, broken: false, n: 0, solved: null, picked: null });
  notice("");
  try {
    readHash();
  } catch (error) {
    if (!(error instanceof BrokenLink)) throw error;
    state.custom = null;
    state.n = 0;
    state.broken = error.why !== "n"; // a bad puzzle number: the set's first puzzle, said so
    notice(brokenLine(error));
  }
  labels();
  state.puzzles = await loadSet(state.set);
  if (state.n >= state.puzzles.length) {
    notice(brokenLine(new BrokenLink("past", { n: state.n + 1, total: state.puzzles.length })));
    state.n = 0;
  }
}

async function start() {
  await follow();
  addEventListener("hashchange", async () => {
    await follow();
    show();
  });
  $("set").addEventListener("change", async () => {
    const v = $("set").value;
    if (v === "custom" || v === "none") return;
    state.custom = null;
    state.broken = false;
    state.set = v;
    state.n = 0;
    state.puzzles = await loadSet(v);
    labels();
    show();
  });
  $("lang").addEventListener("change", () => {
    setLang($("lang").value);
    writeHash(); // the language picked is the link's from now on
    labels();
    if (state.solved) drawMoment(current(), state.solved);
    if (state.picked && !$("retry").hidden) choose(state.picked);
  });
  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("retry").addEventListener("click", () => show());
  show();
}

async function step(d) {
  if (state.custom || state.broken) {
    // from an author's puzzle, on to the project's set of its rule set (not the first rule set's)
    const variant = state.custom?.position?.variant;
    if (SETS.includes(variant) && variant !== state.set) {
      state.puzzles = await loadSet(variant);
      state.set = variant;
      state.n = 0;
    }
    state.custom = null;
    state.broken = false;
    labels();
  } else state.n = (state.n + d + state.puzzles.length) % state.puzzles.length;
  show();
}

const client = startEngine();
const started = start();
client.ready.then(async () => {
  await started;
  engineUp = true;
  show();
}, (error) => {
  $("status").textContent = t("analyzer.failed", { error: error.message });
});

// For tests and embedding sites: the puzzle on show and a way to answer it.
/** @type {any} */ (window).puzzles = {
  ready: client.ready.then(() => started).then(() => new Promise((resolve) => { const w = () => (state.solved || state.broken ? resolve() : setTimeout(w, 20)); w(); })),
  current: () => ({ id: current()?.id, answer: current()?.answer, choice: state.solved?.choice, rows: state.solved?.rows.map((r) => r.action) }),
  choose,
  link: (position, note) => `#p=${encodePosition({ position, note })}`,
};
