// Modal dialogs: one of each id at a time, focus kept inside, Escape to close, focus given back;
// and the two small ones, the share link and the help.

import { t, getLang } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";

export class Dialogs {
  /** @param {HTMLElement} dialogs  the dialogs' container */
  constructor(dialogs) {
    this.dialogs = dialogs;
    /** @type {HTMLElement | null} */
    this.lastFocus = null;
  }

  /**
   * A modal dialog `id` (one of each at a time): its title, body nodes and buttons; Escape calls onClose.
   * @param {string} id @param {string} className @param {string} title @param {Node[]} body @param {Node[]} buttons
   * @param {{onClose?: () => void}} [options]
   */
  open(id, className, title, body, buttons, { onClose } = {}) {
    this.close(id);
    const heading = el("h2", { id: `${id}-title`, text: title });
    const foot = el("div", { class: "buttons" }, buttons);
    const dialog = el("div", { class: `dialog ${className}`, role: "dialog", "aria-modal": "true", "aria-labelledby": `${id}-title`, id },
      heading, ...body, foot);
    // a field scrolled to stops above the sticky buttons, however many rows they wrap to (ui.css)
    new ResizeObserver(() => dialog.style.setProperty("--dialog-foot", `${foot.offsetHeight + 8}px`)).observe(foot);
    const backdrop = el("div", { class: "backdrop", "data-dialog": id }, dialog);
    backdrop.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && onClose) {
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }
      if (e.key === "Tab") trapFocus(dialog, e);
    });
    this.lastFocus = /** @type {HTMLElement | null} */ (document.activeElement);
    this.dialogs.append(backdrop);
    const first = /** @type {HTMLElement | null} */ (dialog.querySelector("button.primary") || dialog.querySelector("button, select, input"));
    // a button of the sticky row is in view wherever the dialog scrolls: focusing it must not scroll
    // the dialog past its title (the row's scroll padding would)
    first?.focus({ preventScroll: foot.contains(first) });
    return dialog;
  }

  close(id) {
    const old = this.dialogs.querySelector(`[data-dialog="${id}"]`);
    if (old) {
      old.remove();
      if (this.lastFocus && document.contains(this.lastFocus)) this.lastFocus.focus();
    }
  }

  isOpen(id) {
    return !!this.dialogs.querySelector(id ? `[data-dialog="${id}"]` : ".backdrop");
  }

  /**
   * A link that opens this very moment of the hand (its start position plus what was played);
   * on the player's own discard turn also "make a puzzle from this moment": a puzzle.html link.
   * @param {{link: string, puzzle: string | null}} links
   */
  openShare({ link, puzzle }) {
    const status = el("p", { id: "share-status", "aria-live": "polite" });
    /** A read-only field holding `url` and a button copying it. @param {string} id @param {string} label @param {string} url */
    const copyable = (id, label, url) => {
      const field = el("input", { type: "text", id, readonly: true, value: url, "aria-label": label });
      const copy = el("button", { type: "button", id: `${id}-copy`, text: t("share.copy"), onclick: async () => {
        field.select();
        try {
          await navigator.clipboard.writeText(url);
          status.textContent = t("share.copied");
        } catch {
          status.textContent = t("share.select");
        }
      } });
      field.value = url;
      return { field, copy };
    };
    const moment = copyable("share-link", t("share.link"), link);
    const body = [el("p", { text: t("share.text") }), moment.field, el("div", { class: "share-row" }, moment.copy)];
    if (puzzle) {
      const pose = copyable("share-puzzle", t("share.puzzleLink"), puzzle);
      const open = el("a", { id: "share-puzzle-open", href: puzzle, target: "_blank", rel: "noopener", text: t("share.puzzleOpen") });
      body.push(el("h3", { text: t("share.puzzle") }), el("p", { text: t("share.puzzleText") }), pose.field,
        el("div", { class: "share-row" }, pose.copy, open));
    }
    this.open("share", "share", t("toolbar.share"), [...body, status],
      [el("button", { type: "button", class: "primary", text: t("settings.close"), onclick: () => this.close("share") })],
      { onClose: () => this.close("share") });
    moment.field.focus();
    moment.field.select();
  }

  openHelp() {
    const rules = el("a", { href: `./help.html#${getLang()}`, target: "_blank", rel: "noopener", text: t("help.rules") });
    this.open("help", "help", t("toolbar.help"), [el("p", { text: t("help.keys") }), el("p", { id: "help-marks", text: t("help.marks") }), el("p", {}, rules)],
      [el("button", { type: "button", class: "primary", text: t("settings.close"), onclick: () => this.close("help") })],
      { onClose: () => this.close("help") });
  }
}

function trapFocus(dialog, e) {
  const items = [...dialog.querySelectorAll("button, select, input, [tabindex]")].filter((x) => !x.disabled && x.offsetParent !== null);
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
