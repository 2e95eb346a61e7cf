// analyze.html: a hand typed in the notation (notation.js) or tapped on the palette, the rule set
// and its options (as the engine lists them), dealer or not, how it wins; each edit asks the
// engine ("analyze", py_engine/teach/analyzer.py) through the one engine client and draws its answer.
// The whole input lives in the hash: #v=longyan&h=123m…|gold 5m&dealer=1&win=swim&level=2&o.gold_wild=suited
import { startEngine, call, shorten } from "../engine/engine.js";
import { loadCatalog, variantsOf } from "../engine/catalog.js";
import { LANGS, LANG_NAMES, getLang, setLang, t, tileName } from "../i18n/i18n.js";
import { BACK, NotationError, formatTiles, parseHand, readTiles } from "../art/notation.js";
import { markedText } from "../art/mj-hand.js";
import { tileElement } from "../art/tiles.js";
import { resultView } from "./analyze-result.js";
import { openPage, heightChanged, linkParams } from "../shell/page.js";

openPage("analyze", { embed: true }); // language, theme, tile script, height messages

const WINS = ["self_draw", "discard", "kong_replacement", "rob_kong", "rob_gold", "swim"];
const MODES = ["hand", "pong", "kong", "concealed_kong", "flowers", "gold"];
const SKIP_OPTIONS = new Set(["timer"]); // a decision timer means nothing to a hand on paper
const BOT_DELAY = 250; // ms an edit stands before the bots' answer is asked (see run)
const HASH_DELAY = 300; // ms an edit stands before the hash follows it (see writeHashSoon)
/** The longest hand text analyzed: a hand with four kongs, its flowers and gold is under 100 characters. */
export const MAX_TEXT = 300;
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

/** @type {{variant: string, text: string, dealer: boolean, win: string, level: number, options: Record<string, any>, lang: string, theme?: string}} */
const model = { variant: "", text: "", dealer: false, win: "self_draw", level: 1, options: {}, lang: "en", theme: "" };
/** The engine's lists (its rule sets, their options and defaults: engine/catalog.js), before the engine is up. */
const catalog = await loadCatalog(startEngine()).catch(() => null);
const VARIANTS = variantsOf(catalog); // the page names no rule set: the engine's, the first the default
model.variant = VARIANTS[0] ?? "";
/**
 * The page's own state, in one object: the edits (each numbered; the last shown, the last whose bots'
 * answer is drawn too, and those waiting for one: the tests' `edit()`), the link's pending write,
 * and whether the engine answers calls.
 * @type {{seq: number, shown: number, done: number, waiters: Array<{seq: number, full: boolean, resolve: (value?: any) => void}>,
 *   hashTimer: any, engineUp: boolean}}
 */
const edits = { seq: 0, shown: 0, done: 0, waiters: [], hashTimer: 0, engineUp: false };

/**
 * The hash -> {model, problems}: each part that cannot be read is left out and named in `problems`
 * as the link wrote it ("win=flying", "x=1", an option the rule set has not or a value it does not
 * offer: a link keeps nothing the engine would refuse). A rule set that cannot be read leaves the
 * hand out too (`empty`): its answer under another rule set would be another hand's.
 */
export function readHash(hash) {
  const raw = hash.replace(/^#/, "");
  // (a language or look only where the link names one: otherwise the page's own, from openPage)
  const m = { ...model, options: {}, lang: "", theme: "" };
  /** @type {string[]} */
  const problems = [];
  /** @type {Array<[string, string]>} */
  const options = [];
  if (!raw) return { model: m, problems, empty: false };
  const params = new URLSearchParams(raw); // (a bad %-escape stays as written)
  for (const [k, v] of params) {
    if (k === "v") {
      if (VARIANTS.includes(v)) m.variant = v;
      else problems.push(`v=${v}`);
    } else if (k === "h") m.text = v;
    else if (k === "dealer") {
      if (v === "1" || v === "0") m.dealer = v === "1";
      else problems.push(`dealer=${v}`);
    }
    else if (k === "win") {
      if (WINS.includes(v)) m.win = v;
      else problems.push(`win=${v}`);
    } else if (k === "level") {
      if (["1", "2", "3"].includes(v)) m.level = Number(v);
      else problems.push(`level=${v}`);
    } else if (k.startsWith("o.")) options.push([k.slice(2), v]);
    else if (k === "lang" || k === "theme") m[k] = v;
    else problems.push(v ? `${k}=${v}` : k);
  }
  const known = catalog?.variants[m.variant]?.options ?? {};
  for (const [name, text] of options) {
    const value = text === "true" ? true : text === "false" ? false : /^\d{1,6}$/.test(text) ? Number(text) : text;
    if (Object.hasOwn(known, name) && known[name].includes(value)) m.options[name] = value;
    else problems.push(`o.${name}=${text}`);
  }
  if (m.text.length > MAX_TEXT) {
    problems.push(`h (${m.text.length} characters)`);
    m.text = "";
  }
  const empty = problems.some((p) => p.startsWith("v="));
  return { model: empty ? { ...model, options: {}, lang: m.lang, theme: m.theme } : m, problems: problems.map((p) => shorten(p, 80)), empty };
}

export function writeHash(m) {
  const p = new URLSearchParams();
  p.set("v", m.variant);
  p.set("h", m.text);
  if (m.dealer) p.set("dealer", "1");
  if (m.win !== "self_draw") p.set("win", m.win);
  if (m.win === "swim") p.set("level", String(m.level));
  for (const [k, v] of Object.entries(m.options)) p.set(`o.${k}`, String(v));
  for (const [k, v] of linkParams()) p.set(k, v); // the link's language and look, kept
  return `#${p.toString()}`;
}

function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

function fillSelect(sel, values, label) {
  const keep = sel.value;
  sel.replaceChildren(...values.map((v) => option(v, label(v))));
  if (values.map(String).includes(keep)) sel.value = keep;
}

function labels() {
  document.title = t("analyzer.pageTitle");
  $("title").textContent = t("analyzer.title");
  $("hand-label").textContent = t("analyzer.input");
  $("hand-help").textContent = t("analyzer.inputHelp");
  $("variant-label").textContent = t("analyzer.variant");
  $("dealer-label").textContent = t("analyzer.dealer");
  $("win-label").textContent = t("analyzer.win");
  $("level-label").textContent = t("analyzer.level");
  $("mode-label").textContent = t("analyzer.palette");
  $("back").textContent = t("analyzer.back");
  $("clear").textContent = t("analyzer.clear");
  fillSelect($("variant"), VARIANTS, (v) => t(`variant.${v}`));
  fillSelect($("win"), WINS, (w) => t(`analyzer.win.${w}`));
  fillSelect($("level"), [1, 2, 3], (n) => t(`swim.${n}`));
  fillSelect($("mode"), MODES, (m) => t(`analyzer.mode.${m}`));
  fillSelect($("lang"), LANGS, (l) => LANG_NAMES[l]);
  $("lang").setAttribute("aria-label", t("settings.lang"));
}

function palette() {
  const box = $("palette");
  box.replaceChildren();
  /** @type {[string, number][]} */
  const suits = [["m", 9], ["p", 9], ["s", 9], ["z", 7], ["f", 8]];
  for (const [suit, n] of suits) {
    const group = document.createElement("div");
    group.className = "suit";
    for (let i = 1; i <= n; i++) {
      const code = `${i}${suit}`;
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.tile = code;
      b.setAttribute("aria-label", tileName(code));
      b.append(tileElement(code, 26));
      b.addEventListener("click", () => tap(code));
      group.append(b);
    }
    box.append(group);
  }
}

/** A tapped tile goes where the palette's mode says: the hand, a new meld, the flowers or the gold. */
function tap(code) {
  const mode = $("mode").value;
  const parts = model.text.split("|");
  if (mode === "hand") {
    let codes = null;
    try {
      codes = readTiles(parts[0]).map((x) => x.code);
    } catch {
      // a typo in the hand: keep what was typed, add the tile after it
    }
    parts[0] = codes ? formatTiles([...codes, code]) : parts[0] + code;
  }
  else if (mode === "gold") {
    const i = parts.findIndex((p, k) => k && p.trim().startsWith("gold"));
    if (i > 0) parts[i] = `gold ${code}`;
    else parts.push(`gold ${code}`);
  } else if (mode === "flowers") {
    const i = parts.findIndex((p, k) => k && p.trim().startsWith("flower"));
    if (i > 0) parts[i] = `${parts[i]}${code}`;
    else parts.push(`flowers ${code}`);
  } else parts.push(`${mode} ${code}`);
  setText(parts.join("|"));
}

function setText(text) {
  model.text = text;
  $("hand").value = text;
  changed();
}

function queryOf(spec) {
  return {
    variant: model.variant, options: model.options, dealer: model.dealer, win: model.win, swim_level: model.level,
    // the drawn or winning tile of the notation is the hand's last (the analyzer's winning tile)
    hand: formatTiles(spec.drawn ? [...spec.hand, spec.drawn.tile] : spec.hand), melds: spec.melds.map((m) => `${m.type} ${m.tile}`),
    flowers: formatTiles(spec.flowers), gold: spec.gold,
  };
}

/** The hand is longer than any hand: said, naming its length (the text itself is not drawn again). */
function showTooLong() {
  const box = $("hand-error");
  box.hidden = false;
  box.replaceChildren(t("analyzer.tooLong", { n: model.text.length, limit: MAX_TEXT }));
  $("hand").setAttribute("aria-invalid", "true");
}

function showError(text, at, message) {
  const box = $("hand-error");
  box.hidden = false;
  box.replaceChildren(message, " ", markedText(text, at));
  $("hand").setAttribute("aria-invalid", "true");
}

function clearError() {
  $("hand-error").hidden = true;
  $("hand").removeAttribute("aria-invalid");
}

/** The span of the text an engine error's tiles point at (the first tile named, in its part). */
function spanOf(spec, error) {
  const parts = { hand: ["hand", "drawn"], meld: ["meld"], flower: ["flower", "hand"], gold: ["gold"], win: ["drawn", "hand"] }[error.part] || ["hand"];
  const hits = spec.spans.filter((s) => error.tiles.includes(s.code) && parts.includes(s.part));
  if (hits.length) return [hits[0].at[0], hits[hits.length - 1].at[1]];
  return [0, model.text.length];
}


/** The hash follows the input once an edit has stood HASH_DELAY ms (and when the page is left):
 * history.replaceState costs the browser more than the engine's quick answer does. */
function writeHashSoon() {
  clearTimeout(edits.hashTimer);
  edits.hashTimer = setTimeout(writeHashNow, HASH_DELAY);
}

function writeHashNow() {
  clearTimeout(edits.hashTimer);
  const hash = writeHash(model);
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

function changed() {
  renderOptions(); // first: it drops options the rule set has not, before the query is made
  run(); // the engine's request goes out now; the page's own updates below overlap its answer
  // an empty or overlong text draws no diagram (the analysis below says why)
  const drawn = !!model.text.trim() && model.text.length <= MAX_TEXT;
  // hidden while it has no hand (a hidden diagram says nothing of an empty one): the hand given first
  if (drawn) $("diagram").setAttribute("tiles", model.text);
  $("diagram").hidden = !drawn;
  $("level-box").hidden = model.win !== "swim";
  writeHashSoon();
}

async function run() {
  const my = ++edits.seq;
  let spec;
  if (model.text.length > MAX_TEXT) {
    showTooLong();
    return settle(my, [], true);
  }
  try {
    spec = parseHand(model.text);
    clearError();
  } catch (error) {
    if (!(error instanceof NotationError)) throw error;
    showError(model.text, error.at, t("notation.error", { what: t(error.key, error.vars) }));
    return settle(my, [], true);
  }
  const back = spec.spans.find((x) => x.code === BACK && x.part === "hand");
  if (back) {
    // a face-down tile is for diagrams (what another seat shows): there is no hand to analyze
    showError(model.text, back.at, t("analyzer.noBacks"));
    return settle(my, [], true);
  }
  if (!spec.hand.length && !spec.melds.length && !spec.drawn) return settle(my, [document.createTextNode(t("analyzer.empty"))], true);
  if (!edits.engineUp) return;
  $("status").textContent = t("analyzer.thinking");
  // first without the bots (the verdict, the settlement, shanten and improving tiles: quick), then
  // with them (the hard bot's choice and every reason), each drawn when it arrives. The bots'
  // answer is asked once the edit has stood BOT_DELAY ms: while the reader types, no hard-bot
  // search of a hand already gone holds the engine from the next edit's first answer.
  for (const bot of [false, true]) {
    let answer;
    if (bot) {
      await new Promise((resolve) => setTimeout(resolve, BOT_DELAY));
      if (my !== edits.seq) return;
    }
    const t0 = performance.now();
    try {
      answer = (await call("analyze", { ...queryOf(spec), bot })).analysis;
    } catch (error) {
      if (my !== edits.seq) return;
      if (error.limit) showTooLong(); // the request could not be sent: the hand is what is too big
      else $("status").textContent = t(error.kind === "invalid" ? "analyzer.notAccepted" : "analyzer.failed", { error: shorten(error.message, 200) });
      return settle(my, [], true);
    }
    if (my !== edits.seq) return; // a later edit is on its way: this answer is stale
    if (answer.error) {
      $("status").textContent = "";
      const e = answer.error;
      const vars = { ...e.values, message: e.message, tiles: e.tiles.map(tileName).join(t("alt.sep")) };
      showError(model.text, spanOf(spec, e), t(`analyzer.err.${e.code}`, vars));
      return settle(my, [], true);
    }
    const full = bot || answer.size === 13;
    if (full) $("status").textContent = "";
    const t1 = performance.now();
    settle(my, resultView(answer, spec.gold, model.win === "swim" ? model.level : 0), full, { engine: t1 - t0, since: t1 });
    if (full) return;
  }
}

/** Draw an edit's answer; `timing` ({engine: ms of the call, since: when it returned}) goes to
 * edit()'s waiters as {engine, draw} (the drawing: the answer's nodes built and put in the page). */
function settle(my, nodes, full = true, timing = null) {
  if (my !== edits.seq) return;
  $("result").replaceChildren(...nodes);
  $("result").dataset.seq = String(my);
  $("result").dataset.full = String(full);
  edits.shown = my;
  if (full) edits.done = my;
  heightChanged();
  const ready = edits.waiters.filter((w) => (w.full ? edits.done : edits.shown) >= w.seq);
  edits.waiters = edits.waiters.filter((w) => !ready.includes(w));
  const times = timing && { engine: timing.engine, draw: performance.now() - timing.since };
  for (const w of ready) w.resolve(times);
}

function renderOptions() {
  const box = $("options");
  if (!catalog) return;
  const v = catalog.variants[model.variant];
  if (!v) return;
  for (const k of Object.keys(model.options)) if (!Object.hasOwn(v.options, k)) delete model.options[k];
  if (box.dataset.variant === model.variant && box.dataset.lang === model.lang) return;
  box.dataset.variant = model.variant;
  box.dataset.lang = model.lang;
  box.replaceChildren();
  for (const [name, values] of Object.entries(v.options)) {
    if (SKIP_OPTIONS.has(name)) continue;
    const sel = document.createElement("select");
    sel.id = `opt-${name}`;
    const text = (x) => (typeof x === "boolean" ? t(x ? "option.yes" : "option.no") : t(`option.${name}.${x}`) === `option.${name}.${x}` ? String(x) : t(`option.${name}.${x}`));
    sel.replaceChildren(...values.map((x) => option(JSON.stringify(x), text(x))));
    sel.value = JSON.stringify(name in model.options ? model.options[name] : v.defaults[name]);
    sel.addEventListener("change", () => {
      const x = JSON.parse(sel.value);
      if (x === v.defaults[name]) delete model.options[name];
      else model.options[name] = x;
      changed();
    });
    const label = document.createElement("label");
    label.append(t(`option.${name}`), " ", sel);
    box.append(label);
  }
}

function notice(text) {
  const n = $("notice");
  n.hidden = !text;
  n.textContent = text || "";
}

/** The hash's hand, rule set and choices on the page (as it opens, and when a link changes the
 * hash: a link followed in the same tab, back and forward), each part that cannot be read said. */
function follow() {
  clearTimeout(edits.hashTimer); // the hand on show before is not written over the link's
  const { model: m, problems, empty } = readHash(location.hash);
  notice(problems.length ? t(empty ? "analyzer.badHash" : "analyzer.badParts", { what: shorten(problems.join(t("alt.sep")), 240) }) : "");
  const lang = LANGS.includes(m.lang) ? m.lang : null; // (as the page opens, openPage has set it already)
  Object.assign(model, m);
  if (lang && lang !== getLang()) setLang(lang);
  model.lang = getLang();
  labels();
  palette();
  $("lang").value = model.lang;
  $("hand").value = model.text;
  $("variant").value = model.variant;
  $("dealer").checked = model.dealer;
  $("win").value = model.win;
  $("level").value = String(model.level);
}

function start() {
  follow();
  $("hand").addEventListener("input", () => {
    model.text = $("hand").value;
    changed();
  });
  $("variant").addEventListener("change", () => { model.variant = $("variant").value; changed(); });
  $("dealer").addEventListener("change", () => { model.dealer = $("dealer").checked; changed(); });
  $("win").addEventListener("change", () => { model.win = $("win").value; changed(); });
  $("level").addEventListener("change", () => { model.level = Number($("level").value); changed(); });
  $("lang").addEventListener("change", () => {
    model.lang = $("lang").value;
    setLang(model.lang);
    labels();
    palette();
    changed();
  });
  $("back").addEventListener("click", () => {
    const parts = model.text.split("|");
    parts[0] = parts[0].replace(/(\d*)\d([mpszf])\s*$/, (_, rest, suit) => (rest ? rest + suit : ""));
    setText(parts.join("|"));
  });
  $("clear").addEventListener("click", () => setText(""));
  addEventListener("hashchange", () => {
    follow();
    changed();
  });
  changed();
}

start();
addEventListener("pagehide", writeHashNow);
const client = startEngine();
$("status").textContent = t("analyzer.loading");
client.ready.then(() => {
  edits.engineUp = true;
  $("status").textContent = "";
  changed();
}, (error) => {
  $("status").textContent = t("analyzer.failed", { error: error.message });
});

// For embedding sites and the tests: edit(text) resolves once that edit's answer is drawn.
/** @type {any} */ (window).analyzer = {
  ready: client.ready.then(() => new Promise((resolve) => { const w = () => (edits.engineUp ? resolve() : setTimeout(w, 20)); w(); })),
  /** Set the hand; resolves once its first answer is drawn ({full: true}: once the bots' answer is),
   * with that answer's timing ({engine, draw} in ms; null for an answer the engine was not asked). */
  edit(text, { full = false } = {}) {
    setText(text);
    const target = edits.seq;
    return new Promise((resolve) => ((full ? edits.done : edits.shown) >= target ? resolve() : edits.waiters.push({ seq: target, full, resolve })));
  },
  model: () => ({ ...model, options: { ...model.options } }),
};
