// The claim items: what the player may choose now other than a plain discard, each told what it
// does, from the engine's structured legal actions (state.actions, see py_engine/OBSERVATION.md):
// each names its tile and what it scores — "碰 Pong 5p" with the tile drawn, "抢金 Rob the gold"
// with the gold, "三金倒 Three golds", "游金 Single swim 5p", "胡 Win: self-draw · base 2" /
// "胡 Win: self-draw · M = 4". The page decides nothing: the tile is the action's (or the discard it
// takes), the category and its base or multiplier the engine's preview of the win. Pure: the table
// (table.js actionItems), the buttons (overlay/claims.js) and the prompt (prompt.js) read them.

import { t, getLang } from "../i18n/i18n.js";
import { displayHand, viewSeat } from "./model.js";

/** The order the choices are shown and said in (the buttons below, prompt.js): a win first, a pass last. */
const ORDER = ["win", "swim", "kong", "pong", "discard", "pass"];

/** Items sorted in ORDER (a copy). @template {{kind: string}} T @param {T[]} items @returns {T[]} */
export function inOrder(items) {
  return [...items].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}

/** Glyphs of the moments that are a button of their own (RULES.md words). */
const GLYPHS = { rob_gold: "抢金", three_golds: "三金倒" };
const GLYPHS_HANT = { rob_gold: "搶金", three_golds: "三金倒" };

/**
 * The player's choices other than plain discards, as the legal action strings say them:
 * {action, kind, tile} ("kong 5s" -> kind "kong", tile "5s"; "pong" -> tile null).
 * @param {import("./model.js").State} s
 */
export function plainItems(s) {
  const items = [];
  for (const action of s.legal_actions) {
    const [verb, tile] = action.split(" ");
    if (verb === "discard") continue;
    items.push({ action, kind: verb, tile: tile || null });
  }
  return items;
}

/**
 * One item per legal choice other than a plain discard (plainItems), each told what it does:
 * {action, kind, tile, word, glyph?}. `tile` is the tile the button shows (the discard a pong
 * takes, the gold a rob takes), `word` what it says after its glyph, `glyph` one of its own.
 * @param {import("./model.js").State} s
 */
export function claimItems(s) {
  const lang = getLang();
  const structured = new Map((s.actions || []).map((a) => [a.action, a]));
  return plainItems(s).map((plain) => {
    /** @type {import("engine-types").ActionDict} */
    const a = structured.get(plain.action) || plain;
    /** @type {{action: string, kind: string, tile: string | null, word: string, glyph?: string}} */
    const item = { ...plain, tile: a.tile || a.on || plain.tile || null, word: t(`action.${plain.kind}`) };
    if (a.kind === "swim" && a.level) item.word = t(`swim.${a.level}`);
    if (a.kind === "win") {
      const win = a.win || {};
      if (a.window === "rob_gold" || a.window === "three_golds" || win.category === "three_golds") {
        const key = a.window === "rob_gold" ? "rob_gold" : "three_golds";
        item.glyph = (lang === "zh-Hant" ? GLYPHS_HANT : GLYPHS)[key];
        item.word = t(`claim.${key}`);
        item.tile = key === "rob_gold" ? a.on || s.gold || null : null;
      } else if (win.category) {
        const category = t(`category.${win.category}`);
        const what = win.base !== undefined && win.base !== null ? t("claim.base", { category, b: win.base })
          : win.multiplier ? t("claim.m", { category, m: win.multiplier }) : category;
        item.word = t("claim.win", { what });
        item.tile = a.on || null;
      }
    }
    return item;
  });
}

/**
 * The table's choices now, for its buttons: the claim items (with the one the hint suggests
 * marked) and the selected tile's discard; none while an action is in flight, the engine has
 * failed, it is not the player's turn or `hidden` (a settlement covers the table).
 * @param {import("./store.js").View} view @param {{busy: boolean, failed: boolean}} run
 * @param {{suggested?: string | null, hidden?: boolean}} [how]
 */
export function actionItems(view, run, { suggested = null, hidden = false } = {}) {
  const s = view.state;
  if (!s || !s.human_to_move || run.busy || run.failed || hidden) return [];
  /** @type {Array<{action: string, kind: string, tile: string | null, word?: string, glyph?: string, suggested?: boolean}>} */
  const items = claimItems(s).map((item) => ({ ...item, suggested: suggested === item.action }));
  const tiles = displayHand(s, viewSeat(s));
  const sel = tiles[view.ui.selected];
  if (sel && s.legal_actions.includes(`discard ${sel.code}`)) {
    items.push({ action: `discard ${sel.code}`, kind: "discard", tile: sel.code });
  }
  return items;
}
