// The hints and tile-tracker panels beside (or above) the board: what they show; panels.js
// decides when and where they show.

import { t, tileName, getLang, label } from "../i18n/i18n.js";
import { tileElement } from "../art/tiles.js";
import { el } from "../shell/dom.js";
import { awayWords, cannotWinWords, reasonWords } from "../i18n/hint-words.js";

export class SidePanels {
  /**
   * @param {HTMLElement} side  the panels' box
   * @param {HTMLElement} hints @param {HTMLElement} tracker
   * @param {{toggle: (what: string) => void}} handlers
   */
  constructor(side, hints, tracker, handlers) {
    this.side = side;
    this.hints = hints;
    this.tracker = tracker;
    this.h = handlers;
    /** @type {string | null} */
    this.trackerKey = null;
    /** @type {boolean | undefined} */
    this.compact = undefined;
  }

  /** Dock the panels "top" or "left" (ui.css); compact: smaller tiles, for a phone. True if the tiles' size changed. */
  setDock(mode, compact) {
    const both = !this.hints.hidden && !this.tracker.hidden; // side by side where the height is short
    const name = `side ${mode}${compact ? " compact" : ""}${both ? " both" : ""}`;
    if (this.side.className === name) return false;
    const resized = compact !== this.compact;
    this.side.className = name;
    this.compact = compact;
    if (resized) this.trackerKey = null;
    return resized;
  }

  sideOpen() {
    return !this.hints.hidden || !this.tracker.hidden;
  }

  showHints(visible, hint) {
    this.hints.hidden = !visible;
    if (!visible) return;
    const box = [el("h2", {}, el("span", { text: t("hints.title") }),
      el("button", { type: "button", text: "×", "aria-label": t("settings.close"), onclick: () => this.h.toggle("hints") }))];
    if (!hint) {
      box.push(el("p", { class: "line", text: t("hints.none") }));
    } else {
      const s = hint.shanten;
      const reason = reasonWords(hint.reason_code);
      // how far from ready in words ("3 away from ready", 还差3步听牌), not 向听数 jargon; said
      // once: not again when the reason's line ends with it
      const away = s === undefined || s === null ? "" : s < 0 ? t("hints.complete") : s === 0 ? t("hints.ready") : awayWords(s);
      if (away && !(s > 0 && reason.includes(away))) box.push(el("p", { class: "line", text: away }));
      if (hint.cannot_win) {
        box.push(el("p", { class: "line", text: t("hints.cannotWin") }));
        const why = cannotWinWords(hint.cannot_win);
        if (why) box.push(el("p", { class: "line", text: why }));
      }
      if (hint.waits && hint.waits.length) {
        const tiles = el("div", { class: "tiles" });
        for (const w of hint.waits) {
          const [code, left] = Array.isArray(w) ? w : [w.tile, w.left ?? w.copies];
          tiles.append(el("span", { class: "tilebox", title: tileName(code) }, tileElement(code, this.compact ? 18 : 22),
            left !== undefined ? el("b", { text: `×${left}` }) : null));
        }
        box.push(el("p", { class: "line", text: t("hints.waits") }), tiles);
      }
      if (hint.suggested) {
        const [verb, code] = String(hint.suggested).split(" ");
        const line = el("p", { class: "line" }, el("span", { text: `${label("hints.suggested")}${t(`action.${verb}`)} ` }));
        if (code) line.append(tileElement(code, this.compact ? 16 : 20), el("span", { text: ` ${tileName(code)}` }));
        box.push(line);
      }
      // the suggested action is on the line above: its reason (the engine's code, in the
      // reader's words: hint-words.js) without the words naming it again
      if (reason) box.push(el("p", { class: "line", text: reason }));
    }
    this.hints.replaceChildren(...box);
    this.hints.setAttribute("aria-label", t("hints.title"));
  }

  showTracker(visible, unseen) {
    this.tracker.hidden = !visible;
    if (!visible || !unseen) return;
    const key = JSON.stringify(unseen) + getLang();
    if (key === this.trackerKey) return;
    this.trackerKey = key;
    const rows = [];
    for (const suit of ["m", "p", "s", "z"]) {
      const row = el("div", { class: "row" });
      for (let n = 1; n <= (suit === "z" ? 7 : 9); n++) {
        const code = `${n}${suit}`;
        const left = unseen[code] ?? 0;
        row.append(el("span", { class: `tilebox${left ? "" : " none"}`, title: `${tileName(code)}: ${left}`, role: "img", "aria-label": `${tileName(code)}: ${left}` },
          tileElement(code, this.compact ? 17 : 20), el("b", { text: String(left) })));
      }
      rows.push(row);
    }
    this.tracker.replaceChildren(
      el("h2", {}, el("span", { text: t(this.compact ? "toolbar.tracker" : "tracker.title"), title: t("tracker.title") }),
        el("button", { type: "button", text: "×", "aria-label": t("settings.close"), onclick: () => this.h.toggle("tracker") })),
      ...rows,
    );
    this.tracker.setAttribute("aria-label", t("tracker.title"));
  }
}
