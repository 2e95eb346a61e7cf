// The DOM overlay, by what it shows: the toolbar (toolbar.js), the claim buttons (claims.js), the
// hints and tracker panels (side.js), notices, errors and the quick card (banner.js), dialogs with
// share and help (dialogs.js), the settings (settings-dialog.js), the settlement
// (settle-dialog.js), the turn prompt's line (prompt.js PromptLine), and the live regions here. UI builds the overlay's elements and hands the
// controller one object; it knows no rules and reports clicks back through `handlers`.

import { el } from "../shell/dom.js";
import { Toolbar } from "./toolbar.js";
import { ClaimButtons } from "./claims.js";
import { SidePanels } from "./side.js";
import { Banner, QuickCard } from "./banner.js";
import { Dialogs } from "./dialogs.js";
import { SettingsDialog } from "./settings-dialog.js";
import { SettlementDialog } from "./settle-dialog.js";
import { PromptLine } from "./prompt.js";

export class UI {
  /** @param {HTMLElement} root @param {Record<string, Function>} handlers */
  constructor(root, handlers) {
    this.root = root;
    this.live = el("div", { id: "live", class: "sr-only", "aria-live": "polite", "aria-atomic": "true" });
    this.alert = el("div", { id: "alert", class: "sr-only", role: "alert" });
    const toolbar = el("div", { class: "toolbar", role: "toolbar", "aria-label": "Menu" });
    this.actions = el("div", { class: "actions", id: "actions", role: "group" });
    const prompt = el("div", { class: "prompt", id: "prompt", hidden: true });
    const hints = el("section", { class: "panel hints", id: "hints", hidden: true, "aria-live": "off" });
    const tracker = el("section", { class: "panel tracker", id: "tracker", hidden: true });
    const banner = el("div", { class: "banner", id: "banner", hidden: true, role: "alert" });
    const quick = el("div", { class: "quick", id: "quick", hidden: true });
    const dialogs = el("div", { id: "dialogs" });
    this.side = el("div", { class: "side", id: "side" }, hints, tracker);
    root.append(toolbar, prompt, this.actions, this.side, quick, banner, dialogs, this.live, this.alert);

    this.dialogs = new Dialogs(dialogs);
    this.toolbar = new Toolbar(root, toolbar, { ...handlers, openHelp: () => this.dialogs.openHelp() });
    this.claims = new ClaimButtons(root, this.actions, this.side, /** @type {any} */ (handlers));
    this.panels = new SidePanels(this.side, hints, tracker, /** @type {any} */ (handlers));
    this.banner = new Banner(banner, this.alert, /** @type {any} */ (handlers));
    this.quick = new QuickCard(quick, /** @type {any} */ (handlers));
    this.settings = new SettingsDialog(this.dialogs, handlers, () => !!this.toolbar.muted);
    this.settlement = new SettlementDialog(root, this.dialogs);
    this.prompt = new PromptLine(prompt);
  }

  /** Say `text` in the polite live region (a fresh node each time, so a repeated sentence is read again). @param {string} text */
  announce(text) {
    if (!text) return;
    // sentences of the same moment join (a step's events, then "Your turn"), so none is lost
    if (this.liveOpen && this.live.lastChild) {
      this.live.lastChild.textContent += ` ${text}`;
      return;
    }
    this.live.textContent = "";
    this.live.append(el("p", { text }));
    this.liveOpen = true;
    setTimeout(() => { this.liveOpen = false; }, 0);
  }

  /** The language changed: the toolbar's words, and the buttons and tracker drawn again. */
  translate() {
    this.toolbar.translate();
    this.claims.actionsKey = null;
    this.panels.trackerKey = null;
  }

  // The controller's words for each part (app.js, panels.js, timer.js):
  setToggles(/** @type {any} */ t) { this.toolbar.setToggles(t); }
  setSound(/** @type {boolean} */ muted) { this.toolbar.setSound(muted); }
  setStatus(/** @type {string} */ text) { this.toolbar.setStatus(text); }
  toolbarBox() { return this.toolbar.toolbarBox(); }
  setActions(/** @type {any[]} */ items, /** @type {any} */ place) { this.claims.setActions(items, place); }
  actionSize() { return this.claims.actionSize(); }
  setPrompt(/** @type {string} */ text, /** @type {any} */ badges, /** @type {any} */ place, warn = false) { this.prompt.show(text, badges, place, warn); }
  setLabelled(/** @type {boolean} */ on) { this.toolbar.setLabelled(on); }
  setToolbarOverPanels(/** @type {boolean} */ on) { this.toolbar.setOverPanels(on); }
  setDock(/** @type {string} */ mode, /** @type {boolean} */ compact) { return this.panels.setDock(mode, compact); }
  sideOpen() { return this.panels.sideOpen(); }
  showHints(/** @type {boolean} */ visible, /** @type {any} */ hint) { this.panels.showHints(visible, hint); }
  showTracker(/** @type {boolean} */ visible, /** @type {any} */ unseen) { this.panels.showTracker(visible, unseen); }
  showNotice(/** @type {string[]} */ messages, /** @type {any[]} */ buttons = []) { this.banner.showNotice(messages, buttons); }
  withdrawNotice(/** @type {string[]} */ messages, /** @type {string[]} */ buttonIds = []) { this.banner.withdrawNotice(messages, buttonIds); }
  showError(/** @type {string} */ message, /** @type {any} */ options) { this.banner.showError(message, options); }
  showRefusal(/** @type {string} */ message) { this.banner.showRefusal(message); }
  clearRefusal() { this.banner.clearRefusal(); }
  hideBanner() { this.banner.hideBanner(); }
  showQuick(/** @type {any} */ settings, /** @type {string[]} */ variants) { this.quick.showQuick(settings, variants); }
  hideQuick() { this.quick.hideQuick(); }
  closeDialog(/** @type {string} */ id) { this.dialogs.close(id); }
  isDialogOpen(/** @type {string} */ id = "") { return this.dialogs.isOpen(id); }
  openShare(/** @type {{link: string, puzzle: string | null}} */ links) { this.dialogs.openShare(links); }
  openHelp() { this.dialogs.openHelp(); }
  openSettings(/** @type {any} */ settings, /** @type {any} */ spec, /** @type {any} */ options) { this.settings.open(settings, spec, options); }
  openSettlement(/** @type {any} */ state, /** @type {any} */ handlers) { this.settlement.open(state, handlers); }
  closeSettlement() { this.settlement.close(); }
  get settleOpen() { return this.settlement.settleOpen; }
}
