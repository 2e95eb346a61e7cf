// The one-line turn prompt over the player's hand (issue 13, "a first turn anyone understands"):
// what the player may do now, in players' words, built from the claim buttons' items
// (claims.js claimItems, the engine's structured actions) and the state's `waiting_for`. It knows
// no rules: every choice it names is one the engine offered. PromptLine (below) shows it with the
// player's own badges (swim level, furiten) in the band the table's layout keeps for it
// (layout.js `prompt`), so that it covers nothing and nothing covers it. Text only: never HTML.
//
//   your discard turn      "Your turn: tap a tile, tap it again to discard"
//   ... with more choices  "Your turn: Win, Kong 5 Dots, or tap a tile twice to discard"
//   a tile selected        "Tap 5 Dots again to discard it"
//   the gold selected      "5 Dots is the gold, …: tap it again only if you mean to discard it"
//   a claim                "Pong 5 Dots or pass?"
//   the others to decide   "Right (East) is thinking…"
//   the clock's last 5 s   "4 s left: then 5 Dots (selected) is discarded"

import { t, tileName } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";
import { claimItems, inOrder } from "./claims.js";
import { displayHand, viewSeat } from "../table/model.js";

/**
 * @typedef {{action: string, kind: string, tile: string | null, word: string, glyph?: string}} Item
 * @typedef {{kind: "" | "turn" | "selected" | "claim" | "wait", text: string, warn?: boolean}} Prompt
 */

/**
 * The prompt for this moment. `items`: claimItems(state); `selected`: the code of the selected
 * hand tile, if any; `seatLabel(seat)`: a seat's name ("Right (East)"); `touch`: say "tap", else "click"
 * ("key": the keyboard is in use, say its keys: a keyboard player was told "Click West Wind again").
 * @param {import("../table/model.js").State | null} s
 * @param {Item[]} items @param {string | null} selected
 * @param {(seat: number) => string} seatLabel @param {boolean | "key"} touch
 * @returns {Prompt}
 */
export function promptOf(s, items, selected, seatLabel, touch) {
  if (!s || s.is_over || s.autoplay) return { kind: "", text: "" };
  const how = touch === "key" ? "key" : touch ? "tap" : "click";
  if (s.human_to_move) {
    const canDiscard = s.legal_actions.some((a) => a.startsWith("discard "));
    const choices = inOrder(items.filter((i) => i.kind !== "pass"));
    if (canDiscard) {
      if (selected && s.legal_actions.includes(`discard ${selected}`)) {
        // the gold selected: a warning before it leaves the hand (issue 48), the second tap still discards it
        if (selected === s.gold) return { kind: "selected", warn: true, text: t(`prompt.selectedGold.${how}`, { tile: tileName(selected) }) };
        return { kind: "selected", text: t(`prompt.selected.${how}`, { tile: tileName(selected) }) };
      }
      if (!choices.length) return { kind: "turn", text: t(`prompt.turn.${how}`) };
      return { kind: "turn", text: t(`prompt.turnOr.${how}`, { choices: choices.map((i) => choiceName(i, true)).join(t("prompt.join")) }) };
    }
    // several choices on one tile (the discard) name it once: "3 Characters: Win, Kong or Pong, or pass?"
    const tiles = new Set(choices.map((i) => i.tile));
    const one = choices.length > 1 && tiles.size === 1 ? choices[0].tile : null;
    const named = listed(choices.map((i) => choiceName(i, !one)));
    const pass = items.some((i) => i.kind === "pass");
    if (one) return { kind: "claim", text: t(pass ? "prompt.tileOrPass" : "prompt.tileChoose", { tile: tileName(one), choices: named }) };
    return { kind: "claim", text: t(pass ? "prompt.orPass" : "prompt.choose", { choices: named }) };
  }
  const seats = (s.waiting_for.length ? s.waiting_for : [s.turn]).filter((seat) => seat !== s.seat);
  if (!seats.length) return { kind: "", text: "" };
  const names = seats.map(seatLabel);
  const joined = names.length > 1 ? names.slice(0, -1).join(t("prompt.join")) + t("prompt.seatsJoin") + names[names.length - 1] : names[0];
  return { kind: "wait", text: t(names.length > 1 ? "prompt.thinking.many" : "prompt.thinking", { seats: joined }) };
}

/**
 * A choice in a few words: "Pong 5 Dots", "Rob the gold 9 Characters", "Win" (its button says
 * what it scores), with its tile unless `withTile` is false (the tile is named once before).
 * @param {Item} item @param {boolean} withTile
 */
function choiceName(item, withTile) {
  const word = item.kind === "win" && !item.glyph ? t("action.win") : item.word;
  if (!item.tile || !withTile) return word;
  // a swim's tile is the one it discards ("Single swim (discard 9 Dots)"), not what it swims on
  return item.kind === "swim" ? t("prompt.swimTile", { word, tile: tileName(item.tile) }) : `${word} ${tileName(item.tile)}`;
}

/** "A, B or C" in the page's language. @param {string[]} names */
function listed(names) {
  if (names.length < 2) return names[0] || "";
  return names.slice(0, -1).join(t("prompt.join")) + t("prompt.lastJoin") + names[names.length - 1];
}

/**
 * The decision clock's warning in its last five seconds, or "": what it will play for the player
 * (the selected tile, else the hint's choice: the engine's timeout), said before it does.
 * @param {import("../table/model.js").State | null} s @param {{deadline: number, paused?: boolean} | null} timer
 * @param {string | null} selected  the selected hand tile, if any @param {number} now
 */
export function clockWarning(s, timer, selected, now) {
  if (!s || !timer || timer.paused || !s.human_to_move) return "";
  const left = Math.ceil((timer.deadline - now) / 1000);
  if (left > 5 || left <= 0) return "";
  if (selected && s.legal_actions.includes(`discard ${selected}`)) return t("prompt.clock.selected", { n: left, tile: tileName(selected) });
  return t("prompt.clock.hint", { n: left });
}

/**
 * The prompt on the table and in the narration. ctx: {view, ui, seatLabel}. `place(layout)` shows
 * this frame's prompt in the layout's band; `speak()` says it in the live region when it changed
 * (called on a new state, not every frame): every new turn or claim prompt, and the others'
 * thinking once as the turn leaves the player (not again for each bot in turn). A selected tile's
 * prompt is not said: the selection says its tile already (intents.js).
 */
export function createPrompt(ctx) {
  const { view, ui, seatLabel } = ctx;
  const touch = () => matchMedia("(pointer: coarse)").matches;
  let said = { kind: "", text: "" };
  let warned = null; // the clock whose warning was said

  /** @param {boolean} withSelection */
  function current(withSelection) {
    const s = view.state;
    if (!s) return { kind: "", text: "" };
    const items = s.human_to_move ? claimItems(s) : [];
    const tile = withSelection && s.human_to_move ? displayHand(s, viewSeat(s))[view.ui.selected]?.code ?? null : null;
    return promptOf(s, items, tile, (seat) => seatLabel(seat, s), view.ui.focus ? "key" : touch());
  }

  return {
    /** @param {any} L  the table's layout (layout.js) */
    place(L) {
      const s = view.state;
      const p = current(true);
      const me = s ? viewSeat(s) : 0;
      const badges = { swim: s && !s.is_over ? s.swims?.[me] || 0 : 0, furiten: !!(s && !s.is_over && s.furiten) };
      const place = L?.prompt ? { left: L.handX, top: L.prompt.top, width: L.W - L.m - L.handX, height: L.prompt.h } : null;
      const selected = s?.human_to_move ? displayHand(s, me)[view.ui.selected]?.code ?? null : null;
      const warning = clockWarning(s, view.timer, selected, performance.now());
      const clock = view.timer ? `${view.timer.gen}:${view.timer.moment}` : null;
      if (warning && warned !== clock) {
        warned = clock; // said once for each decision
        ui.announce(warning);
      }
      ui.setPrompt(warning || p.text, badges, place, !!warning || ("warn" in p && !!p.warn));
    },
    speak() {
      const p = current(false);
      const changed = p.kind === "wait" ? said.kind !== "wait" : p.kind !== said.kind || p.text !== said.text;
      if (p.text && changed) ui.announce(p.text);
      said = p;
    },
  };
}

export class PromptLine {
  /** @param {HTMLElement} line  the line's element, in the overlay */
  constructor(line) {
    this.line = line;
    this.key = "";
    this.placeKey = "";
  }

  /**
   * Show `text` after the player's badges, in the band `place` ({left, top, width, height}, css px).
   * @param {string} text @param {{swim: number, furiten: boolean}} badges
   * @param {{left: number, top: number, width: number, height: number} | null} place
   * @param {boolean} [warn]  the decision clock's warning: shown as one
   */
  show(text, badges, place, warn = false) {
    const key = `${text}|${badges.swim}|${badges.furiten}|${t("table.furiten")}|${warn}`;
    if (key !== this.key) {
      this.key = key;
      const parts = [];
      if (badges.swim) parts.push(el("span", { class: "badge swim", text: t(`swim.${badges.swim}`) }));
      if (badges.furiten) {
        parts.push(el("span", { class: "badge furiten", title: t("table.furiten"), role: "img", "aria-label": t("table.furiten"), text: "⚠" }));
      }
      if (text) parts.push(el("span", { class: warn ? "say warn" : "say", text }));
      this.line.replaceChildren(...parts);
      this.placeKey = ""; // the new words are fitted to the band again
    }
    this.line.hidden = !place || (!text && !badges.swim && !badges.furiten);
    if (!place) return;
    const placeKey = `${place.left}|${place.top}|${place.width}|${place.height}`;
    if (placeKey === this.placeKey) return;
    this.placeKey = placeKey;
    const s = this.line.style;
    s.left = `${Math.round(place.left)}px`;
    s.top = `${Math.round(place.top)}px`;
    s.width = `${Math.round(place.width)}px`;
    s.height = `${Math.round(place.height)}px`;
    this.fit();
  }

  /**
   * The line's font as large as its band allows, smaller (to 12 px) where the text would be cut;
   * what is still too wide at 12 px (a long prompt on a phone) takes a second line of the band.
   */
  fit() {
    const line = this.line;
    const height = parseFloat(line.style.height) || 0;
    if (line.hidden || !height) return;
    line.classList.remove("two");
    let size = Math.round(Math.max(12, Math.min(16, height * 0.55)));
    line.style.fontSize = `${size}px`;
    const say = line.querySelector(".say");
    while (say && size > 12 && say.scrollWidth > say.clientWidth) {
      size -= 1;
      line.style.fontSize = `${size}px`;
    }
    if (say && say.scrollWidth > say.clientWidth && height >= 2 * size * 1.05) line.classList.add("two");
  }
}
