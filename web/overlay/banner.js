// The banner over the table: notices (a bad link, input not accepted) and errors (the engine
// failed: restart, new match, reload), and the quick card shown while the engine loads.

import { t } from "../i18n/i18n.js";
import { el } from "../shell/dom.js";

/** The most lines a notice shows at once. */
const MAX_NOTICES = 4;

export class Banner {
  /**
   * @param {HTMLElement} banner @param {HTMLElement} alert  the assertive live region
   * @param {{restart: () => void, newMatch: (fromError: boolean) => void}} handlers
   */
  constructor(banner, alert, handlers) {
    this.banner = banner;
    this.alert = alert;
    this.h = handlers;
    /** @type {string[]} the lines of the notice on show */
    this.notices = [];
    /** @type {string | null} the refusal among them (showRefusal) */
    this.refusal = null;
  }

  /**
   * A refusal of what the host page or the API asked (issue 56): it takes the place of the refusal
   * on show, if any, beside the other notices, and leaves at the next success (clearRefusal).
   * @param {string} message
   */
  showRefusal(message) {
    const showing = !this.banner.hidden && this.banner.dataset.kind === "notice";
    const others = showing ? this.notices.filter((m) => m !== this.refusal && m !== message) : [];
    const buttons = showing ? this.noticeButtons : [];
    this.refusal = message;
    this.notices = [...others, message].slice(-MAX_NOTICES);
    this.noticeButtons = buttons;
    this.showBanner("notice", this.notices, [...buttons, { label: t("error.dismiss"), on: () => this.hideBanner() }]);
  }

  /** A request succeeded: the refusal on show leaves (the banner with it, when it said nothing else). */
  clearRefusal() {
    const refusal = this.refusal;
    this.refusal = null;
    if (refusal === null || this.banner.hidden || this.banner.dataset.kind !== "notice") return;
    const rest = this.notices.filter((m) => m !== refusal);
    if (!rest.length) {
      this.notices = [];
      this.hideBanner();
      return;
    }
    this.notices = rest;
    this.showBanner("notice", rest, [...this.noticeButtons, { label: t("error.dismiss"), on: () => this.hideBanner() }]);
  }

  /**
   * One-line reports, with buttons for what the player can do about them. A notice still on show
   * is added to, not replaced: each report is said (the last few lines kept).
   * @param {string[]} messages @param {Array<{label: string, on: () => void, id?: string}>} [buttons]
   */
  showNotice(messages, buttons = []) {
    const showing = !this.banner.hidden && this.banner.dataset.kind === "notice";
    const lines = [...(showing ? this.notices : []), ...messages].filter((m, i, all) => all.indexOf(m) === i).slice(-MAX_NOTICES);
    const more = [...(showing ? this.noticeButtons : []), ...buttons].filter((b, i, all) => !b.id || all.findIndex((c) => c.id === b.id) === i);
    this.notices = lines;
    this.noticeButtons = more;
    this.showBanner("notice", lines, [...more, { label: t("error.dismiss"), on: () => this.hideBanner() }]);
  }

  /**
   * Take back lines of the notice on show that are no longer true (and their buttons): the rest
   * stays; a notice left with no line goes.
   * @param {string[]} messages @param {string[]} [buttonIds]
   */
  withdrawNotice(messages, buttonIds = []) {
    if (this.banner.hidden || this.banner.dataset.kind !== "notice") return;
    const lines = this.notices.filter((m) => !messages.includes(m));
    if (lines.length === this.notices.length) return;
    if (!lines.length) {
      this.notices = [];
      this.noticeButtons = [];
      this.hideBanner();
      return;
    }
    this.notices = lines;
    this.noticeButtons = (this.noticeButtons ?? []).filter((b) => !b.id || !buttonIds.includes(b.id));
    this.showBanner("notice", lines, [...this.noticeButtons, { label: t("error.dismiss"), on: () => this.hideBanner() }]);
  }

  showError(message, { restart = true } = {}) {
    const buttons = [];
    if (restart) {
      buttons.push({ label: t("error.restart"), on: () => this.h.restart(), primary: true, id: "err-restart" });
      buttons.push({ label: t("error.newMatch"), on: () => this.h.newMatch(true), id: "err-new" });
    }
    buttons.push({ label: t("boot.reload"), on: () => location.reload(), id: "err-reload" });
    buttons.push({ label: t("error.dismiss"), on: () => this.hideBanner() });
    this.showBanner("error", [message], buttons);
  }

  showBanner(kind, messages, buttons) {
    this.banner.className = `banner ${kind}`;
    this.banner.dataset.kind = kind;
    const ps = messages.map((m) => el("p", { text: m }));
    const row = el("div", { class: "buttons" }, buttons.map((b) =>
      el("button", { type: "button", id: b.id, class: b.primary ? "primary" : "", text: b.label, onclick: b.on })));
    this.banner.replaceChildren(...ps, row);
    this.banner.hidden = false;
    this.alert.textContent = messages.join(" ");
  }

  hideBanner() {
    this.banner.hidden = true;
  }
}

export class QuickCard {
  /** @param {HTMLElement} quick @param {{quickVariant: (v: string) => void, openSettings: () => void}} handlers */
  constructor(quick, handlers) {
    this.quick = quick;
    this.h = handlers;
  }

  showQuick(settings, variants) {
    this.quick.hidden = false;
    const buttons = variants.map((v) => el("button", {
      type: "button", "data-variant": v, "aria-pressed": String(settings.variant === v), text: t(`variant.${v}`),
      onclick: () => this.h.quickVariant(v),
    }));
    this.quick.replaceChildren(
      el("div", { class: "variants", role: "group", "aria-label": t("settings.variant") }, buttons),
      el("p", { text: t("settings.startsWhenReady") }),
      el("button", { type: "button", id: "quick-more", text: t("settings.more"), onclick: () => this.h.openSettings() }),
    );
  }

  hideQuick() {
    this.quick.hidden = true;
  }
}
