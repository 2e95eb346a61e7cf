// The one note that says what the reader loses where the browser keeps nothing for the game (a
// frame on another site's page, a privacy setting: storage.js) and how to get it back: inside a
// frame, a link that opens the game in a tab of its own, where the browser keeps it. Said once, in
// the reader's language, out of the way: at the top right, beside the toolbar (or under it where
// the toolbar takes the width); once the reader plays on (a tap or a key elsewhere, or 20 s), it
// folds into a small "not saved here" chip that opens it again; × dismisses it. Never the console.

import { t, onLangChange } from "../i18n/i18n.js";
import { el } from "./dom.js";

const FOLD_MS = 20_000;
const MIN_WIDTH = 180; // px beside the toolbar, else the note goes under it

/** The page's own address for a tab of its own: the embedding-only `origin` parameter dropped. */
export function ownTabUrl(where = location.href) {
  const url = new URL(where);
  url.searchParams.delete("origin");
  return url.href;
}

/**
 * The catalog key of the sentence for what was refused (storage.js keeping), or null when nothing
 * was: storage.framed.* inside a frame (a tab of its own fixes it), storage.own.* else (the
 * browser's settings do).
 * @param {{refused: string[], framed: boolean}} keeping
 */
export function noteKey({ refused, framed }) {
  if (!refused.length) return null;
  const what = refused.length > 1 ? "both" : refused[0];
  return `storage.${framed ? "framed" : "own"}.${what}`;
}

/** @type {HTMLElement | null} */
let shown = null;

/**
 * Show the note in `root` once (a second call changes nothing); returns it, or null when the
 * browser refused nothing.
 * @param {HTMLElement} root
 * @param {{refused: string[], framed: boolean}} keeping
 */
export function showKeepNote(root, keeping) {
  const key = noteKey(keeping);
  if (!key || shown) return null;
  const text = el("span", { class: "text" });
  const link = keeping.framed ? el("a", { href: ownTabUrl(), target: "_blank", rel: "noopener" }) : null;
  const close = el("button", { type: "button", class: "close", text: "×", onclick: () => note.remove() });
  const chip = el("button", { type: "button", class: "chip", "aria-expanded": "false", onclick: () => fold(false) });
  const full = el("div", { class: "full" }, text, link, close);
  const note = el("div", { id: "keep-note", class: "keep-note", role: "status", "data-key": key }, full, chip);
  const fold = (/** @type {boolean} */ folded) => {
    note.classList.toggle("folded", folded);
    full.hidden = folded;
    chip.hidden = !folded;
    chip.setAttribute("aria-expanded", String(!folded));
  };
  const words = () => {
    text.textContent = `${t(key)} `;
    if (link) link.textContent = t("storage.openTab");
    chip.textContent = `⚠ ${t("storage.short")}`;
    close.setAttribute("aria-label", t("error.dismiss"));
    close.title = t("error.dismiss");
  };
  words();
  fold(false);
  onLangChange(() => note.isConnected && words());
  // the reader plays on: the note folds (its own clicks and keys do not count)
  const playing = (/** @type {Event} */ event) => {
    if (note.contains(/** @type {Node} */ (event.target))) return;
    fold(true);
    removeEventListener("pointerdown", playing, true);
    removeEventListener("keydown", playing, true);
  };
  addEventListener("pointerdown", playing, true);
  addEventListener("keydown", playing, true);
  setTimeout(() => fold(true), FOLD_MS);
  root.append(note);
  shown = note;
  return note;
}

/**
 * Keep the note clear of the toolbar (app.js, with the layout): beside it at the top right where
 * there is room, else under it. @param {{right: number, bottom: number}} toolbar @param {number} width
 */
export function placeKeepNote(toolbar, width) {
  if (!shown?.isConnected) return;
  const room = width - toolbar.right - 16;
  const under = room < MIN_WIDTH;
  shown.style.top = under ? `${toolbar.bottom + 4}px` : "";
  shown.style.maxWidth = under ? "" : `${Math.min(room, 304)}px`;
}
