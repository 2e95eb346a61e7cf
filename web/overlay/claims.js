// The claim buttons: what each says (table/choices.js claimItems, re-exported here for the pages
// that read them from here), and the buttons themselves.
//
// The buttons: real <button>s, one per legal choice other than plain discards (and the
// selected tile's discard), placed where the layout says, shrunk to fit; and their measured size.

import { t, tileName, getLang } from "../i18n/i18n.js";
import { inOrder } from "../table/choices.js";
import { tileElement } from "../art/tiles.js";
import { el } from "../shell/dom.js";

// The items (inOrder, plainItems, claimItems) are the table's: table/choices.js.
export { inOrder, plainItems, claimItems } from "../table/choices.js";

// The claim buttons: glyph and key (RULES.md words); their order is inOrder's (above).
const ACTIONS = {
  win: { glyph: "胡", key: "H" },
  swim: { glyph: "游金", key: "S" },
  kong: { glyph: "杠", glyphHant: "槓", key: "K" },
  pong: { glyph: "碰", key: "P" },
  discard: { glyph: "打", key: "Enter" },
  pass: { glyph: "过", glyphHant: "過", key: "Space" },
};

export class ClaimButtons {
  /**
   * @param {HTMLElement} root  the overlay (the sizer is measured in it)
   * @param {HTMLElement} actions  the buttons' element
   * @param {HTMLElement} side  the panels beside the board (docked buttons take their width)
   * @param {{action: (action: string) => void}} handlers
   */
  constructor(root, actions, side, handlers) {
    this.root = root;
    this.actions = actions;
    this.side = side;
    this.h = handlers;
    /** @type {string | null} */
    this.actionsKey = null;
    this.placeKey = "";
  }

  /**
   * Show one button per legal choice: items {action, kind, tile, word?, glyph?} (claimItems, above). Discards are only offered
   * for the selected tile (the rest is on the canvas). `place` is the layout's word on where they
   * go (layout.js): {mode: "row" | "column" | "docked", bottom, width} in css px.
   */
  setActions(items, place) {
    const key = JSON.stringify(items) + getLang();
    if (place) this.placeActions(place);
    const placeKey = place ? `${place.mode}|${place.width}|${innerWidth}` : "";
    if (key === this.actionsKey && placeKey === this.placeKey) return;
    this.placeKey = placeKey;
    if (key !== this.actionsKey) {
      this.actionsKey = key;
      const hadFocus = this.actions.contains(document.activeElement);
      const sorted = inOrder(items);
      this.actions.replaceChildren(...sorted.map((item) => this.actionButton(item)));
      this.actions.setAttribute("aria-label", t("toolbar.menu"));
      if (hadFocus && this.actions.firstChild) /** @type {HTMLElement} */ (this.actions.firstChild).focus();
    }
    this.fitActions();
  }

  actionButton(item) {
    const spec = ACTIONS[item.kind];
    const glyph = item.glyph || (getLang() === "zh-Hant" && spec.glyphHant ? spec.glyphHant : spec.glyph);
    const said = item.word || t(`action.${item.kind}`); // claimItems: the tile and what it scores
    const keyName = spec.key;
    // a word that starts with its glyph says it once: "打出" (not "打 打出"), "胡 自摸 · 底分2"
    const rest = said.startsWith(glyph) ? said.slice(glyph.length).replace(/^[：:\s]+/, "") : said;
    const same = said === glyph || (said.startsWith(glyph) && rest.length <= 1);
    const word = same ? said : rest;
    let label = same ? word : `${glyph} ${word}`;
    // a swim's tile is the one it discards, said so (as the prompt does: prompt.js)
    if (item.tile && item.kind === "swim") label = `${glyph} ${t("prompt.swimTile", { word, tile: tileName(item.tile) })}`;
    else if (item.tile) label += ` ${tileName(item.tile)}`;
    const b = el("button", {
      type: "button", class: `act act-${item.kind}${item.suggested ? " suggested" : ""}`, "data-action": item.action,
      "aria-label": `${label} (${t("key.hint", { key: keyName === "Space" || keyName === "Enter" ? t(`key.${keyName}`) : keyName })})`, title: label,
      "aria-keyshortcuts": keyName === "Space" ? "Space Escape" : keyName === "H" ? "H W" : keyName,
      onclick: () => this.h.action(item.action),
    });
    b.append(el("span", { class: "glyph", text: same ? word : glyph }));
    if (!same) b.append(el("span", { class: "word", text: word }));
    if (item.tile) b.append(tileElement(item.tile, 18));
    b.append(el("kbd", { text: keyName === "Space" ? "␣" : keyName === "Enter" ? "↵" : keyName }));
    return b;
  }

  placeActions(place) {
    const a = this.actions;
    a.classList.toggle("column", place.mode === "column");
    a.classList.toggle("docked", place.mode === "docked");
    a.style.bottom = `${Math.round(place.bottom)}px`;
    a.style.width = place.mode === "column" ? `${Math.ceil(place.width)}px` : "";
    a.style.maxWidth = place.mode === "docked" ? `${this.side.offsetWidth}px` : "";
    a.style.left = place.mode === "docked" ? `${this.side.offsetLeft}px` : ""; // under the panels, wherever they dock
  }

  /**
   * The buttons on one line (a row), or each within the column's width: where they would not fit,
   * the keys' hints go, then the words (the glyphs stay; each button keeps its name for assistive
   * technology and as a tooltip).
   */
  fitActions() {
    const a = this.actions;
    a.classList.remove("tight", "glyphs");
    if (a.classList.contains("docked") || !a.childElementCount) return;
    const column = a.classList.contains("column");
    // a row is right-aligned: what does not fit sticks out on the left, where scrollWidth does not see it
    const overflows = () => (column
      ? [...a.children].some((b) => b.scrollWidth > b.clientWidth + 1)
      : a.lastElementChild.getBoundingClientRect().right - a.firstElementChild.getBoundingClientRect().left > a.clientWidth + 1);
    for (const step of ["tight", "glyphs"]) {
      if (!overflows()) break;
      a.classList.add(step);
    }
  }

  /**
   * The claim buttons' size in css px for this language and screen, measured once on hidden
   * samples of every kind (with a tile where one can show), so that the layout's room for them
   * does not change with the buttons shown: {w: the widest, min: the widest at its most compact,
   * h: a button's height}.
   */
  actionSize() {
    const key = `${getLang()}|${innerWidth}x${innerHeight}`;
    if (key === this.sizeKey) return this.size;
    const sizer = el("div", { class: "actions sizer", "aria-hidden": "true" });
    const withTile = new Set(["swim", "kong", "discard"]);
    for (const kind of Object.keys(ACTIONS)) {
      sizer.append(this.actionButton({ action: kind, kind, tile: withTile.has(kind) ? "8m" : null }));
    }
    this.root.append(sizer);
    const widest = () => Math.ceil(Math.max(...[...sizer.children].map((b) => b.getBoundingClientRect().width)));
    const w = widest();
    const h = Math.ceil(Math.max(...[...sizer.children].map((b) => b.getBoundingClientRect().height)));
    sizer.classList.add("tight", "glyphs");
    const min = widest();
    sizer.remove();
    this.sizeKey = key;
    this.size = { w, min, h };
    return this.size;
  }
}
