// The settlement dialog at the end of a hand (settle.js builds its content), and peeking at the
// table behind it.

import { t } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";
import { settlement } from "./settle.js";
import { openRecord } from "./record-dialog.js";
import { probeStorage } from "../shell/storage.js";

export class SettlementDialog {
  /** @param {HTMLElement} root  the overlay (the peek button goes in it) @param {import("./dialogs.js").Dialogs} dialogs */
  constructor(root, dialogs) {
    this.root = root;
    this.dialogs = dialogs;
    this.settleOpen = false;
    /** @type {HTMLElement | null} */
    this.peekButton = null;
  }

  /** The end of a hand (settle.js builds it); final standings at the match's end. */
  open(state, handlers) {
    const { title, body, buttons } = settlement(state, handlers);
    buttons.unshift(el("button", { type: "button", id: "settle-peek", text: t("settle.peek"), onclick: () => this.peek(true) }));
    const dialog = this.dialogs.open("settle", "settle", title, body, buttons);
    // a finished match's line of the player's record: the whole record a tap away (record-dialog.js)
    dialog.querySelector("#settle-record")?.after(el("p", {}, el("button", { type: "button", id: "settle-record-open",
      text: t("record.open"), onclick: () => openRecord(this.dialogs, probeStorage()) })));
    this.settleOpen = true;
  }

  /** Hide the settlement to look at the table; a button brings it back. */
  peek(peek) {
    const backdrop = /** @type {HTMLElement | null} */ (this.dialogs.dialogs.querySelector('[data-dialog="settle"]'));
    if (!backdrop) return;
    backdrop.hidden = peek;
    this.peekButton?.remove();
    this.peekButton = null;
    if (peek) {
      this.peekButton = el("button", { type: "button", id: "settle-show", class: "primary settle-show", text: t("settle.show"),
        onclick: () => this.peek(false) });
      this.root.append(this.peekButton);
      this.peekButton.focus();
    } else {
      /** @type {HTMLElement | null} */ (backdrop.querySelector("button.primary"))?.focus();
    }
  }

  close() {
    this.peekButton?.remove();
    this.peekButton = null;
    this.dialogs.close("settle");
    this.settleOpen = false;
  }
}
