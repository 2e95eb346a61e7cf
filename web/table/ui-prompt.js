// The prompt's line over the player's hand: the player's own badges (swim level, furiten) and
// the one-line turn prompt (prompt.js), in the band the table's layout keeps for it (layout.js
// `prompt`), so that it covers nothing and nothing covers it. Text only: never HTML.

import { t } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";

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
